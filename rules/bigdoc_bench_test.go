package rules

import (
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// BenchmarkRulesBig is every rule (and the shared analyses they require)
// on the generated 10 MB document, parsed once outside the loop: the
// rules' share of `sfmd lint` on it, with its allocations
// (go test ./rules/ -run '^$' -bench RulesBig -benchtime 3x -count 6).
func BenchmarkRulesBig(b *testing.B) {
	doc := sfmd.Parse("big.md", benchgen.Document(10<<20))
	all := All()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := lint.Check(doc, all); err != nil {
			b.Fatal(err)
		}
	}
}
