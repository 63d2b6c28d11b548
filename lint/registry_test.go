package lint

import (
	"testing"
)

// TestTopoCycleNamesThePath: a cycle is reported with the chain of
// requirements that leads into it, outermost first.
func TestTopoCycleNamesThePath(t *testing.T) {
	run := func(*Pass) (any, error) { return nil, nil }
	a := &Analyzer{Name: "a", Run: run}
	b := &Analyzer{Name: "b", Run: run}
	c := &Analyzer{Name: "c", Run: run}
	d := &Analyzer{Name: "d", Run: run, Requires: []*Analyzer{c}}
	a.Requires = []*Analyzer{b}
	b.Requires = []*Analyzer{c}
	c.Requires = []*Analyzer{d}
	e := &Analyzer{Name: "e", Run: run}
	_, err := topo([]*Analyzer{e, a})
	if want := "cycle in analyzer requirements: [a b c d] -> c"; err == nil || err.Error() != want {
		t.Errorf("topo = %v, want %s", err, want)
	}
}
