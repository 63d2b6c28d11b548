package lsp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/lint"
)

// The nearest .sfmd.yaml applies as in sfmd lint; a changed config is
// read again when the client reports it (watched files, or a saved
// document); an invalid one is reported on the document it keeps from
// being linted, pointing into the config.
func TestConfig(t *testing.T) {
	s := newSession(t, map[string]string{
		".sfmd.yaml":        "rules:\n  hint-unknown-flag: off\n",
		"drafts/.sfmd.yaml": "ignore: [\"skip.md\"]\n",
	}, lsp.Options{}, map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}})
	uri := s.uri("weather.md")
	if got := codes(s.open("weather.md", weatherDoc)); got != "header-syntax-invalid" {
		t.Errorf("with hint-unknown-flag off: %s", got)
	}
	if p := s.open("drafts/skip.md", weatherDoc); len(p.Diagnostics) != 0 {
		t.Errorf("ignored file: %s", codes(p))
	}
	if !contains(s.c.ServerRequests(), "client/registerCapability") {
		t.Errorf("no watcher registered: %v", s.c.ServerRequests())
	}

	write := func(content string) {
		if err := os.WriteFile(filepath.Join(s.dir, ".sfmd.yaml"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("rules:\n  header-syntax-invalid: warning\n")
	s.c.ForgetDiagnostics(uri)
	if err := s.c.Notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": s.uri(".sfmd.yaml"), "type": 2}}}); err != nil {
		t.Fatal(err)
	}
	p, err := s.c.WaitDiagnostics(uri, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := codes(p); got != "hint-unknown-flag,header-syntax-invalid" || find(p, "header-syntax-invalid").Severity != lsp.SeverityWarning {
		t.Errorf("after the config changed: %+v", p.Diagnostics)
	}

	write("rules:\n  header-syntax-invalid: loud\n")
	s.c.ForgetDiagnostics(uri)
	if err := s.c.Notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": s.uri("drafts/skip.md")}}); err != nil {
		t.Fatal(err)
	}
	p, err = s.c.WaitDiagnostics(uri, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != "config" || !strings.Contains(p.Diagnostics[0].Message, `bad setting "loud"`) ||
		len(p.Diagnostics[0].RelatedInformation) != 1 || p.Diagnostics[0].RelatedInformation[0].Location.URI != s.uri(".sfmd.yaml") ||
		p.Diagnostics[0].RelatedInformation[0].Location.Range.Start != (lsp.Position{Line: 1, Character: 25}) {
		t.Errorf("invalid config: %+v", p.Diagnostics)
	}
}

// Cross-file rules read the other open buffers, unsaved, over the disk.
func TestOpenBuffersOverlayTheDisk(t *testing.T) {
	s := newSession(t, map[string]string{"parts.md": "# Parts\n"}, lsp.Options{Selection: lint.Selection{Enable: []string{"project"}}}, nil)
	doc := "# Doc\n\n[!include:pricing](parts.md#pricing)\n"
	if got := codes(s.open("doc.md", doc)); got != "include-block-not-found" {
		t.Fatalf("parts.md on disk has no block: %s", got)
	}
	s.open("parts.md", "# Parts\n\n<!-- #pricing -->\nCheap.\n<!-- /pricing -->\n")
	v, _ := s.c.Change(s.uri("doc.md"), lsp.TextDocumentContentChangeEvent{Text: doc + "\n"})
	p, err := s.c.WaitDiagnostics(s.uri("doc.md"), v)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Diagnostics) != 0 {
		t.Errorf("the open, unsaved parts.md has the block: %s", codes(p))
	}
}

// --min-severity (or initializationOptions.minSeverity) decides what is
// published; untitled documents lint as files of the workspace root.
func TestMinSeverityAndUntitled(t *testing.T) {
	s := newSession(t, nil, lsp.Options{}, nil)
	doc := "```act.x\nGET http://api.example.com/x\n```\n" // one info: action-url-insecure
	if p := s.open("a.md", doc); len(p.Diagnostics) != 0 {
		t.Errorf("warning level: %s", codes(p))
	}
	c, wait := newClient(t, lsp.Options{Analyzers: analyzers()})
	defer func() { _ = c.Notify("exit", nil); wait() }()
	var res lsp.InitializeResult
	if err := c.Call("initialize", map[string]any{"rootUri": nil, "capabilities": map[string]any{}, "initializationOptions": map[string]any{"minSeverity": "info"}}, &res); err != nil {
		t.Fatal(err)
	}
	if err := c.Open("untitled:Untitled-1", doc); err != nil {
		t.Fatal(err)
	}
	p, err := c.WaitDiagnostics("untitled:Untitled-1", 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := codes(p); got != "action-url-insecure" {
		t.Errorf("info level: %s", got)
	}
}

// A finding in a nav menu file is published on the document at its
// [!nav] directive, saying where in the menu it is, with the entry to
// edit as related information in the menu file.
func TestMenuFindingsOnTheDirective(t *testing.T) {
	s := newSession(t, map[string]string{"nav/main.md": "[@home Home](../app.md)\n[@gone Gone](gone.md)\n"}, lsp.Options{}, nil)
	p := s.open("app.md", "# App\n\n[!nav:main](nav/main.md)\n")
	if len(p.Diagnostics) != 1 {
		t.Fatalf("want one finding, got %s", codes(p))
	}
	d := p.Diagnostics[0]
	if d.Code != "menu-entry-target-not-found" || d.Range.Start.Line != 2 || !strings.HasPrefix(d.Message, `nav/main.md line 2: "@gone" points to "gone.md"`) {
		t.Errorf("want the finding at the directive, naming the menu line: %+v", d)
	}
	if len(d.RelatedInformation) != 1 || d.RelatedInformation[0].Location.URI != s.uri("nav/main.md") ||
		d.RelatedInformation[0].Location.Range.Start != (lsp.Position{Line: 1, Character: 13}) {
		t.Errorf("want the entry in nav/main.md as related information: %+v", d.RelatedInformation)
	}
}

// min-severity in .sfmd.yaml applies in the editor as in sfmd lint,
// unless --min-severity (ConfigMinSeverity off) or
// initializationOptions.minSeverity is given; fail-on lowers the minimum
// to itself.
func TestConfigMinSeverity(t *testing.T) {
	doc := "```act.x\nGET http://api.example.com/x\n```\n" // one info: action-url-insecure
	for _, tc := range []struct {
		name, config string
		fromConfig   bool
		want         string
	}{
		{"config min-severity", "min-severity: info\n", true, "action-url-insecure"},
		{"flag wins", "min-severity: info\n", false, ""},
		{"fail-on", "fail-on: info\n", false, "action-url-insecure"},
		{"extended", "extend: base.yaml\n", true, "action-url-insecure"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSession(t, map[string]string{".sfmd.yaml": tc.config, "base.yaml": "min-severity: info\n"},
				lsp.Options{ConfigMinSeverity: tc.fromConfig}, nil)
			if got := codes(s.open("a.md", doc)); got != tc.want {
				t.Errorf("published %q, want %q", got, tc.want)
			}
		})
	}
}
