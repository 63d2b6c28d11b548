// Command lintratio measures sfmd against plain goldmark and prints the
// two ratios of issue 11, each the median of alternating rounds, wall-clock
// and CPU time:
//
//   - parse: sfmd.Parse against goldmark's default parser
//     (goldmark.New().Parser()) on the same bytes, in process, one
//     goroutine each, on the synthetic benchmark corpus (package benchgen;
//     the target is at most 1.3) and on the real documents of
//     ../shared/corpus/upstream when present;
//   - lint: the sfmd binary linting ten copies of the real documents
//     (every default rule, every core, the whole process) against a
//     single-goroutine plain goldmark parse of the same files as a whole
//     process (corpus/bench/goldmarkparse); the target is at most 1.5.
//     Without ../shared it measures the synthetic corpus written to disk
//     instead. The same files are also linted with --jobs 1, so that the
//     one-worker ratio shows what the second core hides; issue 21's
//     targets are wall 1.3 and CPU 1.6.
//
// It also times `sfmd lint` of single files against goldmark's parse of
// them (the median-sized and largest real documents, target under 10 ms,
// and a generated 10 MB document, target 3 times goldmark), with -scale
// lints 2,080, 20,000 or 200,000 hard-linked copies of the real documents
// (CPU per document and peak memory must stay flat), and
// measures memory against the number of files: the peak resident memory
// of `sfmd lint` and the peak heap of lint.Run in process, over 500 and
// 4,000 copies of a document that lints clean (the engine keeps no
// document alive, so neither should grow with the number of files), and
// the in-process lint.Run against parsing alone on the synthetic corpus.
//
//	go run ./corpus/bench/lintratio [-rounds 5] [-max-parse 1.3] [-max-lint 1.5] [-scale 2080,20000,200000]
//
// The copies and the programs are made in a temporary directory that is
// removed afterwards: the real documents are never copied into the
// repository.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/corpus/bench/measure"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// programs are the binaries built for the run.
type programs struct {
	sfmd, goldmark, launcher string
}

type config struct {
	rounds            int
	upstream          string
	copies            int
	maxParse, maxLint float64
	singleRuns        int
	scale             string
	scaleRounds       int
}

func main() {
	var c config
	flag.IntVar(&c.rounds, "rounds", 5, "alternating measurement rounds (medians are reported)")
	flag.StringVar(&c.upstream, "upstream", "", "directory of real documents (default: ../shared/corpus/upstream next to the module, when present)")
	flag.IntVar(&c.copies, "copies", 10, "copies of the real documents linted in one run")
	flag.IntVar(&c.singleRuns, "single", 21, "runs of sfmd lint on a single file")
	flag.StringVar(&c.scale, "scale", "", "also lint this many hard-linked copies of the real documents, such as 2080,20000,200000 (comma-separated)")
	flag.IntVar(&c.scaleRounds, "scale-rounds", 3, "runs of each -scale size (medians are reported)")
	flag.Float64Var(&c.maxParse, "max-parse", 0, "exit 1 when the parse ratio (synthetic corpus, wall) exceeds this (0: never)")
	flag.Float64Var(&c.maxLint, "max-lint", 0, "exit 1 when the lint ratio (wall) exceeds this (0: never)")
	flag.Parse()
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "lintratio:", err)
		os.Exit(1)
	}
}

