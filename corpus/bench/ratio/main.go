// Command ratio measures sfmd.Parse against plain goldmark on the synthetic
// benchmark corpus (package benchgen) in one process and prints both
// throughputs, allocations and the time ratio ours/goldmark. The target is
// a ratio of at most 1.3.
//
//	go run ./corpus/bench/ratio [-rounds 3]
//
// Rounds alternate the two parsers; the best round of each is reported, so
// a noisy neighbour slows a round rather than skewing the ratio.
package main

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/sfmd"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"
)

func main() {
	rounds := flag.Int("rounds", 3, "alternating measurement rounds")
	limit := flag.Float64("max", 0, "exit 1 when the ratio exceeds this (0: never)")
	flag.Parse()

	docs := benchgen.Generate(benchgen.DefaultDocs, benchgen.DefaultSeed)
	size := benchgen.Total(docs)
	gm := goldmark.New().Parser()

	ours := func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, d := range docs {
				sfmd.Parse("bench.md", d)
			}
		}
	}
	theirs := func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, d := range docs {
				gm.Parse(text.NewReader(d))
			}
		}
	}

	var best [2]testing.BenchmarkResult
	for range max(*rounds, 1) {
		for i, f := range []func(*testing.B){ours, theirs} {
			r := testing.Benchmark(f)
			if best[i].N == 0 || r.NsPerOp() < best[i].NsPerOp() {
				best[i] = r
			}
		}
	}
	fmt.Printf("corpus: %d documents, %d bytes\n", len(docs), size)
	for i, name := range []string{"sfmd.Parse", "goldmark"} {
		r := best[i]
		fmt.Printf("%-10s %8.1f MB/s %10.1f ms/op %10d allocs/op %12d B/op\n", name, mbps(r, size), float64(r.NsPerOp())/1e6, r.AllocsPerOp(), r.AllocedBytesPerOp())
	}
	ratio := float64(best[0].NsPerOp()) / float64(best[1].NsPerOp())
	fmt.Printf("ratio ours/goldmark (time): %.2f\n", ratio)
	if *limit > 0 && ratio > *limit {
		fmt.Fprintf(os.Stderr, "ratio: %.2f exceeds the limit %.2f, profile with go test ./sfmd -bench BenchmarkParse -cpuprofile cpu.out\n", ratio, *limit)
		os.Exit(1)
	}
}

func mbps(r testing.BenchmarkResult, size int64) float64 {
	if r.T <= 0 {
		return 0
	}
	return float64(size) * float64(r.N) / r.T.Seconds() / 1e6
}
