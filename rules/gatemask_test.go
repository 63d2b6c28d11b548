package rules

import (
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestGateMaskIsList: gateMask, which calls each gate's test by name, is
// listMask, which calls them through paramGateList, for every parameter of
// the documents TestParamGates reads, real and not; and every gate of the
// list passes some parameter there, so that a gate made and not called by
// gateMask fails the test.
func TestGateMaskIsList(t *testing.T) {
	var seen uint32
	n := 0
	for name, src := range paramGateDocs(t) {
		doc := sfmd.Parse(name, src)
		for _, a := range doc.Actions {
			for _, p := range a.Params {
				for _, real := range []bool{true, false} {
					want := listMask(doc, p, real)
					if got := gateMask(doc, p, real); got != want {
						t.Fatalf("%s: %s (real %v): gateMask %032b, listMask %032b", name, p.Name, real, got, want)
					}
					seen |= want
				}
				n++
			}
		}
	}
	for _, g := range paramGateList {
		if seen&g.bit == 0 {
			t.Errorf("no parameter of %d passes the gate of bit %032b", n, g.bit)
		}
	}
}
