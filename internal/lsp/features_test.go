package lsp_test

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/internal/version"
)

const appDoc = `---
name: shelf
type: app
default: search
env:
  - SHELF_TOKEN: "API token"
---

# Shelf

[!nav:main](nav/main.md)

<!-- #intro -->
Search with ` + "`/act.search --query dune -n 3`" + ` or [search](act:search?query=dune).
See [@latest Latest](act:search?query=new) and [the list][@latest].
<!-- /intro -->

[!include:pricing](parts.md#pricing)

` + "```act.search" + `
GET https://api.example.com/books?q={query}&limit={limit} -H "Authorization: Bearer $SHELF_TOKEN"
  query, -q: string (required) "Title or author"
  limit, -n: string (optional) "How many" = "5"
` + "```" + `

` + "```act.search.response" + `
{total} = {Response.body.total}
## {total} books for "{query}"
for: book in Response.body.items
- **{book.title}** by {book.author}
end:
` + "```" + `
`

const appSuite = `version: 1
tests:
  - name: search dune
    steps:
      - run: /act.search --query dune
        http:
          - request: {method: GET, url: "https://api.example.com/books?q=dune&limit=5"}
            response:
              json:
                total: 21
                items:
                  - {title: Dune, author: Frank Herbert, year: 1965}
`

func appSession(t *testing.T) (*session, string) {
	t.Helper()
	s := newSession(t, map[string]string{
		"nav/main.md":    "[@home Home](../app.md)\n",
		"parts.md":       "# Parts\n\n<!-- #pricing -->\nCheap.\n<!-- /pricing -->\n",
		"app.test.yaml":  appSuite,
		"other.test.yml": "version: 1\ndocument: elsewhere.md\ntests: []\n",
	}, lsp.Options{}, nil)
	s.open("app.md", appDoc)
	return s, s.uri("app.md")
}

// at is a place in the document: the n-th occurrence of needle, delta
// characters further.
type at struct {
	needle   string
	n, delta int
}

func TestDefinition(t *testing.T) {
	s, uri := appSession(t)
	action := at{"act.search\n", 0, 4}
	for _, tc := range []struct {
		name string
		from at
		file string // "" for app.md
		to   *at    // nil: the start of the file
	}{
		{"hint", at{"/act.search", 0, 6}, "", &action},
		{"act: link", at{"act:search?query=dune", 0, 6}, "", &action},
		{"shortcut target", at{"act:search?query=new", 0, 5}, "", &action},
		{"shortcut definition with an act: target", at{"@latest Latest", 0, 2}, "", &action},
		{"frontmatter default", at{"default: search", 0, 10}, "", &action},
		{"response template", at{"act.search.response", 0, 6}, "", &action},
		{"action itself", action, "", &action},
		{"shortcut use", at{"[@latest]", 0, 3}, "", &at{"@latest Latest", 0, 1}},
		{"hint --flag", at{"--query dune", 0, 3}, "", &at{"query, -q", 0, 0}},
		{"hint alias", at{"-n 3", 0, 1}, "", &at{"limit, -n", 0, 0}},
		{"link query key", at{"query=dune)", 0, 2}, "", &at{"query, -q", 0, 0}},
		{"hint --flag from its dashes", at{"--query dune", 0, 0}, "", &at{"query, -q", 0, 0}},
		{"shortcut target's query key", at{"query=new", 0, 2}, "", &at{"query, -q", 0, 0}},
		{"placeholder in the URL", at{"{limit}", 0, 2}, "", &at{"limit, -n", 0, 0}},
		{"$VAR", at{"$SHELF_TOKEN", 0, 3}, "", &at{"SHELF_TOKEN:", 0, 0}},
		{"session variable", at{"{total} books", 0, 2}, "", &at{"{total} =", 0, 0}},
		{"payload field in a template", at{"\"{query}\"", 0, 3}, "", &at{"query, -q", 0, 0}},
		{"loop item", at{"{book.title}", 0, 2}, "", &at{"book in", 0, 0}},
		{"parameter declaration", at{"limit, -n", 0, 2}, "", &at{"limit, -n", 0, 0}},
		{"closing block marker", at{"<!-- /intro", 0, 7}, "", &at{"#intro", 0, 1}},
		{"nav directive", at{"nav/main.md)", 0, 2}, "nav/main.md", nil},
		{"include with a block", at{"parts.md#pricing", 0, 3}, "parts.md", &at{"#pricing", 0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var locs []lsp.Location
			if err := s.c.Call("textDocument/definition", pos(uri, s.c.Position(uri, tc.from.needle, tc.from.n, tc.from.delta)), &locs); err != nil {
				t.Fatal(err)
			}
			if len(locs) != 1 {
				t.Fatalf("got %d locations: %+v", len(locs), locs)
			}
			wantURI, want := uri, lsp.Position{}
			if tc.file != "" {
				wantURI = s.uri(tc.file)
				if tc.to != nil {
					src := map[string]string{"parts.md": "# Parts\n\n<!-- #pricing -->\nCheap.\n<!-- /pricing -->\n"}[tc.file]
					i := strings.Index(src, tc.to.needle) + tc.to.delta
					want = lsp.Position{Line: strings.Count(src[:i], "\n"), Character: i - strings.LastIndexByte(src[:i], '\n') - 1}
				}
			} else {
				want = s.c.Position(uri, tc.to.needle, tc.to.n, tc.to.delta)
			}
			if locs[0].URI != wantURI || locs[0].Range.Start != want {
				t.Errorf("got %s %+v, want %s %+v", locs[0].URI, locs[0].Range.Start, wantURI, want)
			}
		})
	}
	// Nothing to go to: prose.
	var locs []lsp.Location
	if err := s.c.Call("textDocument/definition", pos(uri, s.c.Position(uri, "# Shelf", 0, 3)), &locs); err != nil || len(locs) != 0 {
		t.Errorf("prose: %+v %v", locs, err)
	}
}

