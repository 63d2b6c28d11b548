package lint

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// includeRule checks lines "include: PATH#WORD": PATH must exist and the
// document there must contain WORD.
var includeRule = &Analyzer{
	Name: "include-check", Severity: Error, Profile: Project, Doc: Doc{Title: "include targets exist"},
	Run: func(p *Pass) (any, error) {
		if p.Workspace == nil {
			return nil, nil
		}
		for n := 1; n <= p.Doc.Index.LineCount(); n++ {
			line := string(p.Doc.Index.Line(n))
			target, ok := strings.CutPrefix(line, "include: ")
			if !ok {
				continue
			}
			path, word, _ := strings.Cut(target, "#")
			span := p.Doc.Index.Span(p.Doc.Index.LineStart(n), p.Doc.Index.LineEnd(n))
			if !p.Workspace.Exists(path) {
				p.Reportf(span, "%q not found", p.Workspace.Display(path))
				continue
			}
			doc, err := p.Workspace.Document(path)
			if err != nil {
				p.Reportf(span, "cannot read %q: %v", path, err)
				continue
			}
			if !bytes.Contains(doc.Src, []byte(word)) {
				p.Reportf(span, "%q has no %q", doc.Path, word)
			}
		}
		return nil, nil
	},
}

func TestWorkspace(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"docs/a.md":       "include: parts/p.md#alpha\ninclude: parts/p.md#gamma\ninclude: ../missing.md#x\n",
		"docs/b.md":       "include: parts/p.md#beta\n",
		"docs/parts/p.md": "alpha beta\n",
	})
	var parses atomic.Int32
	parse := func(path string, src []byte) *sfmd.Document {
		parses.Add(1)
		return fakeParse(path, src)
	}
	rep, err := Run(Options{Dir: dir, Paths: []string{"docs/a.md", "docs/b.md"}, Parse: parse, Selection: Selection{Enable: []string{"project"}}}, []*Analyzer{includeRule})
	if err != nil || len(rep.Errors) > 0 {
		t.Fatal(err, rep.Errors)
	}
	want := `docs/a.md:2:1: error: "docs/parts/p.md" has no "gamma" [include-check]
docs/a.md:3:1: error: "missing.md" not found [include-check]
`
	if got := lines(rep.Diagnostics); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// a.md, b.md, and p.md once (cached) = 3.
	if got := parses.Load(); got != 3 {
		t.Errorf("%d parses, want 3 (p.md parsed once for both documents)", got)
	}

	// The document read from stdin is visible to the workspace under its
	// --stdin-filename, though it is not on disk.
	rep, err = Run(Options{Dir: dir, Paths: []string{"-"}, StdinFilename: "docs/new.md", Stdin: strings.NewReader("include: new.md#self\n"),
		Parse: parse, Selection: Selection{Enable: []string{"project"}}}, []*Analyzer{includeRule})
	if err != nil || len(rep.Errors) > 0 || len(rep.Diagnostics) != 0 {
		t.Errorf("stdin overlay: %v %v\n%s", err, rep.Errors, lines(rep.Diagnostics))
	}
	// Without a name there is no workspace: project rules stay silent.
	rep, err = Run(Options{Dir: dir, Paths: []string{"-"}, Stdin: strings.NewReader("include: nowhere.md#x\n"),
		Parse: parse, Selection: Selection{Enable: []string{"project"}}}, []*Analyzer{includeRule})
	if err != nil || len(rep.Diagnostics) != 0 {
		t.Errorf("anonymous stdin: %v\n%s", err, lines(rep.Diagnostics))
	}
}

