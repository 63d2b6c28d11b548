package lsp_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestRenameIsTheRuleFix: on action-id-invalid's archive, the language
// server's rename of each invalid action ID and the rule's fix (the
// editor's quick fix) give the same edits: both rename every occurrence
// sfmd's index of names lists.
func TestRenameIsTheRuleFix(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("..", "..", "rules", "testdata", "action-id-invalid.txtar"))
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

// TestReferencesAreTheIndexGroups: from every occurrence of an action ID,
// a parameter or a variable in appDoc, the language server's references
// are the occurrences sfmd's index of names groups with it.
func TestReferencesAreTheIndexGroups(t *testing.T) {
	s, uri := appSession(t)
	doc := sfmd.Parse("app.md", []byte(appDoc))
	names := doc.Names()
	span := func(o sfmd.Occurrence) [2]int {
		if o.Kind != sfmd.NameAction && (o.Ref != nil || o.Def) {
			return [2]int{o.Span.Start.Off(), o.Span.End.Off()} // a placeholder, a declaration: the construct
		}
		return [2]int{o.Start, o.End}
	}
	checked := 0
	for _, o := range names.All() {
		switch o.Kind {
		case sfmd.NameAction, sfmd.NameParam, sfmd.NameSessionVar, sfmd.NameLoopItem, sfmd.NameEnv:
		default:
			continue
		}
		var want [][2]int
		group := names.Group(&o)
		if o.Kind != sfmd.NameAction {
			group = names.Group(names.Decl(&o))
		}
		for _, g := range group {
			want = append(want, span(g))
		}
		var locs []lsp.Location
		params := map[string]any{"textDocument": map[string]any{"uri": uri}, "position": s.c.PositionAt(uri, o.Start), "context": map[string]any{"includeDeclaration": true}}
		if err := s.c.Call("textDocument/references", params, &locs); err != nil {
			t.Fatal(err)
		}
		var got [][2]int
		for _, l := range locs {
			got = append(got, [2]int{s.c.Offset(uri, l.Range.Start), s.c.Offset(uri, l.Range.End)})
		}
		if !slices.Equal(got, want) {
			t.Errorf("references of %s %q at %d: %v, the index groups %v", o.Kind, o.Name, o.Start, got, want)
		}
		checked++
	}
	if checked < 15 {
		t.Errorf("%d occurrences checked", checked)
	}
}
