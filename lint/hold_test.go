package lint

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestHoldUntilTaken: every file read raises the collector's floor by its
// size (gctune.Hold) until its findings are written, and releases it
// once, after them; a file whose findings wait for an earlier file's
// keeps its hold meanwhile.
func TestHoldUntilTaken(t *testing.T) {
	files := map[string]string{}
	for i := range 12 {
		files[fmt.Sprintf("f%02d.md", i)] = strings.Repeat("BAD line\n", i+1)
	}
	dir := writeTree(t, files)
	var mu sync.Mutex
	held := map[int]int{} // size -> holds not released
	var events []string
	l, next, err := start(Options{Dir: dir, Parse: fakeParse, Jobs: 2,
		Output: func(diags []Diagnostic, _ func(string) []byte) {
			mu.Lock()
			defer mu.Unlock()
			size := len(files[diags[0].Path])
			if held[size] != 1 {
				t.Errorf("%s: findings written while %d holds of its size are on, want 1", diags[0].Path, held[size])
			}
			events = append(events, "out")
		}}, testSet)
	if err != nil {
		t.Fatal(err)
	}
	l.hold = func(n int) func() {
		mu.Lock()
		defer mu.Unlock()
		held[n]++
		return func() {
			mu.Lock()
			defer mu.Unlock()
			held[n]--
			events = append(events, "release")
		}
	}
	if _, err := l.lintAll(next); err != nil {
		t.Fatal(err)
	}
	for n, h := range held {
		if h != 0 {
			t.Errorf("%d holds of %d bytes not released", h, n)
		}
	}
	if len(held) != len(files) {
		t.Errorf("holds of %d sizes, want %d (one per file)", len(held), len(files))
	}
	for i := 0; i+1 < len(events); i += 2 {
		if events[i] != "out" || events[i+1] != "release" {
			t.Fatalf("events %v: want each file's findings, then its release", events)
		}
	}
}
