package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// lintFileAsCLI lints dir/name with rule a through lint.Run, as the CLI
// does: with a Workspace rooted at the file's directory.
func lintFileAsCLI(t *testing.T, dir, name string, a *lint.Analyzer) []string {
	t.Helper()
	rep, err := lint.Run(lint.Options{Paths: []string{name}, Dir: dir, Selection: lint.Selection{Enable: []string{a.Name}}, Jobs: 1}, []*lint.Analyzer{a})
	if err != nil {
		t.Fatalf("%s/%s: %v", dir, name, err)
	}
	for _, e := range rep.Errors {
		t.Errorf("%s/%s: %v", dir, name, e)
	}
	var out []string
	for _, d := range rep.Diagnostics {
		if d.Rule == a.Name {
			out = append(out, format(d))
		}
	}
	return out
}

// TestShortcutReferenceFallsBackToMenus checks that an unqualified
// [Label][@id] defined only in a nav menu is resolved through the menu
// file (resolution order: page, auto-shortcuts, menus), and still
// reported when no menu has it.
func TestShortcutReferenceFallsBackToMenus(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "nav"), 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"nav/main.md": "[@home Home](../index.md)\n",
		"doc.md":      "[!nav:main](nav/main.md)\n\nGo [Home][@home] or [Away][@away].\n",
		"broken.md":   "[!nav:main](nav/missing.md)\n\nGo [Away][@away].\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := lintFileAsCLI(t, dir, "doc.md", ShortcutReferenceUndefined)
	matchOut(t, "doc.md", got, []string{`doc.md:3:29: error: shortcut "@away" is not defined in this document; define it with [@away]: url or [@away Label](url) [shortcut-reference-undefined]`})
	// an unreadable menu might define it: nav-target-not-found reports the
	// file, this rule stays silent
	if got := lintFileAsCLI(t, dir, "broken.md", ShortcutReferenceUndefined); len(got) != 0 {
		t.Errorf("broken.md: want nothing while the menu cannot be read, got:\n%s", strings.Join(got, "\n"))
	}
}

// TestAutoShortcutIDs checks the auto-shortcut IDs generated for plain
// links (which [Label][@id] references may use).
func TestAutoShortcutIDs(t *testing.T) {
	src := "[Docs](https://a.example) [Docs](https://b.example) [docs](https://c.example) " +
		"[A very long label that is long](https://d.example) [Local](local.md) [Read](act:read) " +
		"[Ünïcode](https://e.example) [" + strings.Repeat("x", 10) + "](" + strings.Repeat("p/", 25) + "f.md)"
	got := autoShortcutIDs(sfmd.Parse("x.md", []byte(src)))
	want := []string{"docs", "docs-2", "docs-3", "link-1", "read", "link-2", "xxxxxxxxxx"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("autoShortcutIDs = %q, want %q", got, want)
	}
}

// TestActLinksInResponseTemplates checks that act: links written in
// response templates are parsed with exact positions.
func TestActLinksInResponseTemplates(t *testing.T) {
	src := "```act.list\nGET https://a.example/posts\n```\n\n```act.list.response\n- [{p.t}](act:read?id={p.id}&x=1#f) `[no](act:zzz)`\n```\n"
	doc := sfmd.Parse("x.md", []byte(src))
	ls := actLinks(doc)
	if len(ls) != 1 {
		t.Fatalf("got %d act links, want 1 (the one in code is not a link)", len(ls))
	}
	l := ls[0]
	if l.ID != "read" || !l.HasFrag || l.Owner != "list" || len(l.Query) != 2 || l.Query[0].Key != "id" || l.Query[1].Key != "x" {
		t.Errorf("parsed %+v", l)
	}
	if got := src[l.Query[1].KeySpan.Start.Offset:l.Query[1].KeySpan.End.Offset]; got != "x" {
		t.Errorf("key span covers %q, want %q", got, "x")
	}
	if got := src[l.DestSpan.Start.Offset:l.DestSpan.End.Offset]; got != l.Dest {
		t.Errorf("dest span covers %q, want %q", got, l.Dest)
	}
}

// TestShortcutDefinitionUnusedMenuFile checks that a menu file, which
// holds nothing but shortcut definitions for the documents that nav to
// it, has no unused definitions.
func TestShortcutDefinitionUnusedMenuFile(t *testing.T) {
	menu := "# Main menu\n\n- [@home]: ../index.md\n[@help]: ../help.md\n<!-- generated -->\n"
	if d := check(t, "main.md", []byte(menu), ShortcutDefinitionUnused); len(d) != 0 {
		t.Errorf("menu file: want nothing, got %v", d)
	}
	doc := "See the API.\n\n[@help]: ../help.md\n"
	if d := check(t, "doc.md", []byte(doc), ShortcutDefinitionUnused); len(d) != 1 {
		t.Errorf("document with prose: want 1 finding, got %v", d)
	}
}

// TestIncludedDefinitions checks that shortcuts and actions defined in
// included documents (inlined by the compiler) count as defined, that an
// unreadable include silences the undefined-name rules, and that act:
// links in a tool's response templates are not checked against the tool.
func TestIncludedDefinitions(t *testing.T) {
	files := map[string]string{
		"page.source/footer.md": "[@contact Contact](contact.md)\n\n```act.vote\nPOST https://a.example/vote/{id}\n  id: string (required) \"Post ID\"\n```\n",
		"parts/side.md":         "[!include:deep](deeper.md)\n",
		"parts/deeper.md":       "[@deep Deep](x.md)\n",
		"page.md": "[!include:footer]()\n[!include:side](parts/side.md)\n\n" +
			"[Contact][@contact] [Deep][@deep] [Gone][@gone]\n\n[Vote](act:vote?id=1) [Vote](act:vote) [Zap](act:zap)\n",
		"broken.md": "[!include:footer](missing.md)\n\n[Gone][@gone] [Zap](act:zap)\n",
		"tool.md":   "---\ntype: tool\n---\n\n```act.list\nGET https://a.example/list\n```\n\n```act.list.response\n- [Open](act:open_item?id=1)\n```\n\n[Open](act:open_item)\n",
	}
	dir := writeFiles(t, files)
	matchOut(t, "page.md undefined", lintFileAsCLI(t, dir, "page.md", ShortcutReferenceUndefined),
		[]string{`/page.md:4:43: error: shortcut "@gone" is not defined in this document/`})
	matchOut(t, "page.md unknown action", lintFileAsCLI(t, dir, "page.md", ActLinkUnknownAction),
		[]string{`/page.md:6:50: error: act: link calls action "zap", which this document does not define/`})
	matchOut(t, "page.md missing required", lintFileAsCLI(t, dir, "page.md", ActLinkMissingRequired),
		[]string{`/page.md:6:30: error: act: link to "vote" does not pass the required field "id"/`})
	for _, a := range []*lint.Analyzer{ShortcutReferenceUndefined, ActLinkUnknownAction} {
		if got := lintFileAsCLI(t, dir, "broken.md", a); len(got) != 0 {
			t.Errorf("broken.md %s: want nothing while an include cannot be read, got:\n%s", a.Name, strings.Join(got, "\n"))
		}
	}
	matchOut(t, "tool.md", lintFileAsCLI(t, dir, "tool.md", ActLinkUnknownAction),
		[]string{`/tool.md:13:12: error: act: link calls action "open_item"/`})
}
