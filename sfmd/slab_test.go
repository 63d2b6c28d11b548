package sfmd

import (
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
)

// TestCountSlabsCapped holds sizeSlabs' capped counting to counting every
// line: the same fence kinds and the same reservations (each count up to
// maxReserve) on every compared document and on a generated document
// large enough to pass the cap.
func TestCountSlabsCapped(t *testing.T) {
	docs := comparedDocuments(t)
	docs["generated/big.md"] = benchgen.Document(2 << 20)
	passed := false
	for name, src := range docs {
		doc := Parse(name, src)
		p := &docParser{doc: doc, src: doc.Src, li: doc.Index}
		kinds, got := p.countSlabs(true)
		kinds2, want := p.countSlabs(false)
		if len(kinds) != len(kinds2) {
			t.Fatalf("%s: %d fence kinds capped, %d not", name, len(kinds), len(kinds2))
		}
		for i := range kinds {
			if kinds[i] != kinds2[i] {
				t.Fatalf("%s: fence %d is %v capped, %v not", name, i, kinds[i], kinds2[i])
			}
		}
		g := []int{got.act, got.resp, got.tLines, got.params, got.cons, got.headers, got.templates, got.refs}
		w := []int{want.act, want.resp, want.tLines, want.params, want.cons, want.headers, want.templates, want.refs}
		for i := range g {
			if min(g[i], maxReserve) != min(w[i], maxReserve) {
				t.Errorf("%s: count %d reserves %d capped, %d counting every line", name, i, min(g[i], maxReserve), min(w[i], maxReserve))
			}
		}
		passed = passed || got != want
	}
	if !passed {
		t.Fatal("no document stopped counting early: the test reads nothing of the cap")
	}
}
