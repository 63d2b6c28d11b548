package lint

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestWalkRunsAhead: while every worker is busy, the walk goes on
// finding jobs into the queue, so that a worker that finishes takes the
// next job at once. The workers' parses wait until the walk has found a
// job for each and filled the queue; should it stop short, a parse gives
// up after ten seconds, so that the test fails instead of hanging. With
// the walk handing each job to a worker directly, it found three (one
// for each worker, one held) while both workers were busy.
func TestWalkRunsAhead(t *testing.T) {
	const jobs = 2
	window := minWindowPerWorker*jobs + jobs // the queue, and one for each worker
	files := map[string]string{}
	for i := range window + 10 {
		files[fmt.Sprintf("d%03d/f.md", i)] = "ok\n"
	}
	dir := writeTree(t, files)
	ahead := make(chan struct{})
	var once sync.Once
	var mu sync.Mutex
	found, gaveUp, foundThen := 0, 0, 0
	parse := func(path string, src []byte) *sfmd.Document {
		select {
		case <-ahead:
		case <-time.After(10 * time.Second):
			mu.Lock()
			if gaveUp++; gaveUp == 1 {
				foundThen = found
			}
			mu.Unlock()
			once.Do(func() { close(ahead) })
		}
		return fakeParse(path, src)
	}
	l, next, err := start(Options{Dir: dir, Parse: parse, Jobs: jobs}, testSet)
	if err != nil {
		t.Fatal(err)
	}
	counted := func() (*job, error) {
		j, err := next()
		if j != nil {
			mu.Lock()
			found++
			if found == window {
				once.Do(func() { close(ahead) })
			}
			mu.Unlock()
		}
		return j, err
	}
	rep, err := l.lintAll(counted)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Files != len(files) {
		t.Fatalf("%d files linted, want %d", rep.Files, len(files))
	}
	if gaveUp > 0 {
		t.Errorf("the walk found %d jobs while the workers were busy, want %d", foundThen, window)
	}
}

// TestLongDocumentDoesNotStall: while one worker is on a long document
// (or its thread waits for a core), the other goes on through the
// documents after it, up to the window. The first document's parse waits
// until 25 others are parsed; should they stop short, it gives up after
// ten seconds and the test fails. With a window of 4 jobs per worker, the
// other worker stopped after 7.
func TestLongDocumentDoesNotStall(t *testing.T) {
	files := map[string]string{}
	for i := range 200 {
		files[fmt.Sprintf("d%03d.md", i)] = "ok\n"
	}
	dir := writeTree(t, files)
	const want = 25
	var mu sync.Mutex
	others := 0
	enough := make(chan struct{})
	parse := func(path string, src []byte) *sfmd.Document {
		if filepath.Base(path) == "d000.md" {
			select {
			case <-enough:
			case <-time.After(10 * time.Second):
				mu.Lock()
				t.Errorf("%d documents parsed while the first was, want %d", others, want)
				mu.Unlock()
			}
		} else {
			mu.Lock()
			if others++; others == want {
				close(enough)
			}
			mu.Unlock()
		}
		return fakeParse(path, src)
	}
	rep, err := Run(Options{Dir: dir, Parse: parse, Jobs: 2, Output: func([]Diagnostic, func(string) []byte) {}}, testSet)
	if err != nil || rep.Files != len(files) {
		t.Fatalf("%v, %d files linted", err, rep.Files)
	}
}

// TestHeldFindingsBounded: the results waiting for a long document are
// bounded by their findings too: behind it, documents of 5,000 findings
// each stop the others once they hold more than maxHeldFindings, within
// the small window. The first document's parse waits until the others
// have stopped (their count unchanged for a second) or 100 are parsed.
func TestHeldFindingsBounded(t *testing.T) {
	const each = 5000
	files := map[string]string{"d000.md": "ok\n"}
	for i := 1; i < 200; i++ {
		files[fmt.Sprintf("d%03d.md", i)] = strings.Repeat("BAD\n", each)
	}
	dir := writeTree(t, files)
	var mu sync.Mutex
	others := 0
	count := func() int {
		mu.Lock()
		defer mu.Unlock()
		return others
	}
	parse := func(path string, src []byte) *sfmd.Document {
		if filepath.Base(path) != "d000.md" {
			mu.Lock()
			others++
			mu.Unlock()
			return fakeParse(path, src)
		}
		last, still := -1, 0
		for still < 10 && count() < 100 {
			time.Sleep(100 * time.Millisecond)
			if n := count(); n == last {
				still++
			} else {
				last, still = n, 0
			}
		}
		return fakeParse(path, src)
	}
	var got int
	var once sync.Once
	_, err := Run(Options{Dir: dir, Parse: parse, Jobs: 2, Output: func([]Diagnostic, func(string) []byte) {
		once.Do(func() { got = count() })
	}}, testSet)
	if err != nil {
		t.Fatal(err)
	}
	// the documents whose findings pass the bound, then the queue and
	// the two workers'
	if limit := maxHeldFindings/each + 1 + minWindowPerWorker*2 + 2; got > limit {
		t.Errorf("%d documents parsed behind the first, want at most %d", got, limit)
	}
}

// TestSlowOutputDoesNotStall: findings are written outside the emitter's
// lock, so that while the output of one document is slow (a pipe read
// slowly), the workers go on with the documents after it, up to the
// window. The first Output call waits until 20 more documents are
// parsed; should they stop short, it gives up after ten seconds and the
// test fails. Written under the lock, it stopped both workers after one
// more document.
func TestSlowOutputDoesNotStall(t *testing.T) {
	files := map[string]string{}
	for i := range 100 {
		files[fmt.Sprintf("d%03d.md", i)] = "BAD\n"
	}
	dir := writeTree(t, files)
	// While the first findings are written, the other worker goes on
	// until the window stops it (windowPerWorker jobs a worker past the
	// one being written): want more documents, or up to the window when
	// the output began late (a loaded machine) and fewer are left in it.
	const want, jobs = 20, 2
	var mu sync.Mutex
	parsed, target := 0, -1
	enough := make(chan struct{})
	var once sync.Once
	parse := func(path string, src []byte) *sfmd.Document {
		mu.Lock()
		if parsed++; target >= 0 && parsed >= target {
			once.Do(func() { close(enough) })
		}
		mu.Unlock()
		return fakeParse(path, src)
	}
	calls := 0
	output := func([]Diagnostic, func(string) []byte) {
		if calls++; calls > 1 {
			return
		}
		mu.Lock()
		atOutput := parsed
		target = min(atOutput+want, windowPerWorker*jobs)
		if parsed >= target {
			once.Do(func() { close(enough) })
		}
		mu.Unlock()
		select {
		case <-enough:
		case <-time.After(10 * time.Second):
			mu.Lock()
			t.Errorf("%d documents parsed in all while the first one's findings were written (%d when the writing began), want %d", parsed, atOutput, target)
			mu.Unlock()
		}
	}
	rep, err := Run(Options{Dir: dir, Parse: parse, Jobs: jobs, Output: output}, testSet)
	if err != nil || rep.Files != len(files) || calls != len(files) {
		t.Fatalf("%v, %d files linted, %d outputs", err, rep.Files, calls)
	}
}
