package lsp_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/lint"
)

// fixDoc has one finding of each kind of place a suppression goes: the
// frontmatter, prose, a block marker (an ID the reference parser cannot
// read, an error; Intro would only be info, below the default
// --min-severity), a fenced block.
const fixDoc = "---\n" +
	"name: fix\n" +
	"category: app\n" +
	"---\n" +
	"\n" +
	"# Fix\n" +
	"\n" +
	"Call `/act.get --city x --days 3`.\n" +
	"\n" +
	"<!-- #intro.1 -->\n" +
	"Text.\n" +
	"<!-- /intro.1 -->\n" +
	"\n" +
	"```act.get\n" +
	"GET https://api.example.com/{city} -H 'Accept: application/json'\n" +
	"  city: string \"City\" = 1K\n" +
	"```\n"

const fixCodes = "frontmatter-category-deprecated,hint-unknown-flag,block-id-invalid,header-syntax-invalid,param-default-unquoted"

func codeActions(t *testing.T, s *session, uri string, r lsp.Range, only ...string) []lsp.CodeAction {
	t.Helper()
	ctx := map[string]any{"diagnostics": []lsp.Diagnostic{}}
	if only != nil {
		ctx["only"] = only
	}
	var out []lsp.CodeAction
	if err := s.c.Call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": r, "context": ctx}, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// reset puts the original text back and returns its diagnostics.
func reset(t *testing.T, s *session, uri string) lsp.PublishDiagnosticsParams {
	t.Helper()
	v, err := s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Text: fixDoc})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.c.WaitDiagnostics(uri, v)
	if err != nil {
		t.Fatal(err)
	}
	if codes(p) != fixCodes {
		t.Fatalf("diagnostics: %s", codes(p))
	}
	return p
}

// Every fix is a quick fix, the safe one preferred and the unsafe one
// saying so; "disable RULE" comments hide exactly their diagnostic,
// wherever it sits (prose, a block marker, a fenced block, the
// frontmatter), without leaving an unused suppression.
func TestQuickFixesAndSuppressions(t *testing.T) {
	s := newSession(t, nil, lsp.Options{}, nil)
	uri := s.uri("fix.md")
	s.open("fix.md", fixDoc)
	for _, tc := range []struct {
		rule, title, inserted string
	}{
		{"frontmatter-category-deprecated", "Disable frontmatter-category-deprecated for this file", "---\n<!-- sfmd-disable-file frontmatter-category-deprecated -->\n\n# Fix"},
		{"hint-unknown-flag", "Disable hint-unknown-flag for this line", "--days 3`. <!-- sfmd-disable-line hint-unknown-flag -->\n"},
		{"block-id-invalid", "Disable block-id-invalid for this line", "<!-- sfmd-disable-next-line block-id-invalid -->\n<!-- #intro.1 -->"},
		{"header-syntax-invalid", "Disable header-syntax-invalid for this block", "<!-- sfmd-disable-next-block header-syntax-invalid -->\n```act.get"},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			p := reset(t, s, uri)
			d := find(p, tc.rule)
			var disable *lsp.CodeAction
			for _, a := range codeActions(t, s, uri, d.Range) {
				if a.Title == tc.title {
					disable = &a
				}
				if a.Kind == "source.fixAll.sfmd" {
					continue // offered along, for clients that show every action
				}
				if a.Kind != "quickfix" || len(a.Diagnostics) == 0 {
					t.Errorf("action %q: kind %q, %d diagnostics", a.Title, a.Kind, len(a.Diagnostics))
				}
			}
			if disable == nil {
				t.Fatalf("no %q action", tc.title)
			}
			v, err := s.c.ApplyEdits(uri, disable.Edit.Changes[uri])
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(s.c.Text(uri), tc.inserted) {
				t.Errorf("text after the edit:\n%s", s.c.Text(uri))
			}
			p, err = s.c.WaitDiagnostics(uri, v)
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Replace(fixCodes, tc.rule, "", 1)
			want = strings.Trim(strings.ReplaceAll(want, ",,", ","), ",")
			if got := codes(p); got != want {
				t.Errorf("after disabling %s: %s, want %s", tc.rule, got, want)
			}
		})
	}

	p := reset(t, s, uri)
	titles := func(d *lsp.Diagnostic) (out []string, preferred []string) {
		for _, a := range codeActions(t, s, uri, d.Range, "quickfix") {
			out = append(out, a.Title)
			if a.IsPreferred {
				preferred = append(preferred, a.Title)
			}
		}
		return
	}
	got, pref := titles(find(p, "header-syntax-invalid"))
	if len(got) != 2 || got[0] != "Replace the single quotes with double quotes" || len(pref) != 1 || pref[0] != got[0] {
		t.Errorf("header fix: %v, preferred %v", got, pref)
	}
	got, pref = titles(find(p, "frontmatter-category-deprecated"))
	if len(got) != 2 || !strings.HasSuffix(got[0], "(unsafe: may change what the document does)") || len(pref) != 0 {
		t.Errorf("unsafe fix: %v, preferred %v", got, pref)
	}
	// Only what was asked for.
	if acts := codeActions(t, s, uri, find(p, "header-syntax-invalid").Range, "source.fixAll"); len(acts) != 1 || acts[0].Kind != "source.fixAll.sfmd" {
		t.Errorf("only source.fixAll: %+v", acts)
	}
}

