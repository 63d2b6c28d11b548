// Command lintratio measures a full `sfmd lint` run (lint.Run with every
// rule, Jobs=2) against parsing the same files with sfmd.Parse on two
// workers, in one process, over the synthetic benchmark corpus written to
// a temporary directory. Both sides read the files from disk. It also
// samples the peak heap of a lint run over 500 and over 4,000 copies of a
// document that lints clean, so that the report retains nothing: the engine
// must not keep documents alive, so the peak should not grow with the
// number of files.
//
//	go run ./corpus/bench/lintratio [-rounds 5] [-max 1.5]
//
// The target (issue 3) is a lint/parse time ratio of at most 1.5.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
	"github.com/sfmd-dev/sfmd/sfmd"
)

func main() {
	rounds := flag.Int("rounds", 5, "alternating measurement rounds (best of each is reported)")
	from := flag.String("dir", "", "measure on the .md files under this directory (e.g. ../shared/corpus/upstream) instead of the generated corpus")
	limit := flag.Float64("max", 0, "exit 1 when the time ratio exceeds this (0: never)")
	flag.Parse()
	if err := run(*rounds, *limit, *from); err != nil {
		fmt.Fprintln(os.Stderr, "lintratio:", err)
		os.Exit(1)
	}
}

func run(rounds int, limit float64, from string) error {
	tmp, err := os.MkdirTemp("", "sfmd-lintratio-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(tmp) }()

	docs := benchgen.Generate(benchgen.DefaultDocs, benchgen.DefaultSeed)
	if from != "" {
		var err error
		if docs, err = readCorpus(from); err != nil {
			return err
		}
	}
	dir := filepath.Join(tmp, "corpus")
	files, err := write(dir, docs)
	if err != nil {
		return err
	}
	size := benchgen.Total(docs)
	analyzers := rules.All()

	parse := func() error { return parseAll(files, 2) }
	lintRun := func() error {
		_, err := lint.Run(lint.Options{Paths: []string{dir}, Jobs: 2}, analyzers)
		return err
	}
	bestParse, bestLint := time.Duration(1<<62), time.Duration(1<<62)
	for r := 0; r < rounds; r++ {
		for _, m := range []struct {
			f    func() error
			best *time.Duration
		}{{parse, &bestParse}, {lintRun, &bestLint}} {
			runtime.GC()
			start := time.Now()
			if err := m.f(); err != nil {
				return err
			}
			if d := time.Since(start); d < *m.best {
				*m.best = d
			}
		}
	}
	mbs := func(d time.Duration) float64 { return float64(size) / d.Seconds() / 1e6 }
	fmt.Printf("corpus: %d files, %d bytes, GOMAXPROCS=%d, best of %d rounds\n", len(files), size, runtime.GOMAXPROCS(0), rounds)
	fmt.Printf("parse (2 workers)  %8.1f ms  %6.1f MB/s\n", ms(bestParse), mbs(bestParse))
	fmt.Printf("lint  (Jobs=2)     %8.1f ms  %6.1f MB/s\n", ms(bestLint), mbs(bestLint))
	ratio := float64(bestLint) / float64(bestParse)
	fmt.Printf("ratio lint/parse (time): %.2f\n", ratio)

	// Peak heap against the number of files.
	for _, n := range []int{500, 4000} {
		d := filepath.Join(tmp, fmt.Sprintf("mem%d", n))
		clean := make([][]byte, n)
		for i := range clean {
			clean[i] = []byte(strings.ReplaceAll(cleanDoc, "notes.example.com", fmt.Sprintf("notes%d.example.com", i)))
		}
		if _, err := write(d, clean); err != nil {
			return err
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
		fmt.Printf("linting %4d files: %6d diagnostics, peak heap %6.1f MB, report %6.1f MB, working memory %6.1f MB\n",
			n, len(rep.Diagnostics), mb(peak), mb(retained), mb(peak)-mb(retained))
	}
	if limit > 0 && ratio > limit {
		return fmt.Errorf("ratio %.2f exceeds %.2f", ratio, limit)
	}
	return nil
}

func mb(n uint64) float64 { return float64(n) / 1e6 }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

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
