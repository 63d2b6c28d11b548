package lsp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/internal/lsp/lsptest"
	"github.com/sfmd-dev/sfmd/internal/version"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
)

// analyzers is the rule set of sfmd lint (rules.All includes
// unused-suppression).
func analyzers() []*lint.Analyzer { return rules.All() }

const weatherDoc = "---\n" +
	"name: weather\n" +
	"default: forecast\n" +
	"env:\n" +
	"  - WX_KEY: \"API key of the weather service\"\n" +
	"---\n" +
	"\n" +
	"# Weather\n" +
	"\n" +
	"Ask with `/act.forecast --city Seoul --days 3` or follow\n" +
	"[the forecast](act:forecast?city=Paris).\n" +
	"\n" +
	"[@wx Forecast](act:forecast)\n" +
	"\n" +
	"```act.forecast\n" +
	"GET https://api.example.com/forecast/{city}?key=$WX_KEY -H 'Accept: application/json'\n" +
	"  city: string \"City name\" = \"Seoul\"\n" +
	"```\n" +
	"\n" +
	"```act.forecast.response\n" +
	"{temp} = {Response.body.current.temp}\n" +
	"Now in {city}: {temp}°\n" +
	"```\n"

const weatherSuite = `version: 1
env:
  WX_KEY: k
tests:
  - name: forecast for Seoul
    run: /act.forecast --city Seoul
    http:
      - request:
          method: GET
          url: https://api.example.com/forecast/Seoul?key=k
        response:
          json:
            current: {temp: 21.5, sky: clear}
    expect:
      output: "Now in Seoul: 21.5°"
`

// session starts a server on a workspace holding files (with a .git so
// that config lookup stops there) and opens uriName.
type session struct {
	t   *testing.T
	c   *lsptest.Client
	dir string
	end func() int
}

func newSession(t *testing.T, files map[string]string, opts lsp.Options, caps map[string]any) *session {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if opts.Analyzers == nil {
		opts.Analyzers = analyzers()
	}
	if opts.MinSeverity == 0 {
		opts.MinSeverity = lint.Warning
	}
	c, end := lsptest.InProcess(opts)
	if caps == nil {
		caps = map[string]any{}
	}
	if _, err := c.Initialize(lsptest.URI(dir), caps); err != nil {
		t.Fatal(err)
	}
	s := &session{t: t, c: c, dir: dir, end: end}
	t.Cleanup(func() {
		_ = c.Notify("exit", nil)
		end()
	})
	return s
}

func (s *session) uri(name string) string { return lsptest.URI(filepath.Join(s.dir, name)) }

// open opens a document and waits for its first diagnostics.
func (s *session) open(name, text string) lsp.PublishDiagnosticsParams {
	s.t.Helper()
	if err := s.c.Open(s.uri(name), text); err != nil {
		s.t.Fatal(err)
	}
	p, err := s.c.WaitDiagnostics(s.uri(name), 1)
	if err != nil {
		s.t.Fatal(err)
	}
	return p
}

func codes(p lsp.PublishDiagnosticsParams) string {
	var cs []string
	for _, d := range p.Diagnostics {
		cs = append(cs, d.Code)
	}
	return strings.Join(cs, ",")
}

func find(p lsp.PublishDiagnosticsParams, code string) *lsp.Diagnostic {
	for i := range p.Diagnostics {
		if p.Diagnostics[i].Code == code {
			return &p.Diagnostics[i]
		}
	}
	return nil
}

