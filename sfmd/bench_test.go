package sfmd_test

import (
	"sync"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/sfmd"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"
)

// The benchmark corpus: benchgen.Generate(2000, 1), about 7 MB. One
// benchmark iteration parses every document once, so MB/s is throughput
// over the whole corpus. Compare with `go run ./corpus/bench/ratio`, which
// runs both benchmarks in one process and prints ours/goldmark.

var (
	benchOnce sync.Once
	benchDocs [][]byte
	benchSize int64
)

func benchCorpus(b *testing.B) [][]byte {
	b.Helper()
	benchOnce.Do(func() {
		benchDocs = benchgen.Generate(benchgen.DefaultDocs, benchgen.DefaultSeed)
		benchSize = benchgen.Total(benchDocs)
	})
	return benchDocs
}

func BenchmarkParse(b *testing.B) {
	docs := benchCorpus(b)
	b.SetBytes(benchSize)
	b.ReportAllocs()
	actions := 0
	for b.Loop() {
		actions = 0
		for _, d := range docs {
			actions += len(sfmd.Parse("bench.md", d).Actions)
		}
	}
	// guard against measuring a parser that does nothing
	if want := len(docs) * benchgen.ActionsPerDoc; actions != want {
		b.Fatalf("parsed %d actions, want %d", actions, want)
	}
}

func BenchmarkGoldmark(b *testing.B) {
	docs := benchCorpus(b)
	b.SetBytes(benchSize)
	b.ReportAllocs()
	p := goldmark.New().Parser()
	for b.Loop() {
		for _, d := range docs {
			p.Parse(text.NewReader(d))
		}
	}
}

// BenchmarkNames indexes the names of every document of the benchmark
// corpus (parsed once, outside the loop; each iteration indexes a copy,
// since a document keeps the index it built): compare its MB/s with
// BenchmarkParse's.
func BenchmarkNames(b *testing.B) {
	docs := benchCorpus(b)
	parsed := make([]*sfmd.Document, len(docs))
	for i, d := range docs {
		parsed[i] = sfmd.Parse("bench.md", d)
	}
	b.SetBytes(benchSize)
	b.ReportAllocs()
	occs := 0
	for b.Loop() {
		occs = 0
		for _, d := range parsed {
			c := *d // a copy builds its own index: d's is built once and kept
			occs += len(c.Names().All())
		}
	}
	if occs < len(docs)*benchgen.ActionsPerDoc {
		b.Fatalf("%d occurrences, fewer than the corpus's actions", occs)
	}
}
