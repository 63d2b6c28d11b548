package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sfmd-dev/sfmd/internal/safeio"
)

// TestExistsFromListing: Exists, Stat and ReadFile answer from the run's
// listing of a directory exactly as os.Stat and safeio.ReadFile do, for
// the names of the directory, other cases and spellings, missing names,
// symbolic links (to a file, a directory, nothing), non-ASCII and
// case-folding names, and paths through missing directories; and they
// do not stat what the listing shows.
func TestExistsFromListing(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a.md":                "a\n",
		"REQUIREMENTS.md":     "r\n",
		"sub/b.md":            "b\n",
		"ascii/x.md":          "x\n",
		"uni/stra\u00dfe.md":  "s\n",
		"uni/\u212Aelvin.md":  "k\n",
		"uni/caf\u00e9.md":    "nfc\n",
		"shut/hidden.md":      "h\n",
		"links/target.md":     "t\n",
		"links/sub/inner.md":  "i\n",
		"links/plain.md":      "p\n",
		"links/pipe-next.md":  "n\n",
		"links/dir-target/.k": "",
	})
	for _, l := range [][2]string{{"target.md", "links/to-file.md"}, {"sub", "links/to-dir"}, {"nowhere.md", "links/dangling.md"}} {
		if err := os.Symlink(l[0], filepath.Join(dir, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	// a directory that can be listed but not searched (a stat of its
	// files fails, except for root)
	if err := os.Chmod(filepath.Join(dir, "shut"), 0o444); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(dir, "shut"), 0o755) })

	s := newWorkspaceShared(nil, dir)
	var probes []string
	for _, d := range []string{".", "sub", "ascii", "uni", "shut", "links", "missing"} {
		abs := filepath.Join(dir, d)
		entries, _ := s.listDir(abs)
		for _, e := range entries {
			probes = append(probes, variants(filepath.Join(d, e.Name()))...)
			if e.Type().IsRegular() && d != "shut" {
				s.searchedFile(filepath.Join(abs, e.Name())) // as the walk's read does
			}
		}
		probes = append(probes, variants(filepath.Join(d, "none.md"))...)
	}
	probes = append(probes, "missing/a.md", "sub/../a.md", "sub/./b.md", "a.md/x", "/", "..", ".", "uni/cafe\u0301.md", "PROGRA~1", "a.md.", "a.md ")
	ws := &Workspace{shared: s, dir: dir}
	stats := countStats(t)
	for _, p := range []string{"a.md", "none.md", "sub", "sub/b.md", "sub/none.md", "ascii/x.md", "ascii/y.md", "links/target.md", "links/none.md", "uni/straße.md"} {
		ws.Exists(p)
	}
	for _, p := range []string{"none.md", "sub/none.md", "links/none.md"} {
		_, _ = ws.Stat(p)
	}
	if n := stats(); n != 0 {
		t.Errorf("Exists, Stat: %d stats of names the listings show", n)
	}
	for _, p := range []string{"requirements.md", "shut/hidden.md", "links/to-file.md", "links/dangling.md", "uni/strasse.md", "missing/a.md"} {
		ws.Exists(p)
	}
	if n := stats(); n != 6 {
		t.Errorf("Exists: %d stats of the 6 names the listings cannot tell", n)
	}
	for _, p := range probes {
		agree(t, ws, p)
	}

	// the listing of a directory no file was read from does not say a
	// file exists (it may not be searchable); it still says one is missing
	fresh := newWorkspaceShared(nil, dir)
	if _, err := fresh.listDir(filepath.Join(dir, "sub")); err != nil {
		t.Fatal(err)
	}
	if _, _, known := fresh.exists(filepath.Join(dir, "sub"), "b.md"); known {
		t.Error("a listed file of a directory never read from: known")
	}
	if ok, _, known := fresh.exists(filepath.Join(dir, "sub"), "c.md"); !known || ok {
		t.Errorf("a missing file: exists %v known %v", ok, known)
	}
	// a Workspace of no run stats
	alone := &Workspace{dir: dir}
	if _, err := alone.Stat("none.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("no run: Stat(none.md) = %v", err)
	}
}