func run(c config) error {
	root, err := measure.ModuleRoot()
	if err != nil {
		return err
	}
	if c.upstream == "" {
		if d := measure.Upstream(root); isDir(d) {
			c.upstream = d
		}
	}
	tmp, err := os.MkdirTemp("", "sfmd-lintratio-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(tmp) }()
	fmt.Printf("GOMAXPROCS=%d, %d rounds, medians; %s\n", runtime.GOMAXPROCS(0), c.rounds, measure.LoadAverage())
	bin := filepath.Join(tmp, "bin")
	var p programs
	for _, x := range []struct {
		path *string
		pkg  string
	}{{&p.sfmd, "./cmd/sfmd"}, {&p.goldmark, "./corpus/bench/goldmarkparse"}, {&p.launcher, "./corpus/bench/peakrss"}} {
		if *x.path, err = measure.Build(root, bin, x.pkg); err != nil {
			return err
		}
	}
	// first, while this process holds no corpus: its heap is measured
	if err := memory(c, tmp, p); err != nil {
		return err
	}

	generated := benchgen.Generate(benchgen.DefaultDocs, benchgen.DefaultSeed)
	var real [][]byte
	if c.upstream != "" {
		if real, err = readCorpus(c.upstream); err != nil {
			return err
		}
	}
	parseRatio := parseRatios(c, generated, real)

	lintRatio, err := lintRatios(c, tmp, p, generated)
	if err != nil {
		return err
	}
	counts, err := parseCounts(c.scale)
	if err != nil {
		return err
	}
	if err := scale(c, tmp, p, counts); err != nil {
		return err
	}
	if err := inProcess(c, tmp, generated); err != nil {
		return err
	}
	var errs []error
	if c.maxParse > 0 && parseRatio > c.maxParse {
		errs = append(errs, fmt.Errorf("parse ratio %.2f exceeds %.2f", parseRatio, c.maxParse))
	}
	if c.maxLint > 0 && lintRatio > c.maxLint {
		errs = append(errs, fmt.Errorf("lint ratio %.2f exceeds %.2f", lintRatio, c.maxLint))
	}
	return errors.Join(errs...)
}

// parseRatios prints the in-process parse ratios and returns the one of
// the synthetic corpus.
func parseRatios(c config, generated, real [][]byte) float64 {
	fmt.Printf("\nparse: sfmd.Parse against goldmark's default parser, in process, one goroutine (per pass over the corpus)\n")
	var r measure.ParseResult
	for i, docs := range [][][]byte{generated, real} {
		if len(docs) == 0 {
			continue
		}
		name := "synthetic"
		if i == 1 {
			name = "upstream"
		}
		res := measure.ParseRatio(docs, c.rounds)
		if i == 0 {
			r = res
		}
		fmt.Printf("  %-9s %5d docs %8.1f MB  sfmd.Parse %7.1f ms (CPU %7.1f) %8d allocs %6.1f MB | goldmark %7.1f ms (CPU %7.1f) %8d allocs %6.1f MB | ratio %.2f (CPU %.2f)\n",
			name, res.Docs, float64(res.Bytes)/1e6,
			measure.MS(res.Ours.Wall), measure.MS(res.Ours.CPU), res.OursAllocs, float64(res.OursBytes)/1e6,
			measure.MS(res.Theirs.Wall), measure.MS(res.Theirs.CPU), res.TheirsAllocs, float64(res.TheirsBytes)/1e6,
			res.Ratio(), res.CPURatio())
	}
	fmt.Printf("  parse ratio (synthetic, wall): %.2f (target 1.3)\n", r.Ratio())
	return r.Ratio()
}

// lintRatios prints the whole-process comparison and the single-file
// times, and returns the lint ratio (wall).
func lintRatios(c config, tmp string, p programs, generated [][]byte) (float64, error) {
	dir := filepath.Join(tmp, "corpus")
	what := fmt.Sprintf("%d copies of %s", c.copies, c.upstream)
	if c.upstream != "" {
		for i := range c.copies {
			if err := measure.CopyTree(c.upstream, filepath.Join(dir, fmt.Sprintf("copy%02d", i))); err != nil {
				return 0, err
			}
		}
	} else {
		what = "the synthetic corpus (no ../shared/corpus/upstream)"
		if _, err := write(dir, generated); err != nil {
			return 0, err
		}
	}
	files, size, err := corpusSize(dir)
	if err != nil {
		return 0, err
	}
	fmt.Printf("\nlint: whole processes on %s: %d documents, %.1f MB\n", what, files, float64(size)/1e6)
	var gs, ls, ones []measure.ProcSample
	for r := 0; r < c.rounds; r++ {
		g, err := measure.Run(tmp, p.launcher, p.goldmark, []string{dir})
		if err != nil {
			return 0, err
		}
		l, err := measure.Run(tmp, p.launcher, p.sfmd, []string{"lint", dir}, 1)
		if err != nil {
			return 0, err
		}
		one, err := measure.Run(tmp, p.launcher, p.sfmd, []string{"lint", "--jobs", "1", dir}, 1)
		if err != nil {
			return 0, err
		}
		gs, ls, ones = append(gs, g), append(ls, l), append(ones, one)
	}
	g, l, one := measure.MedianProc(gs), measure.MedianProc(ls), measure.MedianProc(ones)
	fmt.Printf("  goldmark parse, one goroutine  %7.1f ms  CPU %7.1f ms  peak RSS %6.1f MB\n", measure.MS(g.Wall), measure.MS(g.CPU), mb(uint64(g.PeakRSS)))
	fmt.Printf("  sfmd lint                      %7.1f ms  CPU %7.1f ms  peak RSS %6.1f MB\n", measure.MS(l.Wall), measure.MS(l.CPU), mb(uint64(l.PeakRSS)))
	fmt.Printf("  sfmd lint --jobs 1             %7.1f ms  CPU %7.1f ms  peak RSS %6.1f MB\n", measure.MS(one.Wall), measure.MS(one.CPU), mb(uint64(one.PeakRSS)))
	ratio := float64(l.Wall) / float64(g.Wall)
	fmt.Printf("  lint ratio: wall %.2f (target 1.3), CPU %.2f (target 1.6); one worker (--jobs 1): wall %.2f, CPU %.2f\n",
		ratio, float64(l.CPU)/float64(g.CPU), float64(one.Wall)/float64(g.Wall), float64(one.CPU)/float64(g.CPU))
	return ratio, singleFiles(c, tmp, p, dir)
}

// singleFiles times sfmd lint of one file: the median-sized document and
// the largest of the corpus, the hint document (benchgen.HintDocument:
// one action, 6,081 hints to undefined ones; target 2 times goldmark) and
// the generated 10 MB document (target 3 times).
func singleFiles(c config, tmp string, p programs, dir string) error {
	type doc struct {
		path string
		size int64
	}
	var docs []doc
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".md" {
			return err
		}
		fi, err := d.Info()
		if err == nil {
			docs = append(docs, doc{p, fi.Size()})
		}
		return err
	})
	if err != nil || len(docs) == 0 {
		return err
	}
	slices.SortFunc(docs, func(a, b doc) int { return int(a.size - b.size) })
	big := filepath.Join(tmp, "big", "big.md")
	if err := os.MkdirAll(filepath.Dir(big), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(big, benchgen.Document(10<<20), 0o644); err != nil {
		return err
	}
	hints := benchgen.HintDocument(benchgen.HintDocuments)
	hint := filepath.Join(tmp, "big", "hints.md")
	if err := os.WriteFile(hint, hints, 0o644); err != nil {
		return err
	}
	for i, d := range []doc{docs[len(docs)/2], docs[len(docs)-1], {hint, int64(len(hints))}, {big, 10 << 20}} {
		runs := max(c.singleRuns, 1)
		if i == 3 {
			runs = max(c.rounds, 1)
		}
		var s, gs []measure.ProcSample
		for range runs {
			r, err := measure.Run(tmp, p.launcher, p.sfmd, []string{"lint", "--max-file-size", "20M", d.path}, 1)
			if err != nil {
				return err
			}
			g, err := measure.Run(tmp, p.launcher, p.goldmark, []string{d.path})
			if err != nil {
				return err
			}
			s, gs = append(s, r), append(gs, g)
		}
		m, g := measure.MedianProc(s), measure.MedianProc(gs)
		fmt.Printf("  sfmd lint of one file (%8d bytes): %6.1f ms (CPU %6.1f ms, peak RSS %6.1f MB) | goldmark %6.1f ms (CPU %6.1f ms) | ratio wall %.2f, CPU %.2f\n",
			d.size, measure.MS(m.Wall), measure.MS(m.CPU), mb(uint64(m.PeakRSS)), measure.MS(g.Wall), measure.MS(g.CPU), float64(m.Wall)/float64(g.Wall), float64(m.CPU)/float64(g.CPU))
	}
	return nil
}

