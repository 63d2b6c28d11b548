// Package measure holds what the benchmark commands (corpus/bench/ratio,
// corpus/bench/lintratio) share: medians of alternating rounds, the
// process's CPU time, and the in-process parse ratio of sfmd.Parse against
// goldmark's default parser.
//
// Rounds alternate the things compared, and every figure is the median
// of its rounds, so that a noisy neighbour on a shared machine slows a
// round of one side rather than skewing the ratio.
package measure

import (
	"runtime"
	"slices"
	"time"

	"github.com/sfmd-dev/sfmd/internal/cputime"
	"github.com/sfmd-dev/sfmd/sfmd"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"
)

// Sample is one timed run: wall-clock and CPU time (user and system, of
// every thread: the garbage collector's workers count).
type Sample struct {
	Wall, CPU time.Duration
}

// Median is the median of each field of samples, taken separately.
func Median(samples []Sample) Sample {
	walls := make([]time.Duration, len(samples))
	cpus := make([]time.Duration, len(samples))
	for i, s := range samples {
		walls[i], cpus[i] = s.Wall, s.CPU
	}
	return Sample{Wall: median(walls), CPU: median(cpus)}
}

func median(xs []time.Duration) time.Duration {
	if len(xs) == 0 {
		return 0
	}
	xs = slices.Clone(xs)
	slices.Sort(xs)
	if len(xs)%2 == 1 {
		return xs[len(xs)/2]
	}
	return (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
}

// Time runs f once and measures it (CPU time is the process's, so f
// should be the only work of the process meanwhile).
func Time(f func()) Sample {
	c0, w0 := cputime.Process(), time.Now()
	f()
	return Sample{Wall: time.Since(w0), CPU: cputime.Process() - c0}
}

// ParseResult compares sfmd.Parse with goldmark's default parser on one
// corpus: medians of the rounds, per pass over the whole corpus.
type ParseResult struct {
	Docs   int
	Bytes  int64
	Rounds int
	// Ours is sfmd.Parse, Theirs goldmark.New().Parser().Parse.
	Ours, Theirs Sample
	// Allocations per pass over the corpus.
	OursAllocs, TheirsAllocs uint64
	OursBytes, TheirsBytes   uint64
}

// Ratio is sfmd.Parse's time over goldmark's (wall-clock).
func (r ParseResult) Ratio() float64 { return ratio(r.Ours.Wall, r.Theirs.Wall) }

// CPURatio is sfmd.Parse's CPU time over goldmark's.
func (r ParseResult) CPURatio() float64 { return ratio(r.Ours.CPU, r.Theirs.CPU) }

func ratio(a, b time.Duration) float64 {
	if b <= 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// minRound is the least time one measured round lasts: a round repeats
// its pass over the corpus until then.
const minRound = 300 * time.Millisecond

// ParseRatio parses docs with sfmd.Parse and with goldmark's default
// parser in alternating rounds, on one goroutine each, and returns the
// medians per pass over the corpus.
func ParseRatio(docs [][]byte, rounds int) ParseResult {
	res := ParseResult{Docs: len(docs), Rounds: max(rounds, 1)}
	for _, d := range docs {
		res.Bytes += int64(len(d))
	}
	gm := goldmark.New().Parser()
	ours := func() {
		for _, d := range docs {
			sfmd.Parse("bench.md", d)
		}
	}
	theirs := func() {
		for _, d := range docs {
			gm.Parse(text.NewReader(d))
		}
	}
	// One pass each first: warm caches, and count how many passes fill a
	// round.
	passes := 1
	if d := Time(theirs).Wall; d > 0 {
		passes = max(1, int(minRound/d))
	}
	ours()
	var os, ts []Sample
	for r := 0; r < res.Rounds; r++ {
		for i, f := range []func(){ours, theirs} {
			runtime.GC()
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			s := Time(func() {
				for range passes {
					f()
				}
			})
			runtime.ReadMemStats(&m1)
			s.Wall /= time.Duration(passes)
			s.CPU /= time.Duration(passes)
			allocs, bytes := (m1.Mallocs-m0.Mallocs)/uint64(passes), (m1.TotalAlloc-m0.TotalAlloc)/uint64(passes)
			if i == 0 {
				os = append(os, s)
				res.OursAllocs, res.OursBytes = allocs, bytes
			} else {
				ts = append(ts, s)
				res.TheirsAllocs, res.TheirsBytes = allocs, bytes
			}
		}
	}
	res.Ours, res.Theirs = Median(os), Median(ts)
	return res
}