// TestExistsFromListingUpstream: on the upstream corpus, every name of
// each directory, its other cases and every .md target a document
// writes, resolved from the document's directory, get from the run's
// listings what os.Stat and safeio.ReadFile give.
func TestExistsFromListingUpstream(t *testing.T) {
	root, err := filepath.Abs("../../shared/corpus/upstream")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(root); err != nil {
		t.Skipf("upstream corpus not found at %s: %v", root, err)
	}
	s := newWorkspaceShared(nil, root)
	target := regexp.MustCompile(`[^\s()\[\]<>"'` + "`" + `]+\.md`)
	n := 0
	err = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || !e.IsDir() {
			return err
		}
		entries, _ := s.listDir(path)
		ws := &Workspace{shared: s, dir: path}
		for _, e := range entries {
			for _, p := range variants(e.Name()) {
				agree(t, ws, p)
				n++
			}
			if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".md") {
				continue
			}
			src, _, err := safeio.ReadListed(filepath.Join(path, e.Name()), 0)
			if err != nil {
				return err
			}
			s.searchedFile(filepath.Join(path, e.Name()))
			for _, m := range target.FindAllString(string(src), -1) {
				agree(t, ws, m)
				n++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d paths", n)
}

// agree checks Exists, Stat and ReadFile of p against os.Stat and
// safeio.ReadFile.
func agree(t *testing.T, ws *Workspace, p string) {
	t.Helper()
	abs := ws.Resolve(p)
	fi, err := os.Stat(abs)
	if got := ws.Exists(p); got != (err == nil) {
		t.Errorf("Exists(%q) = %v, os.Stat error %v", p, got, err)
	}
	gfi, gerr := ws.Stat(p)
	if !reflect.DeepEqual(gerr, err) || (err == nil && (gfi.Mode() != fi.Mode() || gfi.Size() != fi.Size())) {
		t.Errorf("Stat(%q) = %v, %v; os.Stat %v, %v", p, gfi, gerr, fi, err)
	}
	want, _, werr := safeio.ReadFile(abs, safeio.DefaultMaxSize)
	got, gerr := ws.ReadFile(p)
	if string(got) != string(want) || (gerr == nil) != (werr == nil) || errors.Is(werr, fs.ErrNotExist) && !reflect.DeepEqual(gerr, werr) {
		t.Errorf("ReadFile(%q) = %q, %v; safeio.ReadFile %q, %v", p, got, gerr, want, werr)
	}
}

// variants are p, p in upper and in lower case, and p with its first
// letter's case swapped.
func variants(p string) []string {
	out := []string{p, strings.ToUpper(p), strings.ToLower(p)}
	for i, r := range p {
		if u := strings.ToUpper(string(r)); u != string(r) {
			out = append(out, p[:i]+u+p[i+len(string(r)):])
			break
		}
	}
	return out
}

// countStats counts the calls of stat until the test ends.
func countStats(t *testing.T) func() int {
	n := 0
	old := stat
	stat = func(p string) (fs.FileInfo, error) {
		n++
		return old(p)
	}
	t.Cleanup(func() { stat = old })
	return func() int { return n }
}

// TestFoldNamesScanIsIndex: a listing's names equal to a name ignoring
// case are the same, in the same order, whether compared one by one
// (small listings) or found through the index (wide ones), for names
// with ASCII and non-ASCII case pairs, runes folding to ASCII letters
// and invalid UTF-8.
func TestFoldNamesScanIsIndex(t *testing.T) {
	parts := []string{"a", "A", "k", "K", "\u212A", "s", "S", "\u017F", "\u00df", "\u1E9E", "\u03c3", "\u03a3", "\u03c2", "\xff", "\xfe", "\uFFFD", ".md", "-"}
	var names []string
	seen := map[string]bool{}
	for i, a := range parts {
		for j, b := range parts {
			n := a + b + parts[(i*7+j)%len(parts)]
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	dir := t.TempDir()
	var probes []string
	for _, n := range names {
		probes = append(probes, n, strings.ToUpper(n), strings.ToLower(n))
	}
	entries := make([]fs.DirEntry, len(names))
	for i, n := range names {
		entries[i] = fs.FileInfoToDirEntry(fakeInfo(n))
	}
	l := &dirListing{abs: dir, entries: entries}
	for _, p := range probes {
		if scan, index := foldScan(l.entries, p), l.foldIndexed(p); !reflect.DeepEqual(scan, index) {
			t.Errorf("%q: scan %q, index %q", p, scan, index)
		}
	}
}

type fakeInfo string

func (f fakeInfo) Name() string       { return string(f) }
func (f fakeInfo) Size() int64        { return 0 }
func (f fakeInfo) Mode() fs.FileMode  { return 0 }
func (f fakeInfo) ModTime() time.Time { return time.Time{} }
func (f fakeInfo) IsDir() bool        { return false }
func (f fakeInfo) Sys() any           { return nil }

// TestExistsSiblingAllocates: asking whether a sibling of the document
// exists, when the run's listing tells, allocates nothing (the name is
// looked up without joining the document's directory to it).
func TestExistsSiblingAllocates(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.md": "a\n", "b.md": "b\n"})
	s := newWorkspaceShared(nil, dir)
	if _, err := s.listDir(dir); err != nil {
		t.Fatal(err)
	}
	s.searchedFile(filepath.Join(dir, "a.md"))
	ws := &Workspace{shared: s, dir: dir}
	for _, name := range []string{"b.md", "c.md"} {
		if n := testing.AllocsPerRun(100, func() { ws.Exists(name) }); n != 0 {
			t.Errorf("Exists(%q): %.0f allocations", name, n)
		}
	}
}

// TestPackedListing: a listing held packed gives back, unpacked, what
// os.ReadDir gave: the names in order, their types, Info (an lstat) and
// String, symbolic links and directories included, and its error.
func TestPackedListing(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.md": "a\n", "b/c.md": "c\n", "é.md": "e\n"})
	if err := os.Symlink("a.md", filepath.Join(dir, "l.md")); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := pack(want).unpack(dir)
	if got.err != nil || len(got.entries) != len(want) {
		t.Fatalf("unpacked %d entries, error %v; want %d", len(got.entries), got.err, len(want))
	}
	for i, w := range want {
		g := got.entries[i]
		wi, werr := w.Info()
		gi, gerr := g.Info()
		if g.Name() != w.Name() || g.Type() != w.Type() || g.IsDir() != w.IsDir() || fmt.Sprint(g) != fmt.Sprint(w) ||
			(werr == nil) != (gerr == nil) || werr == nil && (gi.Name() != wi.Name() || gi.Mode() != wi.Mode() || gi.Size() != wi.Size()) {
			t.Errorf("entry %d: %v, want %v", i, g, w)
		}
	}
	missing := filepath.Join(dir, "missing")
	_, werr := os.ReadDir(missing)
	p := pack(nil)
	p.err = werr
	if l := p.unpack(missing); !errors.Is(l.err, werr) || len(l.entries) != 0 {
		t.Errorf("error listing: %v %d", l.err, len(l.entries))
	}
}

// TestExistsStatsOnce: a path Exists stats (its directory not listed in
// the run) is statted once while it stays in the cache, for the
// documents of the run in any directory, and every answer is os.Stat's:
// paths that exist and not, more than the cache holds, cycled so that
// they take each other's slots. Fails with the cache gone (4,000 stats
// for the 4,000 calls).
func TestExistsStatsOnce(t *testing.T) {
	dir := writeTree(t, map[string]string{"sub/here.md": "h\n", "there.md": "t\n"})
	s := newWorkspaceShared(nil, dir)
	docs := []*Workspace{{shared: s, dir: dir}, {shared: s, dir: filepath.Join(dir, "sub")}}
	stats := countStats(t)
	for i := range 2000 {
		w := docs[i%2]
		if got, want := w.Exists(filepath.Join(dir, "nav/main.md")), false; got != want {
			t.Fatalf("Exists(nav/main.md) = %v", got)
		}
		if !w.Exists(filepath.Join(dir, "there.md")) {
			t.Fatal("Exists(there.md) = false")
		}
	}
	if n := stats(); n != 2 {
		t.Errorf("4,000 calls for two paths statted %d times, want 2", n)
	}
	var paths []string
	for i := range 3 * statSlots {
		paths = append(paths, filepath.Join(dir, fmt.Sprintf("sub/f%d.md", i)), filepath.Join(dir, "sub/here.md"))
	}
	for round := range 3 {
		for i, p := range paths {
			_, err := os.Stat(p)
			if got := docs[i%2].Exists(p); got != (err == nil) {
				t.Fatalf("round %d: Exists(%s) = %v, os.Stat: %v", round, p, got, err)
			}
		}
	}
}