// scale lints copies of the real documents (hard links, so that 200,000
// documents take no disk space) in directories of 208 files, n documents
// at a time, and prints the CPU time per document and the peak resident
// memory against n: what a run keeps must not grow with the files.
func scale(c config, tmp string, p programs, counts []int) error {
	if c.upstream == "" || len(counts) == 0 {
		return nil
	}
	var srcs []string
	err := filepath.WalkDir(c.upstream, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && filepath.Ext(p) == ".md" {
			srcs = append(srcs, p)
		}
		return err
	})
	if err != nil || len(srcs) == 0 {
		return err
	}
	fmt.Printf("\nscale: sfmd lint of n hard-linked copies of the %d upstream documents (%d rounds each, medians)\n", len(srcs), c.scaleRounds)
	fmt.Printf("  %9s %10s %10s %14s %12s\n", "documents", "wall", "CPU", "CPU/document", "peak RSS")
	var base measure.ProcSample
	for i, n := range counts {
		dir := filepath.Join(tmp, fmt.Sprintf("scale%d", n))
		for k := range n {
			sub := filepath.Join(dir, fmt.Sprintf("copy%04d", k/len(srcs)))
			if k%len(srcs) == 0 {
				if err := os.MkdirAll(sub, 0o755); err != nil {
					return err
				}
			}
			if err := os.Link(srcs[k%len(srcs)], filepath.Join(sub, fmt.Sprintf("doc%03d.md", k%len(srcs)))); err != nil {
				return err
			}
		}
		var s []measure.ProcSample
		for range max(c.scaleRounds, 1) {
			r, err := measure.Run(tmp, p.launcher, p.sfmd, []string{"lint", dir}, 1)
			if err != nil {
				return err
			}
			s = append(s, r)
		}
		m := measure.MedianProc(s)
		if i == 0 {
			base = m
		}
		perDoc := float64(m.CPU.Microseconds()) / float64(n)
		basePerDoc := float64(base.CPU.Microseconds()) / float64(counts[0])
		fmt.Printf("  %9d %8.2f s %8.2f s %11.0f µs %9.1f MB   (CPU/document ×%.2f, peak ×%.2f of %d documents)\n",
			n, m.Wall.Seconds(), m.CPU.Seconds(), perDoc, mb(uint64(m.PeakRSS)), perDoc/basePerDoc, float64(m.PeakRSS)/float64(base.PeakRSS), counts[0])
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
	}
	return nil
}

