package model

import (
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"unsafe"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// countSource is a Source that counts the reads of each path.
type countSource struct {
	mapSource
	reads map[string]int
}

func (c *countSource) ReadFile(p string, limit int64) ([]byte, error) {
	c.reads[p]++
	return c.mapSource.ReadFile(p, limit)
}

// TestPageReadsSuiteDocUncopied: the page a session shows of its own
// document reads Doc.Src where it is (a 10 MB page was copied to be
// resolved and compared with the parse's text).
func TestPageReadsSuiteDocUncopied(t *testing.T) {
	src := mapSource{"app/page.md": {Data: []byte("# Page\n\nSee [@docs Docs](guide.md).\n")}}
	pd := Parse(&sfmd.Document{Path: "/app/page.md", Src: src.data("/app/page.md")})
	pr := pd.OpenPage(NewSourceFS(src), "/app/page.md", "app:app", "/app")
	if pr.View() == nil {
		t.Fatal("no view")
	}
	pg := pr.rt.session().nav.cur.pg
	if pg == nil || unsafe.StringData(pg.src) != &pd.doc.Src[0] {
		t.Error("the page's source is a copy of the document's")
	}
	if pg.ref != pd.ref {
		t.Error("the page parsed the document again")
	}
}

func mapFile(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }

// menuPages are pages whose menu and nav lines name files several times
// (under other names, a missing file, a directory, the page itself).
func menuPages() map[string]string {
	return map[string]string{
		"app/a.md": "# A\n\n[!nav:main](nav.md)\n\n[!menu:side](nav.md)\n\n[!nav:main](nav.md)\n\n[!nav:gone](missing.md)\n\n" +
			"[!nav:gone](missing.md)\n\n[!menu:other](sub/m.md)\n\n[!nav:side](sub/m.md)\n\n[x][@main.home] [y][@home] [z][@side.deep]\n",
		"app/b.md": "[!nav:m](sub)\n[!nav:m](sub)\n# B\n",
		"app/c.md": "[!nav:x](nav.md)\n[!nav:me](c.md)\n",
	}
}

// TestMenuCache: a page reads each menu file once however many lines
// name it, and shows, lists and opens what it showed when it read the
// file for each line (menuCache off), on pages with repeated menu lines,
// the upstream corpus and a generated document.
func TestMenuCache(t *testing.T) {
	tree := mapSource{
		"app/nav.md":   {Data: []byte("[@home Home](index.md)\n[@docs Docs](https://docs.example.com)\n")},
		"app/sub/m.md": {Data: []byte("[@deep Deep](../deep.md)\n[@home Sub home](x.md)\n")},
		"app/sub/x.md": {Data: []byte("x")},
	}
	pages := menuPages()
	for p, s := range pages {
		tree[p] = mapFile(s)
	}
	root := upstreamRoot(t)
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				rel, _ := filepath.Rel(root, p)
				tree["up/"+filepath.ToSlash(rel)] = mapFile(string(src))
				pages["up/"+filepath.ToSlash(rel)] = string(src)
			}
		}
		return nil
	})
	tree["gen/big.md"] = mapFile(string(benchgen.Document(256 << 10)))
	pages["gen/big.md"] = string(tree["gen/big.md"].Data)
	open := func(p string, cached bool) (*countSource, any) {
		menuCache = cached
		defer func() { menuCache = true }()
		cs := &countSource{mapSource: tree, reads: map[string]int{}}
		pr := OpenPage(NewSourceFS(cs), "/"+p, tree.data("/"+p), "app:app", "/app")
		var got []any
		if v := pr.View(); v != nil {
			got = append(got, viewValue(v))
		}
		viewReads := &countSource{reads: maps.Clone(cs.reads)}
		for _, cmd := range []string{"/nav main", "/nav side", "/nav gone", "/nav other", "/nav m", "/open @main.home", "/open @side.deep"} {
			got = append(got, pr.Try(cmd))
		}
		return viewReads, got
	}
	for p := range pages {
		_, want := open(p, false)
		cs, got := open(p, true)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the page differs with the menu files read once:\n got %v\nwant %v", p, got, want)
		}
		if strings.HasPrefix(p, "app/") && cs.reads["/app/nav.md"] > 1 {
			t.Errorf("%s: nav.md read %d times to show the page", p, cs.reads["/app/nav.md"])
		}
	}
	if cs, _ := open("app/a.md", false); cs.reads["/app/nav.md"] < 3 {
		t.Errorf("without the cache nav.md was read %d times, want one per line", cs.reads["/app/nav.md"])
	}
}

// TestFrontmatterGate: stripFrontmatter and frontmatterNode, which skip
// reFrontm for a text not beginning with its literal "---", read every
// text of scanDocs and texts around that prefix as the pattern does.
func TestFrontmatterGate(t *testing.T) {
	texts := scanDocs(t)
	for _, head := range []string{"---", "--- ", "---\n", "---\r\n", "--", " ---\n", "\ufeff---\n", "----\n", "x"} {
		for _, body := range []string{"a: 1\n---\n# T\n", "a: 1\r\n---\r\nx", "---\n", "", "a: [1\n---\n"} {
			texts = append(texts, head+body)
		}
	}
	found := 0
	for _, s := range texts {
		want := s
		if loc := reFrontm.FindStringIndex(s); loc != nil {
			want = s[loc[1]:]
			found++
		}
		if got := stripFrontmatter(s); got != want {
			t.Fatalf("%.100q: stripFrontmatter = %.100q, the regexp %.100q", s, got, want)
		}
		var wantNode *yaml.Node
		if m := reFrontm.FindStringSubmatch(s); m != nil {
			if n, err := yamlpos.Root([]byte(m[1])); err == nil && n != nil && n.Kind == yaml.MappingNode {
				wantNode = n
			}
		}
		if got := frontmatterNode(s); !reflect.DeepEqual(got, wantNode) {
			t.Fatalf("%.100q: frontmatterNode differs from the regexp's", s)
		}
	}
	if found < 100 {
		t.Fatalf("only %d texts with frontmatter: the texts test little", found)
	}
}
