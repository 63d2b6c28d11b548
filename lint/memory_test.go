package lint

import (
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestReportRetainsNoDocument checks the memory contract of Run: once a
// file is linted, nothing keeps its parsed document (or its source) alive,
// so peak memory depends on the number of workers, not of files. Every
// document gets a finalizer; after Run, with the report still alive, a
// garbage collection must free them all.
func TestReportRetainsNoDocument(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 40; i++ {
		files[fmt.Sprintf("f%02d.md", i)] = strings.Repeat("BAD TODO xx\n", 50)
	}
	dir := writeTree(t, files)
	var parsed, freed atomic.Int32
	parse := func(path string, src []byte) *sfmd.Document {
		doc := fakeParse(path, src)
		parsed.Add(1)
		runtime.SetFinalizer(doc, func(*sfmd.Document) { freed.Add(1) })
		return doc
	}
	rep, err := Run(Options{Dir: dir, Parse: parse, Jobs: 2}, testSet)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Diagnostics) == 0 {
		t.Fatal("no diagnostics")
	}
	deadline := time.Now().Add(5 * time.Second)
	for freed.Load() < parsed.Load() && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if f, p := freed.Load(), parsed.Load(); f < p {
		t.Errorf("%d of %d documents still reachable after Run", p-f, p)
	}
	runtime.KeepAlive(rep)
}