// memory measures the peak resident memory of sfmd lint and the peak
// heap of lint.Run against the number of files.
func memory(c config, tmp string, prog programs) error {
	fmt.Printf("\nmemory against the number of files (copies of a document that lints clean)\n")
	analyzers := rules.All()
	for _, n := range []int{500, 4000} {
		d := filepath.Join(tmp, fmt.Sprintf("mem%d", n))
		clean := make([][]byte, n)
		for i := range clean {
			clean[i] = []byte(strings.ReplaceAll(cleanDoc, "notes.example.com", fmt.Sprintf("notes%d.example.com", i)))
		}
		if _, err := write(d, clean); err != nil {
			return err
		}
		var rss []measure.ProcSample
		for range max(c.rounds, 1) {
			p, err := measure.Run(tmp, prog.launcher, prog.sfmd, []string{"lint", d})
			if err != nil {
				return err
			}
			rss = append(rss, p)
		}
		var rep *lint.Report
		peak, err := peakHeap(func() error {
			var err error
			rep, err = lint.Run(lint.Options{Paths: []string{d}, Jobs: 2}, analyzers)
			return err
		})
		if err != nil {
			return err
		}
		// What the finished report holds (its diagnostics) is the part
		// that must grow with the input; the rest is working memory.
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		retained := m.HeapAlloc
		runtime.KeepAlive(rep)
		p := measure.MedianProc(rss)
		fmt.Printf("  %4d files: sfmd lint %6.1f ms, peak RSS %6.1f MB | lint.Run in process: %d diagnostics, peak heap %6.1f MB, report %6.1f MB, working memory %6.1f MB\n",
			n, measure.MS(p.Wall), mb(uint64(p.PeakRSS)), len(rep.Diagnostics), mb(peak), mb(retained), mb(peak)-mb(retained))
	}
	return nil
}

