// Command ratio measures sfmd.Parse against goldmark's default parser
// (goldmark.New().Parser()) on the synthetic benchmark corpus (package
// benchgen) in one process, one goroutine each, and prints both times,
// allocations and the time ratio ours/goldmark. The target is a ratio of
// at most 1.3.
//
//	go run ./corpus/bench/ratio [-rounds 5] [-max 1.3]
//
// Rounds alternate the two parsers and every figure is the median of its
// rounds (package measure); go run ./corpus/bench/lintratio prints this
// ratio too, with the whole-process lint ratio.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/corpus/bench/measure"
)

func main() {
	rounds := flag.Int("rounds", 5, "alternating measurement rounds (medians are reported)")
	limit := flag.Float64("max", 0, "exit 1 when the ratio exceeds this (0: never)")
	flag.Parse()

	docs := benchgen.Generate(benchgen.DefaultDocs, benchgen.DefaultSeed)
	r := measure.ParseRatio(docs, *rounds)
	fmt.Printf("corpus: %d documents, %d bytes, median of %d rounds\n", r.Docs, r.Bytes, r.Rounds)
	for _, x := range []struct {
		name          string
		s             measure.Sample
		allocs, bytes uint64
	}{{"sfmd.Parse", r.Ours, r.OursAllocs, r.OursBytes}, {"goldmark", r.Theirs, r.TheirsAllocs, r.TheirsBytes}} {
		fmt.Printf("%-10s %8.1f MB/s %10.1f ms/op (CPU %6.1f) %10d allocs/op %12d B/op\n", x.name,
			float64(r.Bytes)/x.s.Wall.Seconds()/1e6, float64(x.s.Wall.Microseconds())/1000, float64(x.s.CPU.Microseconds())/1000, x.allocs, x.bytes)
	}
	fmt.Printf("ratio ours/goldmark (time): %.2f (CPU %.2f)\n", r.Ratio(), r.CPURatio())
	if *limit > 0 && r.Ratio() > *limit {
		fmt.Fprintf(os.Stderr, "ratio: %.2f exceeds the limit %.2f, profile with go test ./sfmd -bench BenchmarkParse -cpuprofile cpu.out\n", r.Ratio(), *limit)
		os.Exit(1)
	}
}