// TestSession is the whole conversation of an editor with the server:
// open a document with mistakes, get diagnostics, apply the quick fix the
// server returns, see the diagnostic go, go to a definition, hover,
// complete, rename, shut down.
func TestSession(t *testing.T) {
	s := newSession(t, map[string]string{"weather.test.yaml": weatherSuite}, lsp.Options{}, nil)
	uri := s.uri("weather.md")
	p := s.open("weather.md", weatherDoc)
	if got := codes(p); got != "hint-unknown-flag,header-syntax-invalid" {
		t.Fatalf("diagnostics: %s", got)
	}
	hdr := find(p, "header-syntax-invalid")
	if hdr.Severity != lsp.SeverityError || hdr.Source != "sfmd" || hdr.CodeDescription == nil ||
		hdr.CodeDescription.Href != "https://github.com/sfmd-dev/sfmd/blob/"+version.Tag+"/docs/rules/header-syntax-invalid.md" {
		t.Errorf("diagnostic fields: %+v", hdr)
	}
	if want := s.c.Position(uri, "-H '", 0, 0); hdr.Range.Start != want || hdr.Range.End.Line != want.Line {
		t.Errorf("range %+v, want start %+v", hdr.Range, want)
	}

	// The quick fix, applied as an editor applies the returned edit.
	var actions []lsp.CodeAction
	if err := s.c.Call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": hdr.Range,
		"context": map[string]any{"diagnostics": []lsp.Diagnostic{*hdr}},
	}, &actions); err != nil {
		t.Fatal(err)
	}
	var fix *lsp.CodeAction
	for i := range actions {
		if actions[i].IsPreferred {
			fix = &actions[i]
		}
	}
	if fix == nil || fix.Kind != "quickfix" || fix.Edit == nil {
		t.Fatalf("no preferred quick fix in %+v", actions)
	}
	v, err := s.c.ApplyEdits(uri, fix.Edit.Changes[uri])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.c.Text(uri), `-H "Accept: application/json"`) {
		t.Fatalf("fix not applied:\n%s", s.c.Text(uri))
	}
	if p, err = s.c.WaitDiagnostics(uri, v); err != nil {
		t.Fatal(err)
	}
	if got := codes(p); got != "hint-unknown-flag" {
		t.Errorf("after the fix: %s", got)
	}

	// Go to definition: from the hint to the action block.
	var locs []lsp.Location
	if err := s.c.Call("textDocument/definition", pos(uri, s.c.Position(uri, "/act.forecast", 0, 7)), &locs); err != nil {
		t.Fatal(err)
	}
	if want := s.c.Position(uri, "act.forecast\n", 0, 4); len(locs) != 1 || locs[0].URI != uri || locs[0].Range.Start != want {
		t.Errorf("definition: %+v, want %+v", locs, want)
	}

	// Hover on the hint: the action's first line and parameters.
	var h lsp.Hover
	if err := s.c.Call("textDocument/hover", pos(uri, s.c.Position(uri, "/act.forecast", 0, 8)), &h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Contents.Value, "GET https://api.example.com/forecast/{city}") || !strings.Contains(h.Contents.Value, "`--city` `string` (optional) — City name") {
		t.Errorf("hover:\n%s", h.Contents.Value)
	}

	// Completion of an action ID while typing a new hint.
	end := s.c.Position(uri, "(act:forecast?city=Paris).", 0, len("(act:forecast?city=Paris)."))
	if _, err := s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Range: &lsp.Range{Start: end, End: end}, Text: " Or `/act.fo"}); err != nil {
		t.Fatal(err)
	}
	var list lsp.CompletionList
	cur := lsp.Position{Line: end.Line, Character: end.Character + len(" Or `/act.fo")}
	if err := s.c.Call("textDocument/completion", pos(uri, cur), &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Items) != 1 || list.Items[0].Label != "forecast" || list.Items[0].TextEdit == nil || list.Items[0].TextEdit.Range.Start.Character != cur.Character-2 {
		t.Errorf("completion: %+v", list.Items)
	}
	if _, err := s.c.ApplyEdits(uri, []lsp.TextEdit{*list.Items[0].TextEdit}); err != nil {
		t.Fatal(err)
	}
	v, _ = s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Range: &lsp.Range{Start: lsp.Position{Line: cur.Line, Character: cur.Character + 6}, End: lsp.Position{Line: cur.Line, Character: cur.Character + 6}}, Text: "`"})
	if !strings.Contains(s.c.Text(uri), "Or `/act.forecast`\n") {
		t.Fatalf("completion not applied:\n%s", s.c.Text(uri))
	}
	if _, err := s.c.WaitDiagnostics(uri, v); err != nil {
		t.Fatal(err)
	}

	// Rename the action everywhere.
	var we lsp.WorkspaceEdit
	if err := s.c.Call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri},
		"position": s.c.Position(uri, "act.forecast.response", 0, 6), "newName": "weather_now"}, &we); err != nil {
		t.Fatal(err)
	}
	if n := len(we.Changes[uri]); n != 7 {
		t.Errorf("rename: %d edits, want 7 (default, hint, link, shortcut, block, response, new hint)", n)
	}
	v, _ = s.c.ApplyEdits(uri, we.Changes[uri])
	text := s.c.Text(uri)
	if strings.Contains(text, "forecast?") || strings.Count(text, "weather_now") != 7 {
		t.Errorf("renamed text:\n%s", text)
	}
	if p, err = s.c.WaitDiagnostics(uri, v); err != nil {
		t.Fatal(err)
	}
	if got := codes(p); got != "hint-unknown-flag" {
		t.Errorf("after the rename: %s", got)
	}

	if err := s.c.Shutdown(); err != nil {
		t.Fatal(err)
	}
	if code := s.end(); code != 0 {
		t.Errorf("exit status %d after shutdown, want 0", code)
	}
}

