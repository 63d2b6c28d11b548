package sfmd_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/internal/cputime"
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

// The documents `sfmd lint` is measured on (corpus/bench/lintratio): the
// upstream documents, the generated 10 MB document and the hint document.
// Each has a sfmd.Parse benchmark and a goldmark one over the same bytes,
// so that the two can be compared (ns/op of one against the other).

var (
	upstreamOnce sync.Once
	upstreamDocs [][]byte
	upstreamSize int64
	bigOnce      sync.Once
	bigDoc       []byte
	hintOnce     sync.Once
	hintDoc      []byte
)

func upstreamBench(b *testing.B) [][]byte {
	b.Helper()
	upstreamOnce.Do(func() {
		// a corpus that is not there, or not read whole, skips the benchmarks
		err := filepath.WalkDir(upstreamCorpus, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || filepath.Ext(path) != ".md" {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			upstreamDocs = append(upstreamDocs, src)
			upstreamSize += int64(len(src))
			return nil
		})
		if err != nil {
			upstreamDocs = nil
		}
	})
	if len(upstreamDocs) == 0 {
		b.Skipf("upstream corpus not found at %s", upstreamCorpus)
	}
	return upstreamDocs
}

func bigBench() []byte {
	bigOnce.Do(func() { bigDoc = benchgen.Document(10 << 20) })
	return bigDoc
}

func hintBench() []byte {
	hintOnce.Do(func() { hintDoc = benchgen.HintDocument(benchgen.HintDocuments) })
	return hintDoc
}

// benchParseDocs parses docs once an iteration; cpu-ns/op is the
// process's CPU time (the garbage collector's included, and steadier
// than ns/op on a busy machine).
func benchParseDocs(b *testing.B, docs [][]byte, size int64, parse func([]byte)) {
	b.SetBytes(size)
	b.ReportAllocs()
	cpu := cputime.Process()
	for b.Loop() {
		for _, d := range docs {
			parse(d)
		}
	}
	b.ReportMetric(float64((cputime.Process()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

func sfmdParse(d []byte) { sfmd.Parse("bench.md", d) }

func goldmarkParse() func([]byte) {
	p := goldmark.New().Parser()
	return func(d []byte) { p.Parse(text.NewReader(d)) }
}

func BenchmarkParseUpstream(b *testing.B) {
	docs := upstreamBench(b)
	benchParseDocs(b, docs, upstreamSize, sfmdParse)
}

func BenchmarkGoldmarkUpstream(b *testing.B) {
	docs := upstreamBench(b)
	benchParseDocs(b, docs, upstreamSize, goldmarkParse())
}

func BenchmarkParseBig(b *testing.B) {
	d := bigBench()
	benchParseDocs(b, [][]byte{d}, int64(len(d)), sfmdParse)
}

func BenchmarkGoldmarkBig(b *testing.B) {
	d := bigBench()
	benchParseDocs(b, [][]byte{d}, int64(len(d)), goldmarkParse())
}

func BenchmarkParseHint(b *testing.B) {
	d := hintBench()
	benchParseDocs(b, [][]byte{d}, int64(len(d)), sfmdParse)
}

func BenchmarkGoldmarkHint(b *testing.B) {
	d := hintBench()
	benchParseDocs(b, [][]byte{d}, int64(len(d)), goldmarkParse())
}

// benchPlaceholders lists the placeholders of each of docs (parsed once,
// outside the loop; each iteration lists a copy's, since a document keeps
// the list it built).
func benchPlaceholders(b *testing.B, docs [][]byte) {
	parsed := make([]*sfmd.Document, len(docs))
	for i, d := range docs {
		parsed[i] = sfmd.Parse("bench.md", d)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range parsed {
			c := *d
			c.Placeholders()
		}
	}
}

func BenchmarkPlaceholdersUpstream(b *testing.B) { benchPlaceholders(b, upstreamBench(b)) }

func BenchmarkPlaceholdersBig(b *testing.B) { benchPlaceholders(b, [][]byte{bigBench()}) }
