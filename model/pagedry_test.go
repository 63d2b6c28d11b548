package model

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
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

// data is the content of the virtual path p.
func (m mapSource) data(p string) []byte { return m[strings.TrimPrefix(p, "/")].Data }

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
	pr := OpenPage(fsys, "/app/string.md", src.data("/app/string.md"), "app:app", "/app")
	view := pr.View()
	for _, want := range []string{"[Docs][docs]", "[Guide][@guide]", "Use [the API][api].", "[Docs][@docs]", "[Local docs][@docs]"} {
		if !strings.Contains(view.Content(), want) {
			t.Errorf("content lacks %q:\n%s", want, view.Content())
		}
	}
	if len(view.Autos) == 0 || view.Autos[len(view.Autos)-1].ID != "docs" {
		t.Errorf("autos = %v", view.Autos)
	}
	if len(view.Shortcuts) != 1 || view.Shortcuts[0].Href != "guide.md" {
		t.Errorf("shortcuts = %v", view.Shortcuts)
	}
	if r := pr.Try("/open @docs"); !r.OK || !strings.Contains(r.Content, "Opened guide.md") {
		t.Errorf("/open @docs = %+v", r)
	}
	// the second command starts from the page again, not from guide.md
	if r := pr.Try("/open guide.md#setup"); !r.OK {
		t.Errorf("/open guide.md#setup = %+v", r)
	}
	if r := pr.Opens("guide.md#setup"); !r.OK || r.Content != "Opened guide.md" {
		t.Errorf("Opens(guide.md#setup) = %+v", r)
	}
	if r := pr.Opens("guide.md#install"); r.Code != "BLOCK_NOT_FOUND" {
		t.Errorf("Opens(guide.md#install) = %+v", r)
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

// TestOpenPageTargetsOfThePage shows what the page's own hints reach: a
// menu entry only by its namespaced id (session.ts
// Session.resolveShortcut), and `/open #id` not the page's block but the
// directory (loader.ts Loader.resolve of the empty path), whose string.md
// is opened when there is one.
func TestOpenPageTargetsOfThePage(t *testing.T) {
	src := mapSource{
		"app/page.md":    {Data: []byte("# Page\n\n[!nav:main](nav.md)\n\n## Setup\n\nText.\n")},
		"app/nav.md":     {Data: []byte("[@recent Recent](page.md)\n")},
		"site/string.md": {Data: []byte("# Site\n\n## Setup\n\nText.\n")},
		"site/other.md":  {Data: []byte("# Other\n\n## Setup\n\nText.\n")},
	}
	fsys := NewSourceFS(src)
	pr := OpenPage(fsys, "/app/page.md", src.data("/app/page.md"), "app:app", "/app")
	if r := pr.Try("/open @main.recent"); !r.OK {
		t.Errorf("/open @main.recent = %+v", r)
	}
	if r := pr.Try("/open @recent"); r.OK || r.Content != "Shortcut not found: @recent" {
		t.Errorf("/open @recent = %+v", r)
	}
	if r := pr.Try("/open #setup"); r.OK || r.Content != "Not found: #setup" {
		t.Errorf("/open #setup on page.md = %+v", r)
	}
	if r := pr.Try("/open page.md#setup"); !r.OK {
		t.Errorf("/open page.md#setup = %+v", r)
	}
	if r := pr.Try("/nav mian"); r.OK || r.Content != "Menu not found: mian" {
		t.Errorf("/nav mian = %+v", r)
	}
	for _, p := range []string{"/site/string.md", "/site/other.md"} {
		pr := OpenPage(fsys, p, src.data(p), "app:site", "/site")
		r := pr.Try("/open #setup")
		if !r.OK || !strings.HasPrefix(r.Content, "Opened string.md#setup") {
			t.Errorf("/open #setup on %s = %+v (the directory's string.md)", p, r)
		}
	}
}

// TestCodeRegionScanners compares the scanners of coderegions.go with the
// regexps of renderer.ts they replace, on generated texts.
func TestCodeRegionScanners(t *testing.T) {
	pieces := []string{"`", "``", "```", "````", "~", "~~~", "~~~~", "a", " ", "\n", "x`y", "[l](u)"}
	seed := uint32(1)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := next() % 12; k >= 0; k-- {
			b.WriteString(pieces[next()%len(pieces)])
		}
		s := b.String()
		for _, c := range []struct {
			name string
			got  [][2]int
			want [][]int
		}{
			{"fenced", fencedRanges(s), reRndFenced.FindAllStringIndex(s, -1)},
			{"inline", inlineRanges(s), reRndInline.FindAllStringIndex(s, -1)},
		} {
			if len(c.got) != len(c.want) {
				t.Fatalf("%s %q: got %v, want %v", c.name, s, c.got, c.want)
			}
			for i := range c.got {
				if c.got[i][0] != c.want[i][0] || c.got[i][1] != c.want[i][1] {
					t.Fatalf("%s %q: got %v, want %v", c.name, s, c.got, c.want)
				}
			}
		}
	}
}

