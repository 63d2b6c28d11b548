package lint

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestWalkRunsAhead: while every worker is busy, the walk goes on
// finding jobs, up to the window, so that a worker that finishes takes
// the next job at once. The workers' parses wait until the walk has
// found a window of jobs; should it stop short, a parse gives up after
// ten seconds, so that the test fails instead of hanging. With the walk
// handing each job to a worker directly, it found three (one for each
// worker, one held) while both workers were busy.
func TestWalkRunsAhead(t *testing.T) {
	files := map[string]string{}
	for i := range 40 {
		files[fmt.Sprintf("d%02d/f.md", i)] = "ok\n"
	}
	dir := writeTree(t, files)
	const jobs = 2
	window := windowPerWorker * jobs
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
