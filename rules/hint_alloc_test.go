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
	if perHint := allocs / n; perHint > 0.5 {
		t.Errorf("the hints analysis allocates %.2f times per hint to an undefined action (at most 0.5: the calls are one slab)", perHint)
	} else {
		t.Logf("%.2f allocations per hint", perHint)
	}
}

// TestHintUnknownActionAllocations holds hint-unknown-action to little
// work for each finding beyond the finding itself on benchgen's hint
// document (thousands of hints to undefined actions, none near the one
// defined id): the messages are cut from one string
// (expectedMessages), not built one by one. Allocations are counted
// (deterministic), not time: the rule with the analyses it requires,
// less the analyses alone.
func TestHintUnknownActionAllocations(t *testing.T) {
	const n = 2000
	doc := sfmd.Parse("hints.md", benchgen.HintDocument(n))
	base := testing.AllocsPerRun(3, func() { _, _ = lint.Check(doc, []*lint.Analyzer{hintsAnalyzer}) })
	var found int
	all := testing.AllocsPerRun(3, func() {
		ds, _ := lint.Check(doc, []*lint.Analyzer{HintUnknownAction})
		found = len(ds)
	})
	if found != n {
		t.Fatalf("%d findings, want %d", found, n)
	}
	if perHint := (all - base) / n; perHint > 0.5 {
		t.Errorf("hint-unknown-action allocates %.2f times per finding (at most 0.5)", perHint)
	} else {
		t.Logf("%.2f allocations per finding", perHint)
	}
}
