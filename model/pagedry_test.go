package model

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// mapSource is a Source over an in-memory tree (virtual paths without the
// leading slash as keys).
type mapSource fstest.MapFS

func (m mapSource) ReadFile(p string, _ int64) ([]byte, error) {
	return fs.ReadFile(fstest.MapFS(m), strings.TrimPrefix(p, "/"))
}

func (m mapSource) Stat(p string) (fs.FileInfo, error) {
	n := strings.TrimPrefix(p, "/")
	if n == "" {
		n = "."
	}
	return fs.Stat(fstest.MapFS(m), n)
}

func (m mapSource) ReadDir(p string) ([]fs.DirEntry, error) {
	return fs.ReadDir(fstest.MapFS(m), strings.TrimPrefix(p, "/"))
}

// TestOpenPageDryRun opens a page from a read-only tree: the render, its
// auto-shortcuts and the navigation commands run from the page, each
// starting from it.
func TestOpenPageDryRun(t *testing.T) {
	src := mapSource{
		"app/string.md": {Data: []byte("# App\n\n[!include:usage](parts.md)\n\nSee [Docs][docs] and [Guide][Guide].\n\n[Docs](https://docs.example.com)\n\n[@docs Local docs](guide.md)\n\n[Guide]: https://guide.example.com\n")},
		"app/parts.md":  {Data: []byte("<!-- #usage -->\nUse [the API][api].\n\n[api]: https://api.example.com\n<!-- /usage -->\n")},
		"app/guide.md":  {Data: []byte("# Guide\n\n## Setup\n\nText.\n")},
	}
	fsys := NewSourceFS(src)
	pr, res := OpenPage(fsys, "/app/string.md", "app:app", "/app")
	if res != nil {
		t.Fatalf("open failed: %+v", res)
	}
	for _, want := range []string{"[Docs][docs]", "[Guide][@guide]", "Use [the API][api].", "[Docs][@docs]", "[Local docs][@docs]"} {
		if !strings.Contains(pr.View.Content, want) {
			t.Errorf("content lacks %q:\n%s", want, pr.View.Content)
		}
	}
	if len(pr.View.Autos) == 0 || pr.View.Autos[len(pr.View.Autos)-1].ID != "docs" {
		t.Errorf("autos = %v", pr.View.Autos)
	}
	if len(pr.View.Shortcuts) != 1 || pr.View.Shortcuts[0].Href != "guide.md" {
		t.Errorf("shortcuts = %v", pr.View.Shortcuts)
	}
	if r := pr.Try("/open @docs"); !r.OK || !strings.Contains(r.Content, "Opened guide.md") {
		t.Errorf("/open @docs = %+v", r)
	}
	// the second command starts from the page again, not from guide.md
	if r := pr.Try("/open guide.md#setup"); !r.OK {
		t.Errorf("/open guide.md#setup = %+v", r)
	}
	if r := pr.Try("/open missing.md"); r.OK || r.Code != codeNotFound || !strings.Contains(r.Content, "File not found: /app/missing.md") {
		t.Errorf("/open missing.md = %+v", r)
	}
	if r := pr.Try("/open guide.md#install"); r.Code != "BLOCK_NOT_FOUND" {
		t.Errorf("/open guide.md#install = %+v", r)
	}
	if r := pr.Try("/nav docs"); r.Code != codeNotFound {
		t.Errorf("/nav docs = %+v", r)
	}
	if err := fsys.WriteFile("/app/x.md", nil); err == nil {
		t.Error("a source FS wrote a file")
	}
}
