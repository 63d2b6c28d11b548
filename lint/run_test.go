package lint

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

func TestParallelDeterminism(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 60; i++ {
		body := strings.Repeat("BAD TODO UGLY\n", i%7+1)
		if i%5 == 0 {
			body = "<!-- sfmd-disable-next-line no-bad -->\n" + body + "<!-- sfmd-disable-next-line no-todo -->\n"
		}
		files[fmt.Sprintf("d%d/f%02d.md", i%4, i)] = body
	}
	dir := writeTree(t, files)
	base := run(t, Options{Dir: dir, Jobs: 1})
	if len(base.Diagnostics) < 200 {
		t.Fatalf("only %d diagnostics", len(base.Diagnostics))
	}
	for _, jobs := range []int{2, 3, 8, 64} {
		for k := 0; k < 3; k++ {
			rep := run(t, Options{Dir: dir, Jobs: jobs})
			if !reflect.DeepEqual(rep.Diagnostics, base.Diagnostics) {
				t.Fatalf("jobs=%d run %d differs from jobs=1", jobs, k)
			}
		}
	}
	// Sorted by path, line, column, rule.
	for i := 1; i < len(base.Diagnostics); i++ {
		a, b := base.Diagnostics[i-1], base.Diagnostics[i]
		if a.Path > b.Path || a.Path == b.Path && (a.Span.Start.Line > b.Span.Start.Line ||
			a.Span.Start.Line == b.Span.Start.Line && a.Span.Start.Col > b.Span.Start.Col) {
			t.Fatalf("not sorted at %d: %v then %v", i, a, b)
		}
	}
}

func TestDedupAndSharedAnalysisOncePerDocument(t *testing.T) {
	var runs atomic.Int32
	shared := &Analyzer{Name: "words", Shared: true, Run: func(p *Pass) (any, error) {
		runs.Add(1)
		return strings.Fields(string(p.Doc.Src)), nil
	}}
	mk := func(name string) *Analyzer {
		return &Analyzer{Name: name, Profile: Core, Severity: Warning, Doc: Doc{Title: "t"}, Requires: []*Analyzer{shared},
			Run: func(p *Pass) (any, error) {
				for _, w := range p.ResultOf[shared].([]string) {
					if w == "dup" {
						// Reported twice: the engine keeps one.
						p.Reportf(p.Doc.Index.Span(0, 3), "word %q", w)
						p.Reportf(p.Doc.Index.Span(0, 3), "word %q", w)
					}
				}
				return nil, nil
			}}
	}
	dir := writeTree(t, map[string]string{"a.md": "dup\n", "b.md": "dup\n", "c.md": "x\n"})
	rep := run(t, Options{Dir: dir}, mk("one"), mk("two"))
	if got := runs.Load(); got != 3 {
		t.Errorf("shared analysis ran %d times for 3 documents", got)
	}
	want := "a.md:1:1: warning: word \"dup\" [one]\na.md:1:1: warning: word \"dup\" [two]\nb.md:1:1: warning: word \"dup\" [one]\nb.md:1:1: warning: word \"dup\" [two]\n"
	if got := lines(rep.Diagnostics); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// Shared analyses are not rules.
	if rep.rule("words") != nil || rep.rule("one") == nil {
		t.Errorf("registry: words=%v one=%v", rep.rule("words"), rep.rule("one"))
	}
}

