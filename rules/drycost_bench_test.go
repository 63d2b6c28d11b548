package rules

import (
	"os"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

// BenchmarkDryUpstream is `sfmd lint --jobs 1` in process on the upstream
// documents with every default rule ("all") and without the dry-run rules
// ("without"): the difference is what corpus/bench/drycost measures, in
// one process, for a CPU profile of the dry runs alone
// (GODEBUG=asyncpreemptoff=1 go test ./rules/ -run '^$' -bench DryUpstream/all -cpuprofile p).
func BenchmarkDryUpstream(b *testing.B) {
	if _, err := os.Stat(upstreamCorpus); err != nil {
		b.Skipf("upstream corpus not found at %s: %v", upstreamCorpus, err)
	}
	var dry []string
	for _, a := range dryRules() {
		dry = append(dry, a.Name)
	}
	all := All()
	for _, side := range []struct {
		name string
		sel  lint.Selection
	}{{"all", lint.Selection{}}, {"without", lint.Selection{Disable: dry}}} {
		b.Run(side.name, func(b *testing.B) {
			opts := lint.Options{Paths: []string{upstreamCorpus}, Jobs: 1, Selection: side.sel,
				Output: func([]lint.Diagnostic, func(string) []byte) {}}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := lint.Run(opts, all); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