func TestReferencesAndHighlight(t *testing.T) {
	s, uri := appSession(t)
	refs := func(p lsp.Position, decl bool) []lsp.Location {
		t.Helper()
		var locs []lsp.Location
		params := map[string]any{"textDocument": map[string]any{"uri": uri}, "position": p, "context": map[string]any{"includeDeclaration": decl}}
		if err := s.c.Call("textDocument/references", params, &locs); err != nil {
			t.Fatal(err)
		}
		return locs
	}
	// default, hint, link, shortcut, block, response
	if n := len(refs(s.c.Position(uri, "/act.search", 0, 7), true)); n != 6 {
		t.Errorf("references with the declaration: %d, want 6", n)
	}
	if n := len(refs(s.c.Position(uri, "/act.search", 0, 7), false)); n != 5 {
		t.Errorf("references without the declaration: %d, want 5", n)
	}
	// {query} in the URL and in the template, the hint's --query, the
	// link's and the shortcut's query key, plus the parameter; the same
	// from the flag.
	for _, at := range []lsp.Position{s.c.Position(uri, "query, -q", 0, 1), s.c.Position(uri, "--query dune", 0, 3)} {
		var got []string
		for _, l := range refs(at, true) {
			got = append(got, s.c.Text(uri)[s.c.Offset(uri, l.Range.Start):s.c.Offset(uri, l.Range.End)])
		}
		if want := "query query query {query} query {query}"; strings.Join(got, " ") != want {
			t.Errorf("references of a parameter: %q, want %q", strings.Join(got, " "), want)
		}
	}
	var hl []lsp.DocumentHighlight
	if err := s.c.Call("textDocument/documentHighlight", pos(uri, s.c.Position(uri, "{total} books", 0, 2)), &hl); err != nil {
		t.Fatal(err)
	}
	if len(hl) != 2 || hl[0].Kind != 3 || hl[1].Kind != 2 {
		t.Errorf("highlights: %+v", hl)
	}
}