// inProcess compares lint.Run (every rule, Jobs=2) with reading and
// parsing the same files on two workers, in process, on the synthetic
// corpus: what the rules cost on top of parsing.
func inProcess(c config, tmp string, docs [][]byte) error {
	dir := filepath.Join(tmp, "generated")
	files, err := write(dir, docs)
	if err != nil {
		return err
	}
	analyzers := rules.All()
	parse := func() error { return parseAll(files, 2) }
	lintRun := func() error {
		_, err := lint.Run(lint.Options{Paths: []string{dir}, Jobs: 2}, analyzers)
		return err
	}
	var ps, ls []measure.Sample
	for r := 0; r < c.rounds; r++ {
		for i, f := range []func() error{parse, lintRun} {
			runtime.GC()
			var err error
			s := measure.Time(func() { err = f() })
			if err != nil {
				return err
			}
			if i == 0 {
				ps = append(ps, s)
			} else {
				ls = append(ls, s)
			}
		}
	}
	p, l := measure.Median(ps), measure.Median(ls)
	fmt.Printf("\nin process, synthetic corpus on disk (%d files): read + sfmd.Parse on 2 workers %.1f ms (CPU %.1f), lint.Run Jobs=2 %.1f ms (CPU %.1f): lint/parse %.2f\n",
		len(files), measure.MS(p.Wall), measure.MS(p.CPU), measure.MS(l.Wall), measure.MS(l.CPU), float64(l.Wall)/float64(p.Wall))
	return nil
}

// parseCounts reads the -scale list.
func parseCounts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("-scale: %q is not a number of documents", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// corpusSize counts the .md files under dir and their bytes.
func corpusSize(dir string) (files int, size int64, err error) {
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".md" {
			return err
		}
		fi, err := d.Info()
		if err == nil {
			files++
			size += fi.Size()
		}
		return err
	})
	return files, size, err
}

func mb(n uint64) float64 { return float64(n) / 1e6 }

func write(dir string, docs [][]byte) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	files := make([]string, len(docs))
	for i, d := range docs {
		files[i] = filepath.Join(dir, fmt.Sprintf("doc%04d.md", i))
		if err := os.WriteFile(files[i], d, 0o644); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// parseAll reads and parses every file on n workers: the part of a lint
// run that is not rules.
func parseAll(files []string, n int) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, n)
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(files) {
					return
				}
				src, err := os.ReadFile(files[i])
				if err != nil {
					errs[w] = err
					return
				}
				sfmd.Parse(files[i], src)
			}
		}(w)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// peakHeap runs f while sampling the live heap every millisecond.
func peakHeap(f func() error) (uint64, error) {
	runtime.GC()
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	err := f()
	close(done)
	wg.Wait()
	return peak.Load(), err
}

// cleanDoc lints clean with every default rule, infos included.
const cleanDoc = `---
name: notes
title: Notes
description: Read and search notes.
type: app
default: list
---

# Notes

List the notes with ` + "`/act.list`" + `, read one with ` + "`/act.read --id 3`" + `.

` + "```act.list" + `
GET https://notes.example.com/api/notes?limit=20
` + "```" + `

` + "```act.list.response" + `
for: note in Response.body.notes
- {note.id}: {note.title}
end:
` + "```" + `

` + "```act.read" + `
GET https://notes.example.com/api/notes/{id}
  id: string (required) "Note ID"
` + "```" + `

` + "```act.read.response" + `
## {Response.body.title}

{Response.body.text}
` + "```" + `
`

// readCorpus reads every .md file under dir.
func readCorpus(dir string) ([][]byte, error) {
	var docs [][]byte
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".md" {
			return err
		}
		b, err := os.ReadFile(p) //nolint:gosec // G122: a benchmark reading the corpus directory its user names
		docs = append(docs, b)
		return err
	})
	return docs, err
}
