package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestWalkMemoryBounded: what a run keeps does not grow with the number
// of files it discovers. Runs over 2,000 and over 20,000 tiny documents
// without findings (100 to a folder) measure the live heap after a
// collection when the 1,000th document and the last but 1,000th are
// parsed; the larger run's highest may not exceed the smaller's by what
// keeping a job, its paths and its folder's listing for each of the
// 18,000 more documents would take (a few megabytes: 1 MiB allowed).
func TestWalkMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 22,000 files")
	}
	small, big := walkHeap(t, 20), walkHeap(t, 200)
	t.Logf("highest live heap: %d bytes with 2,000 documents, %d with 20,000", small, big)
	if big > small && big-small > 1<<20 {
		t.Errorf("live heap %d bytes with 20,000 documents, %d with 2,000", big, small)
	}
}

// walkHeap lints folders×100 tiny documents and returns the highest live
// heap measured while the 1,000th and the last but 1,000th are parsed.
func walkHeap(t *testing.T, folders int) uint64 {
	dir := t.TempDir()
	for d := range folders {
		sub := filepath.Join(dir, fmt.Sprintf("folder%03d", d))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		for f := range 100 {
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("document-with-a-long-name-%03d.md", f)), []byte("ok\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	n := folders * 100
	var mu sync.Mutex
	parsed := 0
	var high uint64
	parse := func(path string, src []byte) *sfmd.Document {
		mu.Lock()
		parsed++
		if parsed == 1000 || parsed == n-1000 {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			high = max(high, m.HeapAlloc)
		}
		mu.Unlock()
		return fakeParse(path, src)
	}
	rep, err := Run(Options{Dir: dir, Parse: parse, Jobs: 2, Output: func([]Diagnostic, func(string) []byte) {}}, testSet)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Files != n || parsed != n {
		t.Fatalf("%d files, %d parsed, want %d", rep.Files, parsed, n)
	}
	return high
}

// paths lists the display paths of a run's findings, in order, one each.
func findingPaths(t *testing.T, opts Options) (string, error) {
	t.Helper()
	var got []string
	opts.Parse, opts.Jobs = fakeParse, 2
	opts.Output = func(ds []Diagnostic, _ func(string) []byte) {
		for _, d := range ds {
			if len(got) == 0 || got[len(got)-1] != d.Path {
				got = append(got, d.Path)
			}
		}
	}
	_, err := Run(opts, testSet)
	return fmt.Sprint(got), err
}

// The walk streams its files in the order of their display paths (a
// directory's files after a sibling file whose name extends its name),
// over several paths (the earlier path first between equal names), each
// file once when the paths overlap (under the first path naming it), and
// a suite's fixtures are left out of its own walk and of the walks of
// the paths named after it, not before.
func TestWalkOrderAndPaths(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a/x.md":           "BAD\n",
		"a-b.md":           "BAD\n",
		"a.md":             "BAD\n",
		"a b/c.md":         "BAD\n",
		"B.md":             "BAD\n",
		"é/e.md":           "BAD\n",
		"z/fix.md":         "BAD\n",
		"s/s.test.yaml":    "tests:\n  - body_file: ../z/fix.md\n",
		"s/fixtures/f.md":  "BAD\n",
		"s/page.md":        "BAD\n",
		"other/q.md":       "BAD\n",
		"other/deep/r.md":  "BAD\n",
		"other/a-b/x.md":   "BAD\n",
		"other/a-b.c/x.md": "BAD\n",
	})
	for _, c := range []struct {
		paths []string
		want  string
	}{
		{[]string{"."}, "[B.md a b/c.md a-b.md a.md a/x.md other/a-b.c/x.md other/a-b/x.md other/deep/r.md other/q.md s/page.md é/e.md]"},
		{[]string{"z", "s"}, "[s/page.md z/fix.md]"}, // the suite comes after z: fix.md is linted
		{[]string{"s", "z"}, "[s/page.md]"},
		{[]string{"other", "a"}, "[a/x.md other/a-b.c/x.md other/a-b/x.md other/deep/r.md other/q.md]"},
		{[]string{"other/deep", "other", "other/q.md"}, "[other/a-b.c/x.md other/a-b/x.md other/deep/r.md other/q.md]"},
		{[]string{"a.md", "a", "a.md", "a"}, "[a.md a/x.md]"},
		{[]string{filepath.Join(dir, "a"), "a"}, "[" + filepath.Join(dir, "a", "x.md") + "]"},
	} {
		got, err := findingPaths(t, Options{Dir: dir, Paths: c.paths})
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("sfmd lint %v: findings in\n%s\nwant\n%s", c.paths, got, c.want)
		}
	}
}

// An invalid config under a directory named stops the run before any
// file is linted, unless the only Markdown files it applies to are a
// suite's fixtures.
func TestWalkConfigErrorFirst(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a.md":                "BAD\n",
		"z/.sfmd.yaml":        "rules: [\n",
		"z/doc.md":            "BAD\n",
		"s/s.test.yaml":       "tests:\n  - body_file: ../y/only-fixture.md\n",
		"y/.sfmd.yaml":        "rules: [\n",
		"y/only-fixture.md":   "BAD\n",
		"y/notes.txt":         "x\n",
		"ok/b.md":             "BAD\n",
		"ok/sub/c.md":         "BAD\n",
		"ok/sub/.placeholder": "",
	})
	got, err := findingPaths(t, Options{Dir: dir, Paths: []string{"."}})
	var ce ConfigErrors
	if !errors.As(err, &ce) || got != "[]" {
		t.Errorf("invalid z/.sfmd.yaml: error %v, findings %s; want a config error before any output", err, got)
	}
	got, err = findingPaths(t, Options{Dir: dir, Paths: []string{"s", "y", "ok"}})
	if err != nil || got != "[ok/b.md ok/sub/c.md]" {
		t.Errorf("invalid y/.sfmd.yaml over fixtures only: error %v, findings %s", err, got)
	}
}

