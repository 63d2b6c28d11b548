package rules

import (
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestHintsAnalysisAllocations holds the hints analysis to little work for
// a hint to an action the document does not define (benchgen's hint
// document: thousands of them, one action): no rule reads such a hint's
// arguments, so they are not tokenized and bound. Allocations are counted
// (deterministic), not time.
func TestHintsAnalysisAllocations(t *testing.T) {
	const n = 2000
	doc := sfmd.Parse("hints.md", benchgen.HintDocument(n))
	if len(doc.Hints) != n {
		t.Fatalf("%d hints, want %d", len(doc.Hints), n)
	}
	as := []*lint.Analyzer{hintsAnalyzer}
	allocs := testing.AllocsPerRun(3, func() { _, _ = lint.Check(doc, as) })
	if perHint := allocs / n; perHint > 2 {
		t.Errorf("the hints analysis allocates %.1f times per hint to an undefined action (at most 2)", perHint)
	} else {
		t.Logf("%.2f allocations per hint", perHint)
	}
}
