package lint

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// sfmd lint and the editor check a document through one function,
// checkDoc: every check of either driver (a file, stdin, a buffer, a fix,
// a document over the size cap) is counted by its hook, and every parse of
// the document being checked happens inside it.
func TestOneChecker(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".sfmd.yaml": "rules:\n  file-too-large:\n    options: {max-size: 60}\n",
		"a.md":       "BAD TODO\n",
		"b.md":       "UGLY\n",
		"big.md":     strings.Repeat("a line of text\n", 10),
	})
	var mu sync.Mutex
	checks := map[string]int{}  // display path -> checkDoc calls
	inside := map[string]bool{} // display path -> being checked
	testHookCheck = func(j *job) {
		mu.Lock()
		defer mu.Unlock()
		checks[j.display]++
		inside[j.display] = true
	}
	defer func() { testHookCheck = nil }()
	var stray []string
	parse := func(path string, src []byte) *sfmd.Document {
		mu.Lock()
		if !inside[path] {
			stray = append(stray, path)
		}
		mu.Unlock()
		return fakeParse(path, src)
	}
	as := append(append([]*Analyzer(nil), testSet...), tooLargeRule())
	if _, err := Run(Options{Dir: dir, Parse: parse, Fix: FixSafe, Stdin: strings.NewReader("BAD\n"), StdinFilename: "in.md", Paths: []string{".", "-"}}, as); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"a.md": 1, "b.md": 1, "big.md": 1, "in.md": 1}
	if !mapsEqual(checks, want) {
		t.Errorf("sfmd lint: checkDoc calls %v, want %v", checks, want)
	}
	clear(checks)
	b, err := NewBufferLinter(as, BufferOptions{Dir: dir, Parse: parse})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, name := range []string{"a.md", "big.md"} {
		buf := Buffer{Path: filepath.Join(dir, name), Src: []byte("BAD\n")}
		if name == "big.md" {
			buf.Src = []byte(strings.Repeat("a line of text\n", 10))
		}
		if _, err := b.Lint(ctx, buf); err != nil {
			t.Fatal(err)
		}
		if _, _, err := b.Fix(ctx, buf, FixSafe); err != nil {
			t.Fatal(err)
		}
	}
	if want := map[string]int{"a.md": 2, "big.md": 2}; !mapsEqual(checks, want) {
		t.Errorf("editor: checkDoc calls %v, want %v", checks, want)
	}
	if len(stray) > 0 {
		t.Errorf("documents parsed outside checkDoc: %v", stray)
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// tooLargeRule is a stand-in for rules' file-too-large: it reports the
// finding sfmd.TooLarge puts on the document.
func tooLargeRule() *Analyzer {
	return &Analyzer{Name: sfmd.CodeFileTooLarge, Severity: Error, Profile: Core, Doc: Doc{Title: "file too large"},
		OptionDocs: map[string]string{MaxSizeOption: "the largest document checked"},
		Run: func(pass *Pass) (any, error) {
			pass.Report(Diagnostic{Span: pass.Doc.Index.Span(0, 0), Message: "too large"})
			return nil, nil
		}}
}