// "Fix all" writes what `sfmd lint --fix` writes.
func TestFixAll(t *testing.T) {
	s := newSession(t, nil, lsp.Options{}, nil)
	uri := s.uri("fix.md")
	s.open("fix.md", fixDoc)
	rep, err := lint.Run(lint.Options{Paths: []string{"-"}, Stdin: strings.NewReader(fixDoc), StdinFilename: filepath.Join(s.dir, "fix.md"), Dir: s.dir, Fix: lint.FixSafe}, analyzers())
	if err != nil {
		t.Fatal(err)
	}
	// Not on the automatic requests of every cursor move.
	var auto []lsp.CodeAction
	if err := s.c.Call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": lsp.Range{},
		"context": map[string]any{"diagnostics": []any{}, "triggerKind": 2}}, &auto); err != nil {
		t.Fatal(err)
	}
	for _, a := range auto {
		if a.Kind == "source.fixAll.sfmd" {
			t.Errorf("fix all computed for an automatic request")
		}
	}
	acts := codeActions(t, s, uri, lsp.Range{}, "source.fixAll.sfmd")
	if len(acts) != 1 || acts[0].Title != "Fix all safe sfmd problems (2)" {
		t.Fatalf("actions: %+v", acts)
	}
	v, err := s.c.ApplyEdits(uri, acts[0].Edit.Changes[uri])
	if err != nil {
		t.Fatal(err)
	}
	if got := s.c.Text(uri); got != string(rep.Stdout) || got == fixDoc {
		t.Errorf("fix all:\n%s\nsfmd lint --fix:\n%s", got, rep.Stdout)
	}
	p, err := s.c.WaitDiagnostics(uri, v)
	if err != nil {
		t.Fatal(err)
	}
	if got := codes(p); got != "frontmatter-category-deprecated,hint-unknown-flag,block-id-invalid" {
		t.Errorf("after fix all: %s", got)
	}
	if acts := codeActions(t, s, uri, lsp.Range{}, "source.fixAll.sfmd"); len(acts) != 0 {
		t.Errorf("nothing left to fix, yet: %+v", acts)
	}
}

// What the server does not publish (below the minimum severity) "fix
// all" does not fix, as sfmd lint --fix; what --enable turns on is
// published whatever its severity.
func TestFixAllFixesWhatIsShown(t *testing.T) {
	doc := "# T\n\n```act.Search\nget https://api.example.com/s\n```\n\n[!nav:main](./nav/main.md)\n"
	s := newSession(t, map[string]string{"nav/main.md": "[@home Home](../a.md)\n"}, lsp.Options{}, nil)
	uri := s.uri("a.md")
	if got := codes(s.open("a.md", doc)); got != "action-id-invalid" {
		t.Fatalf("published: %s", got)
	}
	acts := codeActions(t, s, uri, lsp.Range{}, "source.fixAll.sfmd")
	if len(acts) != 1 || acts[0].Title != "Fix all safe sfmd problems (1)" {
		t.Fatalf("actions: %+v", acts)
	}
	if _, err := s.c.ApplyEdits(uri, acts[0].Edit.Changes[uri]); err != nil {
		t.Fatal(err)
	}
	if got := s.c.Text(uri); !strings.Contains(got, "```act.search\nget https://") {
		t.Errorf("fix all fixed the hidden info (get) or not the error:\n%s", got)
	}
	s = newSession(t, map[string]string{"nav/main.md": "[@home Home](../a.md)\n"},
		lsp.Options{Selection: lint.Selection{Enable: []string{"style"}}, ShowSelected: true}, nil)
	if got := codes(s.open("a.md", doc)); got != "action-id-invalid,action-without-hint,path-dot-slash-prefix" {
		t.Errorf("--enable style: %s", got)
	}
}