// TestWalkListsOnce: the walk takes the listings the prewalk made, so
// that each directory is listed once in a run (a suite's testdata
// folder included, whose parent is looked at for a suite), and within
// heldBudget bytes only: a tree of more is listed again from there on.
// In a tree of more directories than the run keeps listed, each was
// listed twice (and a testdata folder's parent three times).
func TestWalkListsOnce(t *testing.T) {
	files := map[string]string{
		"a.md":               "BAD\n",
		"s/s.test.yaml":      "tests: []\n",
		"s/testdata/f.md":    "BAD\n",
		"s/doc.md":           "BAD\n",
		"docs/testdata/x.md": "BAD\n",
	}
	for i := range 2 * listingCacheSize { // more than the run keeps listed
		files[fmt.Sprintf("d%03d/sub/doc.md", i)] = "BAD\n"
	}
	dir := writeTree(t, files)
	listings := countListings(t)
	got, err := findingPaths(t, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "docs/testdata/x.md") || strings.Contains(got, " s/testdata/") {
		t.Fatalf("findings in %s", got)
	}
	for d, n := range listings() {
		if n != 1 {
			t.Errorf("%s listed %d times", d, n)
		}
	}

	// past the budget: listed twice, once the budget is spent; held
	// packed, as many directories as heldBudget bytes hold are listed
	// once (2,656 of 2,986; os.ReadDir's entries, held until 3,072
	// entries and listings, were 43: the root's listing took the budget)
	big := map[string]string{}
	perDir := packedOverhead + len("doc.md/") + 4 // a directory of one doc.md, packed
	for i := range heldBudget/perDir + listingCacheSize + 50 {
		big[fmt.Sprintf("d%04d/doc.md", i)] = "ok\n"
	}
	dir = writeTree(t, big)
	listings = countListings(t)
	if _, err := findingPaths(t, Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	once, twice := 0, 0
	for _, n := range listings() {
		switch n {
		case 1:
			once++
		case 2:
			twice++
		}
	}
	root := packedOverhead + 4*len(big) // the listing of dir, packed: d0000/ ...
	for d := range big {
		root += len(filepath.Dir(d)) + 1
	}
	if fit := (heldBudget - root) / perDir; once < fit || twice == 0 || once+twice != len(big)+1 {
		t.Errorf("%d directories listed once, %d twice, of %d (%d fit the budget)", once, twice, len(big)+1, fit)
	}
}

// countListings counts the listings of each directory until the test
// ends.
func countListings(t *testing.T) func() map[string]int {
	var mu sync.Mutex
	n := map[string]int{}
	old := readDir
	readDir = func(abs string) ([]fs.DirEntry, error) {
		mu.Lock()
		n[abs]++
		mu.Unlock()
		return old(abs)
	}
	t.Cleanup(func() { readDir = old })
	return func() map[string]int {
		mu.Lock()
		defer mu.Unlock()
		return maps.Clone(n)
	}
}

// TestJoinName: joinName is filepath.Join for the clean directories a
// walk goes through (and "") and any name, plain or not.
func TestJoinName(t *testing.T) {
	dirs := []string{"", ".", "..", "/", "/a", "/a/b", "a", "a/b", "../a", "../../a/b", "é/ü", "a b", "C:", `C:\a`, `\\host\share`}
	names := []string{"", ".", "..", "...", "a.md", "b", ".hidden", "x..y", "a/b", "a\\b", "/", "é.md", " ", "a\x00"}
	for _, d := range dirs {
		if d != "" {
			d = filepath.Clean(d)
		}
		for _, n := range names {
			if got, want := joinName(d, n), filepath.Join(d, n); got != want {
				t.Errorf("joinName(%q, %q) = %q, Join %q", d, n, got, want)
			}
		}
	}
}

// TestWalkJoinsOnlyDocuments: the walk joins the paths of the files it
// keeps only (the prewalk the absolute path alone): a file that is no
// document (an image beside the Markdown) costs the allocations of its
// listing, not two joined paths in the prewalk and two in the walk. A
// run over 1,000 such files more allocates at most 2.5 more per file
// (os.ReadDir's: its entry and its name; it was 10 before the joins were
// left out).
func TestWalkJoinsOnlyDocuments(t *testing.T) {
	allocs := func(others int) float64 {
		files := map[string]string{"doc.md": "ok\n"}
		for i := range others {
			files[fmt.Sprintf("image-%04d.png", i)] = ""
		}
		dir := writeTree(t, files)
		opts := Options{Dir: dir, Parse: fakeParse, Jobs: 1, Output: func([]Diagnostic, func(string) []byte) {}}
		return testing.AllocsPerRun(5, func() {
			if _, err := Run(opts, testSet); err != nil {
				t.Fatal(err)
			}
		})
	}
	few, many := allocs(10), allocs(1010)
	t.Logf("%.2f allocations per file that is no document", (many-few)/1000)
	if per := (many - few) / 1000; per > 2.5 {
		t.Errorf("%.2f allocations per file that is no document (%.0f with 10, %.0f with 1,010)", per, few, many)
	}
}