// TestDuplicateShortcutNumbers: the n-th copy of a shortcut id gets the
// first free number from 2 up (core's parser), also when a number is
// taken by an id written out, and in linear time.
func TestDuplicateShortcutNumbers(t *testing.T) {
	d := parseRef("[@x3 b](v)\n[@x a](u)\n[@x a](u)\n[@x a](u)\n[@x a](u)\n")
	var ids []string
	for _, sc := range d.Shortcuts {
		ids = append(ids, sc.ID)
	}
	if got := strings.Join(ids, ","); got != "x3,x,x2,x4,x5" {
		t.Errorf("ids = %s, want x3,x,x2,x4,x5", got)
	}
	d = parseRef(strings.Repeat("[@x y](z) ", 30000))
	if n := len(d.Shortcuts); n != 30000 || d.Shortcuts[n-1].ID != "x30000" {
		t.Errorf("%d shortcuts, last %q", n, d.Shortcuts[n-1].ID)
	}
}

// TestCodeRegionsMerged: codeRegions is the fenced ranges and the inline
// spans that start outside every one of them, sorted by start (the
// comparison of each span with every range, then a sort, that it
// replaces), on the pieces TestCodeRegionScanners combines.
func TestCodeRegionsMerged(t *testing.T) {
	pieces := []string{"`", "``", "```", "````", "~", "~~~", "~~~~", "a", " ", "\n", "x`y", "[l](u)"}
	seed := uint32(7)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := next() % 24; k >= 0; k-- {
			b.WriteString(pieces[next()%len(pieces)])
		}
		s := b.String()
		want := fencedRanges(s)
		fenced := len(want)
		for _, m := range inlineRanges(s) {
			in := false
			for _, r := range want[:fenced] {
				in = in || m[0] >= r[0] && m[0] < r[1]
			}
			if !in {
				want = append(want, m)
			}
		}
		sort.SliceStable(want, func(i, j int) bool { return want[i][0] < want[j][0] })
		if got := codeRegions(s); !slices.Equal(got, want) {
			t.Fatalf("%q: codeRegions %v, want %v", s, got, want)
		}
	}
}

// TestPageRunBuildsNoShortcutView: a PageRun's session registers the
// render's auto-shortcuts (Try finds them) but never builds the merged
// view of its shortcuts (Session.syncView), which nothing reads of it.
func TestPageRunBuildsNoShortcutView(t *testing.T) {
	src := mapSource{
		"app/page.md": {Data: []byte("# Page\n\nSee [Docs](https://docs.example.com) and [a](a.md).\n")},
		"app/a.md":    {Data: []byte("# A\n")},
	}
	pr := OpenPage(NewSourceFS(src), "/app/page.md", src.data("/app/page.md"), "app:app", "/app")
	v := pr.View()
	if v == nil || len(v.Autos) != 1 || v.Autos[0].ID != "docs" {
		t.Fatalf("View = %+v, want the auto-shortcut docs", v)
	}
	if r := pr.Try("/open a.md"); !r.OK {
		t.Errorf("/open a.md = %+v", r)
	}
	if r := pr.Try("/nav none"); r.OK || r.Content != "Menu not found: none" { // the page's auto-shortcuts stay
		t.Errorf("/nav none = %+v", r)
	}
	if s := pr.rt.session(); len(s.viewShortcuts) != 0 || len(s.viewOrder) != 0 {
		t.Errorf("the PageRun built the shortcut view: %v %v", s.viewShortcuts, s.viewOrder)
	}
	if s := pr.rt.session(); s.autoShortcuts["docs"] != "https://docs.example.com" {
		t.Errorf("autoShortcuts = %v", s.autoShortcuts)
	}
}

// TestShortcutViewReaders: the session's merged shortcut view
// (viewShortcuts, viewOrder) is written by Session.syncView and read by
// DrySession.State alone, so a session no DrySession reads (a PageRun's,
// Runtime.noView) can skip building it.
func TestShortcutViewReaders(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			ast.Inspect(fd, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "viewShortcuts" || sel.Sel.Name == "viewOrder") &&
					fd.Name.Name != "syncView" && fd.Name.Name != "State" {
					t.Errorf("%s: %s reads %s: a PageRun (noView) no longer builds it", fset.Position(sel.Pos()), fd.Name.Name, sel.Sel.Name)
				}
				return true
			})
		}
	}
}
