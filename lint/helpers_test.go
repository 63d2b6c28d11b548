package lint

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// fakeParse builds just what the engine reads (Src, Index, Comments), so
// the engine tests do not depend on the parser's other details.
func fakeParse(path string, src []byte) *sfmd.Document {
	doc := &sfmd.Document{Path: path, Src: src, Index: sfmd.NewLineIndex(src)}
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("<!--"))
		if j < 0 {
			break
		}
		start := i + j
		k := bytes.Index(src[start+4:], []byte("-->"))
		if k < 0 {
			break
		}
		end := start + 4 + k + 3
		ls := bytes.LastIndexByte(src[:start], '\n') + 1
		le := bytes.IndexByte(src[end:], '\n')
		if le < 0 {
			le = len(src)
		} else {
			le += end
		}
		own := len(bytes.TrimSpace(src[ls:start])) == 0 && len(bytes.TrimSpace(src[end:le])) == 0
		doc.Comments = append(doc.Comments, &sfmd.Comment{
			Text:    strings.TrimSpace(string(src[start+4 : end-3])),
			Span:    doc.Index.Span(start, end),
			OwnLine: own,
		})
		i = end
	}
	// Fences: "```" lines pair up (enough for the engine tests).
	open := -1
	for n := 1; n <= doc.Index.LineCount(); n++ {
		if !bytes.HasPrefix(doc.Index.Line(n), []byte("```")) {
			continue
		}
		if open < 0 {
			open = n
			continue
		}
		doc.Fences = append(doc.Fences, &sfmd.Fence{Span: doc.Index.Span(doc.Index.LineStart(open), doc.Index.LineEnd(n)), Closed: true})
		open = -1
	}
	return doc
}

// wordRule reports every occurrence of word, with a fix replacing it by
// repl (safe or not).
func wordRule(name, word, repl string, sev Severity, prof Profile, safe bool) *Analyzer {
	return &Analyzer{
		Name: name, Severity: sev, Profile: prof,
		Doc: Doc{Title: "no " + word},
		Run: func(pass *Pass) (any, error) {
			src := pass.Doc.Src
			for i := 0; ; {
				j := bytes.Index(src[i:], []byte(word))
				if j < 0 {
					break
				}
				s := i + j
				d := Diagnostic{
					Span:    pass.Doc.Index.Span(s, s+len(word)),
					Message: fmt.Sprintf("found %q", word),
				}
				if repl != "\x00" {
					d.Fixes = []Fix{{Message: "replace it", Safe: safe, Edits: []Edit{{Start: s, End: s + len(word), New: repl}}}}
				}
				pass.Report(d)
				i = s + 1
			}
			return nil, nil
		},
	}
}

var (
	noBad   = wordRule("no-bad", "BAD", "good", Error, Core, true)
	noTodo  = wordRule("no-todo", "TODO", "\x00", Warning, Core, true)
	noXX    = wordRule("no-double-x", "xx", "x", Warning, Core, true)   // overlapping fixes
	noUgly  = wordRule("no-ugly", "UGLY", "nice", Info, Runtime, false) // unsafe fix
	noProj  = wordRule("style-only", "PROJ", "\x00", Error, Style, true)
	testSet = []*Analyzer{noBad, noTodo, noXX, noUgly, noProj, UnusedSuppression}
)

// lines renders diagnostics as "path:line:col: severity: message [rule]".
func lines(ds []Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%s:%d:%d: %s: %s [%s]\n", d.Path, d.Span.Start.Line, d.Span.Start.Col, d.Severity, d.Message, d.Rule)
	}
	return b.String()
}

// writeTree writes files (path -> content) under a new temp dir, which
// also gets a .git directory so that config lookup stops there.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func run(t *testing.T, opts Options, as ...*Analyzer) *Report {
	t.Helper()
	if opts.Parse == nil {
		opts.Parse = fakeParse
	}
	if as == nil {
		as = testSet
	}
	rep, err := Run(opts, as)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if len(rep.Errors) > 0 {
		t.Fatalf("Run: file errors: %v", rep.Errors)
	}
	return rep
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
