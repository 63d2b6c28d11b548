package lsp_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/sfmd-dev/sfmd/lsp"
)

// TestRenameIsTheRuleFix: on action-id-invalid's archive, the language
// server's rename of each invalid action ID and the rule's fix (the
// editor's quick fix) give the same edits: both rename every occurrence
// sfmd's index of names lists.
func TestRenameIsTheRuleFix(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("..", "rules", "testdata", "action-id-invalid.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	for _, f := range ar.Files {
		if f.Name == "fix.md" {
			doc = string(f.Data)
		}
	}
	s := newSession(t, nil, lsp.Options{}, nil)
	uri := s.uri("fix.md")
	p := s.open("fix.md", doc)
	edits := func(es []lsp.TextEdit) []string {
		var out []string
		for _, e := range es {
			out = append(out, fmt.Sprintf("%d:%d-%d:%d %s", e.Range.Start.Line, e.Range.Start.Character, e.Range.End.Line, e.Range.End.Character, e.NewText))
		}
		slices.Sort(out)
		return out
	}
	compared := 0
	for _, d := range p.Diagnostics {
		if d.Code != "action-id-invalid" {
			continue
		}
		for _, a := range codeActions(t, s, uri, d.Range, "quickfix") {
			if a.Edit == nil || !strings.HasPrefix(strings.ToLower(a.Title), "rename action") {
				continue
			}
			fix := a.Edit.Changes[uri]
			var we lsp.WorkspaceEdit
			if err := s.c.Call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri},
				"position": d.Range.Start, "newName": fix[0].NewText}, &we); err != nil {
				t.Fatal(err)
			}
			got, want := edits(we.Changes[uri]), edits(fix)
			if !slices.Equal(got, want) {
				t.Errorf("rename to %s:\n%s\nthe fix:\n%s", fix[0].NewText, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			compared++
		}
	}
	if compared < 2 {
		t.Errorf("%d renames compared, want 2 (Search, Get-Weather)", compared)
	}
}