func pos(uri string, p lsp.Position) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": p}
}

func newClient(t *testing.T, opts lsp.Options) (*lsptest.Client, func() int) {
	t.Helper()
	return lsptest.InProcess(opts)
}

// Positions are right in every encoding a client may negotiate, with
// characters outside the BMP (two UTF-16 units, four bytes) before them.
func TestPositionEncodings(t *testing.T) {
	doc := "# Wetter 😀 ☀\n\n`/act.x` ☀☀ 😀\n\n```act.x\nGET https://api.example.com/😀/{city} -H 'Accept: json'\n  city: string \"Stadt ☀\"\n```\n"
	for _, enc := range []string{"utf-16", "utf-8", "utf-32"} {
		t.Run(enc, func(t *testing.T) {
			s := newSession(t, nil, lsp.Options{}, map[string]any{"general": map[string]any{"positionEncodings": []string{enc}}})
			uri := s.uri("w.md")
			p := s.open("w.md", doc)
			hdr := find(p, "header-syntax-invalid")
			if hdr == nil {
				t.Fatalf("diagnostics: %s", codes(p))
			}
			if want := s.c.Position(uri, "-H '", 0, 0); hdr.Range.Start != want {
				t.Errorf("start %+v, want %+v", hdr.Range.Start, want)
			}
			var locs []lsp.Location
			if err := s.c.Call("textDocument/definition", pos(uri, s.c.Position(uri, "/act.x", 0, 5)), &locs); err != nil || len(locs) != 1 ||
				locs[0].Range.Start != s.c.Position(uri, "act.x\n", 0, 4) {
				t.Errorf("definition: %+v %v", locs, err)
			}
		})
	}
}

// TestDiagnosticTags: the editor's tags of a finding are its rule's
// Analyzer.Tags (an unused parameter is faded, the deprecated category
// field struck through), and its code links to the rule's documentation page.
func TestDiagnosticTags(t *testing.T) {
	s := newSession(t, nil, lsp.Options{}, nil)
	p := s.open("tags.md", "---\ncategory: tool\n---\n\n```act.grep\nCLI grep -rn {pattern} .\n  pattern: string (required) \"Pattern\"\n  path: string (required) \"Directory\"\n```\n")
	for code, want := range map[string]int{"param-unused": lsp.TagUnnecessary, "frontmatter-category-deprecated": lsp.TagDeprecated} {
		d := find(p, code)
		if d == nil {
			t.Fatalf("no %s in %s", code, codes(p))
		}
		if len(d.Tags) != 1 || d.Tags[0] != want {
			t.Errorf("%s: tags %v, want [%d]", code, d.Tags, want)
		}
		if d.CodeDescription == nil || d.CodeDescription.Href != lint.DocURL(code) {
			t.Errorf("%s: codeDescription %+v, want %s", code, d.CodeDescription, lint.DocURL(code))
		}
	}
	if d := find(p, "action-without-hint"); d != nil && len(d.Tags) != 0 {
		t.Errorf("action-without-hint has tags %v", d.Tags)
	}
}