func TestHover(t *testing.T) {
	s, uri := appSession(t)
	for _, tc := range []struct {
		name string
		at   at
		want []string
	}{
		{"action hint", at{"/act.search", 0, 7}, []string{"**act.search**", "GET https://api.example.com/books?q={query}", "`--query`, `-q` `string` (required) — Title or author", "Call: `/act.search --query <string>`"}},
		{"hint flag", at{"-n 3", 0, 1}, []string{"parameter `--limit`, `-n` `string` (optional) — How many, default `\"5\"`"}},
		{"response value from the suite", at{"{Response.body.total}", 0, 5}, []string{"`Response.body.total`: number", "21", "recorded in `app.test.yaml`, test \"search dune\""}},
		{"loop item from the suite", at{"{book.title}", 0, 3}, []string{"loop item `book`: each element of `Response.body.items`", "`Response.body.items[0].title`: string", "\"Dune\""}},
		{"env variable", at{"$SHELF_TOKEN", 0, 2}, []string{"env variable `$SHELF_TOKEN` — API token", "required"}},
		{"session variable", at{"{total} books", 0, 2}, []string{"session variable `{total}`, set by `{total} = {Response.body.total}`"}},
		{"rule of a diagnostic", at{"default: search", 0, 11}, []string{"**act.search**", "**default-action-needs-args** (warning, profile runtime)", "Bad:", "Fix: none", "[default-action-needs-args documentation](https://github.com/sfmd-dev/sfmd/blob/" + version.Tag + "/docs/rules/default-action-needs-args.md)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var h *lsp.Hover
			if err := s.c.Call("textDocument/hover", pos(uri, s.c.Position(uri, tc.at.needle, tc.at.n, tc.at.delta)), &h); err != nil {
				t.Fatal(err)
			}
			if h == nil {
				t.Fatal("no hover")
			}
			for _, w := range tc.want {
				if !strings.Contains(h.Contents.Value, w) {
					t.Errorf("hover lacks %q:\n%s", w, h.Contents.Value)
				}
			}
		})
	}
	var h *lsp.Hover
	if err := s.c.Call("textDocument/hover", pos(uri, s.c.Position(uri, "# Shelf", 0, 3)), &h); err != nil || h != nil {
		t.Errorf("hover on prose: %+v %v", h, err)
	}
}