func TestFailingRuleIsIsolated(t *testing.T) {
	boom := &Analyzer{Name: "boom", Profile: Core, Doc: Doc{Title: "t"}, Run: func(p *Pass) (any, error) {
		if strings.Contains(string(p.Doc.Src), "panic") {
			panic("boom") // a rule that crashes
		}
		return nil, nil
	}}
	dependent := &Analyzer{Name: "dependent", Profile: Core, Doc: Doc{Title: "t"}, Requires: []*Analyzer{boom},
		Run: func(p *Pass) (any, error) { p.Reportf(p.Doc.Index.Span(0, 0), "ran"); return nil, nil }}
	failing := &Analyzer{Name: "failing", Profile: Core, Doc: Doc{Title: "t"}, Run: func(p *Pass) (any, error) {
		if strings.Contains(string(p.Doc.Src), "fail") {
			return nil, errors.New("cannot cope")
		}
		return nil, nil
	}}
	dir := writeTree(t, map[string]string{"a.md": "panic BAD\n", "b.md": "BAD\n", "c.md": "fail BAD\n"})
	rep, err := Run(Options{Dir: dir, Parse: fakeParse}, []*Analyzer{boom, dependent, failing, noBad})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 2 {
		t.Fatalf("errors = %v, want 2", rep.Errors)
	}
	if got := rep.Errors[0].Error(); got != `a.md: rule "boom" failed: panic: boom` {
		t.Errorf("error 0 = %s", got)
	}
	if got := rep.Errors[1].Error(); got != `c.md: rule "failing" failed: cannot cope` {
		t.Errorf("error 1 = %s", got)
	}
	// Every file still got its other diagnostics; the dependent of the
	// panicking rule was skipped in a.md only.
	want := `a.md:1:7: error: found "BAD" [no-bad]
b.md:1:1: info: ran [dependent]
b.md:1:1: error: found "BAD" [no-bad]
c.md:1:1: info: ran [dependent]
c.md:1:6: error: found "BAD" [no-bad]
`
	if got := lines(rep.Diagnostics); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestSourceForFormatters(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.md": "one\nBAD\n", "b.md": "clean\n"})
	rep := run(t, Options{Dir: dir})
	if got := string(rep.Source("a.md")); got != "one\nBAD\n" {
		t.Errorf("Source(a.md) = %q", got)
	}
	// Files without findings are not tracked: nothing is kept for them.
	if got := rep.Source("b.md"); got != nil {
		t.Errorf("Source(b.md) = %q, want nil", got)
	}
}

func TestParserPanicIsIsolated(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.md": "crash\n", "b.md": "BAD\n"})
	parse := func(path string, src []byte) *sfmd.Document {
		if strings.HasPrefix(string(src), "crash") {
			panic("parser bug")
		}
		return fakeParse(path, src)
	}
	rep, err := Run(Options{Dir: dir, Parse: parse}, testSet)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 1 || rep.Errors[0].Error() != "a.md: parser failed: panic: parser bug" {
		t.Errorf("errors = %v", rep.Errors)
	}
	if got, want := lines(rep.Diagnostics), "b.md:1:1: error: found \"BAD\" [no-bad]\n"; got != want {
		t.Errorf("got %s want %s", got, want)
	}
	// --fix on stdin: a failure gives the input back, never an empty
	// buffer.
	rep, err = Run(Options{Dir: dir, Parse: parse, Paths: []string{"-"}, Stdin: strings.NewReader("crash BAD\n"), Fix: FixSafe}, testSet)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 1 || string(rep.Stdout) != "crash BAD\n" {
		t.Errorf("stdin --fix after a parser failure: stdout %q, errors %v", rep.Stdout, rep.Errors)
	}
}

// TestWalkKeepsListingsWhereDocumentsAre: the walk's directory listings
// stay for the rules only where a document was found (in the directory
// or below it); the others are dropped once walked.
func TestWalkKeepsListingsWhereDocumentsAre(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"docs/a.md":           "BAD\n",
		"docs/img/logo.txt":   "x\n",
		"src/main.go":         "package main\n",
		"src/deep/er/util.go": "package er\n",
	})
	reg, err := NewRegistry(testSet)
	if err != nil {
		t.Fatal(err)
	}
	l := &linter{opts: Options{Dir: dir, Paths: []string{"."}}, parse: fakeParse, reg: reg}
	finder := newConfigFinder(reg, dir, Selection{})
	l.ws = newWorkspaceShared(fakeParse, dir)
	finder.listed = l.ws.listed
	next, err := l.discover(finder)
	if err != nil {
		t.Fatal(err)
	}
	for {
		j, err := next()
		if err != nil {
			t.Fatal(err)
		}
		if j == nil {
			break
		}
	}
	for rel, want := range map[string]bool{".": true, "docs": true, "docs/img": false, "src": false, "src/deep/er": false} {
		_, got := l.ws.listings.dirs[filepath.Join(dir, filepath.FromSlash(rel))]
		if got != want {
			t.Errorf("listing of %s kept: %v, want %v", rel, got, want)
		}
	}
}
