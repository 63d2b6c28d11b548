package smallmap

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// mapOrdered is what a Map stands for: a Go map and its keys in insertion order.
type mapOrdered struct {
	keys []string
	m    map[string]int
}

func (o *mapOrdered) set(k string, v int) {
	if _, ok := o.m[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.m[k] = v
}

func (o *mapOrdered) del(k string) {
	if _, ok := o.m[k]; ok {
		delete(o.m, k)
		o.keys = slices.DeleteFunc(slices.Clone(o.keys), func(x string) bool { return x == k })
	}
}

// TestMapIsMap: a Map answers Get, Has, Len and InOrder as a Go map with
// its keys kept in insertion order does, through random sets, deletes
// resets and clones of maps small (scanned) and large (indexed), across the
// point where the index is made and back under it.
func TestMapIsMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	names := []string{"a", "b", "c", "0", "1", "10", "2", "x", "y", "z", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10", "", "01", "4294967295", "4294967294"}
	for round := range 3000 {
		n := 1 + r.IntN(len(names))
		o, want := &Map[int]{}, &mapOrdered{m: map[string]int{}}
		var clones []Map[int]
		var wantClones []*mapOrdered
		for op := range 40 + round%60 {
			k := names[r.IntN(n)]
			switch r.IntN(10) {
			case 0, 1:
				o.Delete(k)
				want.del(k)
			case 3:
				if r.IntN(4) == 0 {
					o.Reset()
					want = &mapOrdered{m: map[string]int{}}
					break
				}
				o.Set(k, op)
				want.set(k, op)
			case 2:
				clones = append(clones, o.Clone())
				wantClones = append(wantClones, &mapOrdered{keys: slices.Clone(want.keys), m: copyMap(want.m)})
			default:
				o.Set(k, op)
				want.set(k, op)
			}
			for _, q := range names {
				v, ok := o.Get(q)
				wv, wok := want.m[q]
				if v != wv || ok != wok || o.Has(q) != wok {
					t.Fatalf("round %d op %d: Get(%q) = %d, %v; want %d, %v", round, op, q, v, ok, wv, wok)
				}
			}
			if o.Len() != len(want.keys) || !slices.Equal(o.InOrder(), want.keys) {
				t.Fatalf("round %d op %d: keys %v, want %v", round, op, o.InOrder(), want.keys)
			}
		}
		for i := range clones {
			c := &clones[i] // a clone is unchanged by what its original did after
			if !slices.Equal(c.InOrder(), wantClones[i].keys) {
				t.Fatalf("round %d: clone %d keys %v, want %v", round, i, c.InOrder(), wantClones[i].keys)
			}
			for _, k := range c.InOrder() {
				if v, _ := c.Get(k); v != wantClones[i].m[k] {
					t.Fatalf("round %d: clone %d %q = %d, want %d", round, i, k, v, wantClones[i].m[k])
				}
			}
		}
	}
}

func copyMap(m map[string]int) map[string]int {
	c := make(map[string]int, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// TestResetKeepsRoom: a Map reset and set again with as many keys as it
// had (up to Scan) allocates nothing, and answers as a new Map.
func TestResetKeepsRoom(t *testing.T) {
	var m Map[int]
	keys := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	for i, k := range keys {
		m.Set(k, i)
	}
	allocs := testing.AllocsPerRun(100, func() {
		m.Reset()
		for i, k := range keys[:5] {
			m.Set(k, i+10)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations a reset and five sets, want 0", allocs)
	}
	if m.Len() != 5 || m.Has("f") || !slices.Equal(m.InOrder(), keys[:5]) {
		t.Fatalf("after the reset: keys %v, want %v", m.InOrder(), keys[:5])
	}
	if v, ok := m.Get("c"); !ok || v != 12 {
		t.Fatalf("c = %d, %v after the reset, want 12", v, ok)
	}
}
