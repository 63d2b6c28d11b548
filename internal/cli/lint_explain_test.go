package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestExplainSuppressionWorks follows the suppression advice of `sfmd
// explain` for every rule's Bad example: each finding gets the comment
// explain recommends for where it is (sfmd-disable-next-block before the
// fenced block it is in, when explain recommends that, else
// sfmd-disable-next-line before its line), and the finding must be gone.
func TestExplainSuppressionWorks(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, ".sfmd.yaml")
	if err := os.WriteFile(cfg, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, a := range analyzers() {
		if a.Profile == lint.Manifest || strings.TrimSpace(a.Doc.Bad) == "" {
			continue
		}
		var sb strings.Builder
		if err := explain(&sb, a); err != nil {
			t.Fatal(err)
		}
		nextBlock := strings.Contains(sb.String(), "sfmd-disable-next-block "+a.Name)
		doc := sfmd.Parse("bad.md", []byte(a.Doc.Bad))
		diags, _ := lint.Check(doc, []*lint.Analyzer{a})
		lines := strings.SplitAfter(a.Doc.Bad, "\n")
		for _, d := range diags {
			if d.Rule != a.Name {
				continue
			}
			at, comment := int(d.Span.Start.Line), "sfmd-disable-next-line"
			for _, f := range doc.Fences {
				if l := d.Span.Start.Line; l > f.OpenSpan.Start.Line && l <= f.Span.End.Line && nextBlock {
					at, comment = int(f.OpenSpan.Start.Line), "sfmd-disable-next-block"
				}
			}
			if at < 1 || at > len(lines) || strings.HasPrefix(strings.TrimSpace(lines[at-1]), ">") || strings.HasPrefix(lines[at-1], " ") {
				continue // inside a container: the comment would need its prefix
			}
			src := strings.Join(lines[:at-1], "") + "<!-- " + comment + " " + a.Name + " -->\n" + strings.Join(lines[at-1:], "")
			p := filepath.Join(dir, "bad.md")
			if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			rep, err := lint.Run(lint.Options{Paths: []string{p}, Dir: dir, Config: cfg, Jobs: 1,
				Selection: lint.Selection{Disable: []string{"all"}, Enable: []string{a.Name}}}, analyzers())
			if err != nil {
				t.Fatal(err)
			}
			checked++
			for _, e := range rep.Diagnostics {
				if e.Rule == a.Name && e.Message == d.Message && e.Span.Start.Line == d.Span.Start.Line+1 {
					t.Errorf("%s: the comment explain recommends does not suppress %q:\n%s", a.Name, d.Message, src)
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d findings checked", checked)
	}
}
