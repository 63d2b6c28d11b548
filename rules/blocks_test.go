package rules

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// naiveBlocks is buildBlocks as first written: a slice for the stack and
// scans of the markers and of the stack. buildBlocks must give the same
// result in linear time.
func naiveBlocks(ms []*sfmd.Marker) *blocksResult {
	closesLater := func(id string, i int) bool {
		for _, m := range ms[i+1:] {
			if !m.Open && m.ID == id {
				return true
			}
		}
		return false
	}
	bs := &blocksResult{}
	var stack []*sfmd.Marker
	for i, m := range ms {
		if m.Open {
			if len(stack) > 0 {
				bs.Nested = append(bs.Nested, blockIssue{marker: m, other: stack[len(stack)-1]})
			}
			stack = append(stack, m)
			continue
		}
		at := -1
		for k := len(stack) - 1; k >= 0; k-- {
			if stack[k].ID == m.ID {
				at = k
				break
			}
		}
		switch {
		case at >= 0 && at == len(stack)-1:
			stack = stack[:at]
		case at >= 0:
			for _, inner := range stack[at+1:] {
				if closesLater(inner.ID, i) {
					bs.Mismatch = append(bs.Mismatch, blockIssue{marker: m, other: inner})
					break
				}
			}
			stack = append(stack[:at], stack[at+1:]...)
		case len(stack) > 0 && !closesLater(stack[len(stack)-1].ID, i):
			bs.Mismatch = append(bs.Mismatch, blockIssue{marker: m, other: stack[len(stack)-1]})
			stack = stack[:len(stack)-1]
		default:
			bs.Orphan = append(bs.Orphan, blockIssue{marker: m})
		}
	}
	for _, m := range stack {
		bs.Unclosed = append(bs.Unclosed, blockIssue{marker: m})
	}
	return bs
}

func issues(name string, is []blockIssue, idx map[*sfmd.Marker]int) string {
	s := name + ":"
	for _, x := range is {
		o := -1
		if x.other != nil {
			o = idx[x.other]
		}
		s += fmt.Sprintf(" %d/%d", idx[x.marker], o)
	}
	return s
}

// TestBuildBlocksMatchesNaive compares buildBlocks with naiveBlocks on
// random sequences of markers over a few ids.
func TestBuildBlocksMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 20000; n++ {
		var ms []*sfmd.Marker
		ids := 1 + r.Intn(5)
		for i := r.Intn(16); i > 0; i-- {
			ms = append(ms, &sfmd.Marker{ID: fmt.Sprint(r.Intn(ids)), Open: r.Intn(2) == 0, OwnLine: true})
		}
		idx := map[*sfmd.Marker]int{}
		for i, m := range ms {
			idx[m] = i
		}
		got := buildBlocks(&sfmd.Document{Markers: ms})
		want := naiveBlocks(ms)
		for _, k := range []struct {
			name      string
			got, want []blockIssue
		}{{"unclosed", got.Unclosed, want.Unclosed}, {"mismatch", got.Mismatch, want.Mismatch}, {"orphan", got.Orphan, want.Orphan}, {"nested", got.Nested, want.Nested}} {
			if g, w := issues(k.name, k.got, idx), issues(k.name, k.want, idx); g != w {
				var seq string
				for _, m := range ms {
					if m.Open {
						seq += " #" + m.ID
					} else {
						seq += " /" + m.ID
					}
				}
				t.Fatalf("markers%s:\n got %s\nwant %s", seq, g, w)
			}
		}
		for _, m := range ms {
			if m.Open != got.blockOpened(m.ID) && m.Open {
				t.Fatalf("blockOpened(%q) is false", m.ID)
			}
		}
	}
}