func TestWorkspaceCacheIsBounded(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 10; i++ {
		files[fmt.Sprintf("f%d.md", i)] = "x\n"
	}
	dir := writeTree(t, files)
	var parses atomic.Int32
	s := newWorkspaceShared(func(p string, src []byte) *sfmd.Document { parses.Add(1); return fakeParse(p, src) }, dir)
	s.limit = 3
	ws := &Workspace{shared: s, dir: dir}
	for round := 0; round < 2; round++ {
		for i := 0; i < 10; i++ {
			if _, err := ws.Document(fmt.Sprintf("f%d.md", i)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s.lru.Len() != 3 || len(s.docs) != 3 {
		t.Errorf("cache holds %d/%d documents, want 3", s.lru.Len(), len(s.docs))
	}
	if got := parses.Load(); got != 20 {
		t.Errorf("%d parses, want 20 (a cycle larger than the cache evicts everything)", got)
	}
	// Recently used documents are hits.
	before := parses.Load()
	for k := 0; k < 5; k++ {
		if _, err := ws.Document("f9.md"); err != nil {
			t.Fatal(err)
		}
	}
	if parses.Load() != before {
		t.Errorf("cache miss on the most recent document")
	}
	if _, err := ws.Document("nope.md"); err == nil {
		t.Errorf("missing document: no error")
	}
}

// Several workers read one cached document and convert positions at once
// (run with -race).
func TestWorkspaceConcurrentDocument(t *testing.T) {
	dir := writeTree(t, map[string]string{"shared.md": strings.Repeat("line with words\n", 200)})
	s := newWorkspaceShared(fakeParse, dir)
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			defer func() { done <- true }()
			ws := &Workspace{shared: s, dir: dir}
			for k := 0; k < 50; k++ {
				doc, err := ws.Document("shared.md")
				if err != nil {
					t.Error(err)
					return
				}
				if p := doc.Index.Pos(16*k + 5); p.Line != int32(k+1) || p.Col != 6 {
					t.Errorf("Pos = %v", p)
					return
				}
			}
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}

// TestWorkspaceMemo: the documents of one run share a memo value; another
// run starts afresh.
func TestWorkspaceMemo(t *testing.T) {
	type key struct{}
	run := newWorkspaceShared(nil, t.TempDir())
	a, b := &Workspace{shared: run, dir: "/a"}, &Workspace{shared: run, dir: "/b"}
	inits := 0
	init := func() any { inits++; return &struct{ n int }{inits} }
	if a.Memo(key{}, init) != b.Memo(key{}, init) || inits != 1 {
		t.Errorf("two documents of a run: %d inits, want one value", inits)
	}
	other := &Workspace{shared: newWorkspaceShared(nil, t.TempDir()), dir: "/a"}
	if other.Memo(key{}, init) == a.Memo(key{}, init) {
		t.Error("another run shares the memo")
	}
	if alone := (&Workspace{dir: "/a"}); alone.Memo(key{}, init) == a.Memo(key{}, init) {
		t.Error("a Workspace of no run shares the memo")
	}
}

// TestWorkspaceSuites: a directory's test suites are its regular files
// named *.test.yaml or *.test.yml (as sfmd test finds them), in name
// order, from the run's shared listing (scanned once), or listed afresh
// by a Workspace of no run.
func TestWorkspaceSuites(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.test.yml", "a.test.yaml", "c.yaml", "test.yaml.md"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "d.test.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.test.yaml", filepath.Join(dir, "e.test.yaml")); err != nil {
		t.Fatal(err)
	}
	want := []string{"a.test.yaml", "b.test.yml"}
	run := newWorkspaceShared(nil, dir)
	ws := &Workspace{shared: run, dir: dir}
	first := ws.Suites(".")
	if !slices.Equal(first, want) {
		t.Errorf("suites %q, want %q", first, want)
	}
	if again := (&Workspace{shared: run, dir: dir}).Suites("."); len(again) == 0 || &again[0] != &first[0] {
		t.Error("a second document of the run scanned the listing again")
	}
	if alone := (&Workspace{dir: dir}).Suites("."); !slices.Equal(alone, want) {
		t.Errorf("no run: suites %q, want %q", alone, want)
	}
	if none := ws.Suites("missing"); none != nil {
		t.Errorf("a missing directory: %q", none)
	}
}

// TestResolveFast holds Resolve to filepath.Join (and Clean for an
// absolute path) on random paths of clean and unclean elements, against
// clean and unclean directories.
func TestResolveFast(t *testing.T) {
	atoms := []string{"a", "b.md", ".", "..", "", "/", "//", "...", ".x", "x.", "é", "./", "./."}
	dirs := []string{"/", "/w", "/w/x", "/w/x/", "/w//x", "/w/./x", "/w/../x", "/w/.."}
	r := rand.New(rand.NewSource(3))
	for n := 0; n < 100000; n++ {
		var b strings.Builder
		for j := 0; j < r.Intn(6); j++ {
			if j > 0 && r.Intn(3) > 0 {
				b.WriteString("/")
			}
			b.WriteString(atoms[r.Intn(len(atoms))])
		}
		p, dir := b.String(), dirs[r.Intn(len(dirs))]
		want := filepath.Join(dir, filepath.FromSlash(p))
		if filepath.IsAbs(p) {
			want = filepath.Clean(p)
		}
		if got := (&Workspace{dir: dir}).Resolve(p); got != want {
			t.Fatalf("Resolve(%q) in %q = %q, want %q", p, dir, got, want)
		}
	}
}
