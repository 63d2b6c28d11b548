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

// TestLSPView drives `sfmd lsp --stdio` and asks it for the page an agent
// sees (the sfmd.view command): the same text as `sfmd view` prints for
// the file, then, after an edit that is not saved, the page of the
// editor's text; a block; a refusal.
func TestLSPView(t *testing.T) {
	bin, err := exec.LookPath("sfmd") // the test binary, installed by TestMain
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	doc := "---\nname: shop\n---\n\n# Shop\n\n<!-- #hours -->\nOpen 9 to 5.\n<!-- /hours -->\n\nSee [the menu](menu.md).\n"
	if err := os.WriteFile(filepath.Join(dir, "shop.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := exec.Command(bin, "view", filepath.Join(dir, "shop.md")).Output()
	if err != nil {
		t.Fatal(err)
	}
	c, _, stderr := startLSP(t, bin, dir)
	res, err := c.Initialize(lsptest.URI(dir), map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if p := res.Capabilities.ExecuteCommandProvider; p == nil || len(p.Commands) != 1 || p.Commands[0] != lsp.CommandView {
		t.Fatalf("executeCommandProvider: %+v", p)
	}
	uri := lsptest.URI(filepath.Join(dir, "shop.md"))
	if err := c.Open(uri, doc); err != nil {
		t.Fatal(err)
	}
	view := func(args ...any) lsp.ViewResult {
		t.Helper()
		var r lsp.ViewResult
		if err := c.Call("workspace/executeCommand", map[string]any{"command": lsp.CommandView, "arguments": args}, &r); err != nil {
			t.Fatalf("%v\nstderr: %s", err, stderr.String())
		}
		return r
	}
	if r := view(uri); !r.OK || r.Page+"\n" != string(want) {
		t.Errorf("sfmd.view = %+v\nsfmd view printed:\n%s", r, want)
	}
	edited := strings.Replace(doc, "Open 9 to 5.", "Open 8 to 6.", 1)
	if err := c.Notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []map[string]any{{"text": edited}},
	}); err != nil {
		t.Fatal(err)
	}
	if r := view(uri); !r.OK || !strings.Contains(r.Page, "Open 8 to 6.") || strings.Contains(r.Page, "Open 9 to 5.") {
		t.Errorf("after an unsaved edit: %+v", r)
	}
	if r := view(uri, "hours"); !r.OK || !strings.Contains(r.Page, "Open 8 to 6.") || strings.Contains(r.Page, "# Shop") {
		t.Errorf("block hours: %+v", r)
	}
	if r := view(uri, "nosuch"); r.OK || !strings.Contains(r.Page, "nosuch") {
		t.Errorf("missing block: %+v", r)
	}
}
