package model

import (
	"slices"
	"testing"
)

// TestOrderedKeysJSOrder: an ordered enumerates its integer-like keys
// first, in ascending numeric order, then the others in insertion order,
// as a JavaScript engine does; a deleted key goes, a clone keeps its own.
func TestOrderedKeysJSOrder(t *testing.T) {
	o := newOrdered[int]()
	for i, k := range []string{"b", "10", "a", "2", "01", "4294967295", "0", "4294967294"} {
		o.Set(k, i)
	}
	want := []string{"0", "2", "10", "4294967294", "b", "a", "01", "4294967295"}
	if got := o.Keys(); !slices.Equal(got, want) {
		t.Fatalf("Keys() = %v, want %v", got, want)
	}
	c := o.clone()
	o.Delete("2")
	o.Set("b", 99)
	if got := o.Keys(); !slices.Equal(got, []string{"0", "10", "4294967294", "b", "a", "01", "4294967295"}) {
		t.Fatalf("after Delete: Keys() = %v", got)
	}
	if got := c.Keys(); !slices.Equal(got, want) {
		t.Fatalf("clone: Keys() = %v, want %v", got, want)
	}
	if v, _ := c.Get("b"); v != 0 {
		t.Fatalf("clone: b = %d, want 0", v)
	}
}