func TestCompletion(t *testing.T) {
	s, uri := appSession(t)
	for _, tc := range []struct {
		name  string
		after at     // insert typed here
		typed string // then complete at its end
		want  []string
		exact bool
	}{
		{"action IDs in a hint", at{"<!-- /intro -->", 0, 0}, "Try `/act.se", []string{"search"}, true},
		{"action IDs after /act and two spaces", at{"<!-- /intro -->", 0, 0}, "Try `/act  se", []string{"search"}, true},
		{"action IDs in an /action hint", at{"<!-- /intro -->", 0, 0}, "Try `/action se", []string{"search"}, true},
		{"flags after /act and two spaces", at{"<!-- /intro -->", 0, 0}, "Try `/act  search --q", []string{"--query", "--limit"}, true},
		{"action IDs in an act: link", at{"<!-- /intro -->", 0, 0}, "[go](act:", []string{"search"}, true},
		{"flags of the hint's action", at{"<!-- /intro -->", 0, 0}, "Try `/act.search --query x -", []string{"--query", "--limit"}, true},
		{"query keys of an act: link", at{"<!-- /intro -->", 0, 0}, "[go](act:search?query=x&", []string{"query=", "limit="}, true},
		{"parameter types", at{"```\n\n```act.search.response", 0, 0}, "  page: ", []string{"string", "number", "boolean", "path"}, true},
		{"required or optional", at{"```\n\n```act.search.response", 0, 0}, "  page: number (", []string{"(required)", "(optional)"}, true},
		{"frontmatter keys", at{"env:", 0, 0}, "ti", []string{"title", "description", "author", "tags", "version", "namespace", "sfmd"}, true},
		{"frontmatter type", at{"env:", 0, 0}, "type: ", []string{"app", "tool"}, true},
		{"rule names in a suppression", at{"<!-- /intro -->", 0, 0}, "<!-- sfmd-disable-next-line hint-unknown", []string{"hint-unknown-flag", "hint-unknown-action"}, false},
		{"suppression keywords", at{"<!-- /intro -->", 0, 0}, "<!-- sfmd-dis", []string{"sfmd-disable-next-line", "sfmd-disable-file"}, false},
		{"Response roots", at{"end:\n", 0, 0}, "{Response.", []string{"body", "status"}, true},
		{"Response keys from the suite", at{"end:\n", 0, 0}, "{Response.body.", []string{"items", "total"}, true},
		{"Response keys inside an array", at{"end:\n", 0, 0}, "{Response.body.items[0].", []string{"author", "title", "year"}, true},
		{"placeholders", at{"end:\n", 0, 0}, "{", []string{"Response.body", "Response.status", "query", "limit", "total"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := s.c.Position(uri, tc.after.needle, tc.after.n, tc.after.delta)
			if _, err := s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Range: &lsp.Range{Start: start, End: start}, Text: tc.typed + "\n"}); err != nil {
				t.Fatal(err)
			}
			defer func() {
				end := lsp.Position{Line: start.Line + 1, Character: start.Character}
				if _, err := s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Range: &lsp.Range{Start: start, End: end}, Text: ""}); err != nil {
					t.Fatal(err)
				}
			}()
			cur := lsp.Position{Line: start.Line, Character: start.Character + len(tc.typed)}
			var list lsp.CompletionList
			if err := s.c.Call("textDocument/completion", pos(uri, cur), &list); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range list.Items {
				got = append(got, it.Label)
				if it.TextEdit == nil || it.TextEdit.Range.End != cur {
					t.Errorf("item %q does not end at the cursor: %+v", it.Label, it.TextEdit)
				}
			}
			if tc.exact {
				a, b := append([]string(nil), got...), append([]string(nil), tc.want...)
				sort.Strings(a)
				sort.Strings(b)
				if strings.Join(a, ",") != strings.Join(b, ",") {
					t.Errorf("got %v, want %v", got, tc.want)
				}
				return
			}
			for _, w := range tc.want {
				if !contains(got, w) {
					t.Errorf("%q missing from %v", w, got)
				}
			}
		})
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestDocumentSymbols(t *testing.T) {
	s, uri := appSession(t)
	var syms []lsp.DocumentSymbol
	if err := s.c.Call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var walk func(ss []lsp.DocumentSymbol, depth int)
	walk = func(ss []lsp.DocumentSymbol, depth int) {
		for _, sym := range ss {
			b.WriteString(strings.Repeat("  ", depth) + sym.Name + " [" + sym.Detail + "]\n")
			walk(sym.Children, depth+1)
		}
	}
	walk(syms, 0)
	want := `frontmatter []
  name [shelf]
  type [app]
  default [search]
  env [(1 items)]
#intro [block]
act.search [GET https://api.example.com/books?q={query}&limit={limit} -H "Authorization: Be…]
  query [string (required)]
  limit [string (optional) = "5"]
act.search.response [response template]
  {total} [{total} = {Response.body.total}]
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestRenameErrors(t *testing.T) {
	s, uri := appSession(t)
	var prep lsp.PrepareRenameResult
	if err := s.c.Call("textDocument/prepareRename", pos(uri, s.c.Position(uri, "[search](act:search", 0, 15)), &prep); err != nil || prep.Placeholder != "search" {
		t.Errorf("prepareRename: %+v %v", prep, err)
	}
	if err := s.c.Call("textDocument/prepareRename", pos(uri, s.c.Position(uri, "# Shelf", 0, 3)), &prep); err == nil {
		t.Errorf("prepareRename on prose: no error")
	}
	for _, name := range []string{"Bad Name", "9lives", ""} {
		params := map[string]any{"textDocument": map[string]any{"uri": uri}, "position": s.c.Position(uri, "/act.search", 0, 7), "newName": name}
		var raw json.RawMessage
		if err := s.c.Call("textDocument/rename", params, &raw); err == nil || !strings.Contains(err.Error(), "not a valid action ID") {
			t.Errorf("rename to %q: %v", name, err)
		}
	}
}

// TestHoverValueShortcut: a value shortcut's declaration is called one,
// from its use and from its definition alike (sfmd's index of names
// gives both the same kind; the definition was called a session
// variable).
func TestHoverValueShortcut(t *testing.T) {
	s := newSession(t, nil, lsp.Options{}, nil)
	doc := "```act.get\nGET https://api.example.com/x\n```\n\n```act.get.response\n{@first} = {Response.body.id}\nThen `/act.get {@first}`\n```\n"
	s.open("v.md", doc)
	uri := s.uri("v.md")
	for _, p := range []lsp.Position{s.c.Position(uri, "{@first} =", 0, 3), s.c.Position(uri, "{@first}`", 0, 3)} {
		var h *lsp.Hover
		if err := s.c.Call("textDocument/hover", pos(uri, p), &h); err != nil || h == nil {
			t.Fatalf("hover at %+v: %+v %v", p, h, err)
		}
		if want := "value shortcut `{@first}`, set by `{@first} = {Response.body.id}`"; !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hover at %+v lacks %q:\n%s", p, want, h.Contents.Value)
		}
	}
}
