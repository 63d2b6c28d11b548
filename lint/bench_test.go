package lint_test

import (
	"os"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/cputime"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
)

// upstreamCorpus is ../shared/corpus/upstream from the repository's root.
const upstreamCorpus = "../../shared/corpus/upstream"

// BenchmarkLintUpstream is `sfmd lint --jobs 1` in process on the 208
// upstream documents with every rule (the default configuration): walk,
// read, parse, the rules and the ordering of findings, without
// formatting them. ns/doc is wall time per document, cpu-ns/doc the
// process's CPU time (the garbage collector's included, and steadier on
// a busy machine), allocs/doc the allocations; the README's Benchmarks
// section cites it.
func BenchmarkLintUpstream(b *testing.B) {
	if _, err := os.Stat(upstreamCorpus); err != nil {
		b.Skipf("upstream corpus not found at %s: %v", upstreamCorpus, err)
	}
	all := rules.All()
	opts := lint.Options{
		Paths:  []string{upstreamCorpus},
		Jobs:   1,
		Output: func([]lint.Diagnostic, func(string) []byte) {},
	}
	rep, err := lint.Run(opts, all)
	if err != nil {
		b.Fatal(err)
	}
	files := rep.Files
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Process()
	for b.Loop() {
		if _, err := lint.Run(opts, all); err != nil {
			b.Fatal(err)
		}
	}
	cpu = cputime.Process() - cpu
	docs := float64(b.N * files)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/docs, "ns/doc")
	b.ReportMetric(float64(cpu.Nanoseconds())/docs, "cpu-ns/doc")
}

// TestNewRegistryAllocations: validating and indexing the rules, at the
// start of every run, allocates for the set (slices and maps grown or
// sized once), not for each rule: 40 allocations for 236 analyzers, where
// it was 279 (a requirement path copied for each rule by the cycle
// check, made twice, and maps grown from empty).
func TestNewRegistryAllocations(t *testing.T) {
	all := rules.All()
	allocs := testing.AllocsPerRun(10, func() {
		if _, err := lint.NewRegistry(all); err != nil {
			t.Fatal(err)
		}
	})
	if limit := float64(len(all) / 4); allocs > limit {
		t.Errorf("NewRegistry of %d rules: %.0f allocations, want at most %.0f", len(all), allocs, limit)
	}
}
