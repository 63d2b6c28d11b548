package testscripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/internal/lsp/lsptest"
)

const lspDoc = "---\n" +
	"name: weather\n" +
	"default: forecast\n" +
	"---\n" +
	"\n" +
	"# Weather\n" +
	"\n" +
	"Ask with `/act.forecast --city Seoul`.\n" +
	"\n" +
	"```act.forecast\n" +
	"GET https://api.example.com/forecast/{city} -H 'Accept: application/json'\n" +
	"  city: string \"City name\" = \"Seoul\"\n" +
	"```\n"

// TestLSPOverStdio drives `sfmd lsp --stdio`, the real command, over its
// standard input and output as an editor does: initialize, open a
// document with a mistake, receive the diagnostic, apply the quick fix the
// server returns and see the diagnostic go, go to a definition, hover,
// complete, rename, shut down.
// startLSP starts `sfmd lsp --stdio` (bin) in dir, killed when the test
// ends, and returns a client on its pipes, the process and what it writes
// on stderr.
func startLSP(t *testing.T, bin, dir string) (*lsptest.Client, *exec.Cmd, *strings.Builder) {
	t.Helper()
	cmd := exec.Command(bin, "lsp", "--stdio")
	cmd.Dir = dir
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	stderr := &strings.Builder{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return lsptest.New(stdout, stdin), cmd, stderr
}

func TestLSPOverStdio(t *testing.T) {
	bin, err := exec.LookPath("sfmd") // the test binary, installed by TestMain
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	c, cmd, stderr := startLSP(t, bin, dir)
	res, err := c.Initialize(lsptest.URI(dir), map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if res.ServerInfo == nil || res.ServerInfo.Name != "sfmd" || res.Capabilities.PositionEncoding != "utf-16" {
		t.Errorf("initialize: %+v", res)
	}
	uri := lsptest.URI(filepath.Join(dir, "weather.md"))
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%v\nstderr: %s", err, stderr.String())
		}
	}
	must(c.Open(uri, lspDoc))
	p, err := c.WaitDiagnostics(uri, 1)
	must(err)
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != "header-syntax-invalid" {
		t.Fatalf("diagnostics: %+v", p.Diagnostics)
	}

	var actions []lsp.CodeAction
	must(c.Call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri},
		"range": p.Diagnostics[0].Range, "context": map[string]any{"diagnostics": p.Diagnostics, "only": []string{"quickfix"}}}, &actions))
	if len(actions) == 0 || !actions[0].IsPreferred {
		t.Fatalf("code actions: %+v", actions)
	}
	v, err := c.ApplyEdits(uri, actions[0].Edit.Changes[uri])
	must(err)
	p, err = c.WaitDiagnostics(uri, v)
	must(err)
	if len(p.Diagnostics) != 0 || !strings.Contains(c.Text(uri), `-H "Accept: application/json"`) {
		t.Errorf("after the quick fix: %+v\n%s", p.Diagnostics, c.Text(uri))
	}

	at := func(needle string, delta int) map[string]any {
		return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": c.Position(uri, needle, 0, delta)}
	}
	var locs []lsp.Location
	must(c.Call("textDocument/definition", at("/act.forecast", 6), &locs))
	if len(locs) != 1 || locs[0].Range.Start != c.Position(uri, "act.forecast\n", 0, 4) {
		t.Errorf("definition: %+v", locs)
	}
	var h lsp.Hover
	must(c.Call("textDocument/hover", at("--city", 3), &h))
	if !strings.Contains(h.Contents.Value, "`--city` `string` (optional) — City name, default `\"Seoul\"`") {
		t.Errorf("hover: %s", h.Contents.Value)
	}
	var list lsp.CompletionList
	must(c.Call("textDocument/completion", at("default: forecast", len("default: fore")), &list))
	if len(list.Items) != 1 || list.Items[0].Label != "forecast" {
		t.Errorf("completion: %+v", list.Items)
	}
	var we lsp.WorkspaceEdit
	must(c.Call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri},
		"position": c.Position(uri, "/act.forecast", 0, 7), "newName": "now"}, &we))
	v, err = c.ApplyEdits(uri, we.Changes[uri])
	must(err)
	if text := c.Text(uri); strings.Count(text, "forecast") != 1 || strings.Count(text, "now") != 3 { // the URL keeps its path
		t.Errorf("after the rename:\n%s", text)
	}
	p, err = c.WaitDiagnostics(uri, v)
	must(err)
	if len(p.Diagnostics) != 0 {
		t.Errorf("after the rename: %+v", p.Diagnostics)
	}

	must(c.Shutdown())
	if err := cmd.Wait(); err != nil {
		t.Errorf("sfmd lsp exited with %v after shutdown and exit\nstderr: %s", err, stderr.String())
	}
}
