package lsp_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/internal/lsp/lsptest"
	"github.com/sfmd-dev/sfmd/lint"
)

// The diagnostics an editor gets are sfmd lint's: same rules, positions,
// messages, severities, related positions, for the broken and the clean
// sample documents (and the upstream corpus when it is next to the
// repository).
func TestDiagnosticsMatchLint(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../corpus/err/*.md", "../../corpus/ok/*/*.md", "../../corpus/fuzz/*.md"} {
		fs, _ := filepath.Glob(pat)
		files = append(files, fs...)
	}
	_ = filepath.WalkDir("../../../shared/corpus/upstream", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") && d.Name() != "SOURCES.md" {
			files = append(files, p)
		}
		return nil
	})
	if len(files) < 10 {
		t.Fatalf("only %d documents found", len(files))
	}
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	c, wait := lsptest.InProcess(lsp.Options{Analyzers: analyzers(), MinSeverity: lint.Info, Dir: root})
	defer func() { _ = c.Notify("exit", nil); wait() }()
	if _, err := c.Initialize(lsptest.URI(root), map[string]any{}); err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, f := range files {
		abs, _ := filepath.Abs(f)
		src, err := os.ReadFile(abs)
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.Valid(src) {
			continue // an editor decodes the file before it sends it (JSON is UTF-8): file-not-utf8 cannot happen
		}
		rep, err := lint.Run(lint.Options{Paths: []string{abs}, Dir: root}, analyzers())
		if err != nil {
			t.Fatal(err)
		}
		uri := lsptest.URI(abs)
		if err := c.Open(uri, string(src)); err != nil {
			t.Fatal(err)
		}
		p, err := c.WaitDiagnostics(uri, 1)
		if err != nil {
			t.Fatal(err)
		}
		var want, got []string
		for _, d := range rep.Diagnostics {
			sp, msg := d.Span, d.Message
			if d.Path != abs { // in a nav menu: published at the directive (lsp foreignToLSP)
				for _, r := range d.Related {
					if r.Path == abs {
						sp = r.Span
					}
				}
				rel, _ := filepath.Rel(filepath.Dir(abs), d.Path)
				msg = fmt.Sprintf("%s line %d: %s", filepath.ToSlash(rel), d.Span.Start.Line, msg)
			}
			want = append(want, fmt.Sprintf("%v-%v %d %s %s related=%d", c.PositionAt(uri, sp.Start.Off()), endPosition(c, uri, src, sp.Start.Off(), sp.End.Off()),
				map[lint.Severity]int{lint.Error: 1, lint.Warning: 2, lint.Info: 3}[d.Severity], d.Rule, msg, len(d.Related)))
		}
		for _, d := range p.Diagnostics {
			got = append(got, fmt.Sprintf("%v-%v %d %s %s related=%d", d.Range.Start, d.Range.End, d.Severity, d.Code, d.Message, len(d.RelatedInformation)))
		}
		sort.Strings(want)
		sort.Strings(got)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s:\nlsp:\n%s\nsfmd lint:\n%s", f, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		_ = c.Close(uri)
		compared++
	}
	t.Logf("%d documents compared", compared)
}

// endPosition is where a range ending at end must end: a finding about
// the "\r" of a "\r\n" covers the whole line break.
func endPosition(c *lsptest.Client, uri string, src []byte, start, end int) lsp.Position {
	if end > start && end < len(src) && src[end-1] == '\r' && src[end] == '\n' {
		return lsp.Position{Line: c.PositionAt(uri, end).Line + 1}
	}
	return c.PositionAt(uri, end)
}
