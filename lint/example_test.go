package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// A rule is a declarative value; it reports only through the pass. This
// one flags "TODO" in prose and offers a safe fix.
var noTodo = &lint.Analyzer{
	Name:     "no-todo",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "TODO left in a document",
		Why:   "readers and agents take the text literally",
		Bad:   "TODO: write this\n",
		Good:  "Write this.\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		src := string(pass.Doc.Src)
		for i := strings.Index(src, "TODO"); i >= 0; {
			pass.Report(lint.Diagnostic{
				Span:    pass.Doc.Index.Span(i, i+4),
				Message: "TODO left in the text, finish or remove it",
				Fixes:   []lint.Fix{{Message: "replace it with NOTE", Safe: true, Edits: []lint.Edit{{Start: i, End: i + 4, New: "NOTE"}}}},
			})
			j := strings.Index(src[i+1:], "TODO")
			if j < 0 {
				break
			}
			i += 1 + j
		}
		return nil, nil
	},
}

// Run discovers the files, parses each once, runs the rules in parallel and
// applies config and inline suppressions.
func ExampleRun() {
	dir, err := os.MkdirTemp("", "sfmd-example")
	if err != nil {
		panic(err)
	}
	defer func() { _ = os.RemoveAll(dir) }()
	doc := "# Notes\n\nTODO: first\n\n<!-- sfmd-disable-next-line no-todo -- kept on purpose -->\nTODO: second\n"
	if err := os.WriteFile(filepath.Join(dir, "notes.md"), []byte(doc), 0o644); err != nil {
		panic(err)
	}
	rep, err := lint.Run(lint.Options{Dir: dir}, []*lint.Analyzer{noTodo, lint.UnusedSuppression})
	if err != nil {
		panic(err)
	}
	for _, d := range rep.Diagnostics {
		fmt.Printf("%s:%d:%d: %s: %s [%s]\n", d.Path, d.Span.Start.Line, d.Span.Start.Col, d.Severity, d.Message, d.Rule)
	}
	// Output:
	// notes.md:3:1: warning: TODO left in the text, finish or remove it [no-todo]
}
