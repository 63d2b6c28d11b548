package model

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
)

// testPage is a page of a tree: its path in the tree.
type testPage struct {
	tree mapSource
	p    string
}

// testPages are the pages TestPageStrippedIsRender and
// TestPageViewIsRender open: scanDocs' texts, a generated document and
// 4,000 random pages of pieces (invocations, shortcuts, links, code,
// fences, markup lines, frontmatter and includes), each beside a menu
// and an include file, then the upstream corpus as a tree (menus and
// includes read from it).
func testPages(t *testing.T) []testPage {
	t.Helper()
	tree := mapSource{
		"app/inc.md": mapFile("<!-- #b -->\nincluded [x][@s] line [i](https://i.example)\n<!-- /b -->\n"),
		"app/nav.md": mapFile("[@home Home](index.md)\n[@s Menu s](https://m.example/s)\n"),
	}
	// a page of its own in the two files above (fstest.MapFS lists a
	// directory by reading every path), or one of the upstream tree
	var pages []testPage
	add := func(s string) {
		own := mapSource{"app/p.md": mapFile(s)}
		for k, v := range tree {
			own[k] = v
		}
		pages = append(pages, testPage{own, "app/p.md"})
	}
	for _, d := range scanDocs(t) {
		add(d)
	}
	add(string(benchgen.Document(512 << 10)))
	up := mapSource{}
	root := upstreamRoot(t)
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				rel, _ := filepath.Rel(root, p)
				up["up/"+filepath.ToSlash(rel)] = mapFile(string(src))
			}
		}
		return nil
	})
	for p := range up {
		pages = append(pages, testPage{up, p})
	}
	pieces := []string{"[a][@s]", "[b c][@t]", "[x][@gone]", "[m][@main.s]", "[@s l](https://s.example)", "[@t l](u\u2028v)",
		"[@u l](w\rx)", "[@s l](dup)", "[!nav:main](nav.md)", "```", "~~~", "```act.a", "```act.a.response", "  ```", "```[a][@s]",
		"```[a][@u]", "<!-- #b -->", "<!-- /b -->", "[!include:b](inc.md)", "[r]: https://x.example", "[a][@s]: x", "---", "text ",
		"", " ", "\r", "[a\nb][@s]", "`[a][@s]`", "[!nav:n[a][@s]](x)", "[[a][@s]]: y", "\u00a0```[a][@t]", "[a][@s][b][@t]",
		// links the render makes auto-shortcuts of, and what hides them
		"[s](https://a.example)", "[S](http://b.example)", "[s 2](act:x)", "[s-2](https://c.example)", "[](https://e.example)",
		"[link-1](https://l.example)", "[Docs](https://docs.example.com)", "[t][r]", "[s][r] and [u][gone]", "`[s](https://f.example)`",
		"[@s x](y)(https://g.example)", "[p [@t q](z)](https://h.example)", "[a b c d e f g h i j k l m](https://long.example)",
		"[x](" + strings.Repeat("y", 41) + ")", "[@docs D](docs.md)", "[é](https://u.example)", "`` ` ``", "[`](https://k.example)`",
		"[@s]: https://d.example", "[@v]: https://v.example", "[@v]: https://w.example"}
	seed := uint32(7)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 4000 {
		var lines []string
		if next()%4 == 0 {
			lines = append(lines, "---", "title: x", "---")
		}
		if next()%8 == 0 {
			lines = append(lines, "---", "requires: [A, B]", "---")
		}
		for k := next() % 14; k >= 0; k-- {
			lines = append(lines, pieces[next()%len(pieces)])
		}
		add(strings.Join(lines, "\n"))
	}
	return pages
}

// TestPageStrippedIsRender: a page read through its invocations' edits
// (page.stripped) renders, lists and opens as the page whose source is
// written out first (stripEdits off), on scanDocs' texts, the upstream
// corpus as a tree (menus and includes read from it), a generated
// document and random pages of invocations, shortcuts, fences, markup
// lines, frontmatter and includes; the edits are read on enough of them.
func TestPageStrippedIsRender(t *testing.T) {
	pages := testPages(t)
	defer func() { stripEdits = true }()
	read := 0
	for _, pg := range pages {
		got, edited := renderOf(pg.tree, pg.p, true)
		want, _ := renderOf(pg.tree, pg.p, false)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %.400q\nread through the edits:\n%#v\nwritten out first:\n%#v", pg.p, pg.tree[pg.p].Data, got, want)
		}
		if edited {
			read++
		}
	}
	t.Logf("read through the edits: %d of %d pages", read, len(pages))
	if read < 1000 {
		t.Errorf("the edits were read on %d pages with invocations only", read)
	}
}

// renderOf is the view of page p of tree and what commands tried on it
// give, with the edits read (edits) or the source written out; edited
// reports that the render read a page with invocations through them.
func renderOf(tree mapSource, p string, edits bool) (got []any, edited bool) {
	stripEdits = edits
	defer func() { stripEdits = true }()
	pr := OpenPage(NewSourceFS(tree), "/"+p, tree.data("/"+p), "app:app", "/app")
	if v := pr.View(); v != nil {
		got = append(got, viewValue(v))
	}
	if pg := pr.rt.session().nav.cur.pg; pg != nil && len(pg.inv.spans) > 0 {
		_, edited = pg.stripped()
		edited = edited && edits
	}
	for _, cmd := range []string{"/open #b", "/open @s", "/source"} {
		got = append(got, pr.Try(cmd))
	}
	return got, edited
}

// TestSlugLinksOneMap: slugLinks, which keeps buildSlugMap's seen ids,
// slug counts and each id's place in autos in one map, gives the text
// and auto-shortcuts of the three maps it kept before (slugIDsRef), on
// scanDocs' texts and random runs of links whose labels slug alike
// ("a", "A", "a-2", "a 2" …), with autos given before.
func TestSlugLinksOneMap(t *testing.T) {
	texts := scanDocs(t)
	labels := []string{"a", "A", "a-2", "a 2", "a-3", "b", "link-1", "", "é", "a b c d e f g h i j k l", "a-2-2"}
	seed := uint32(3)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 3000 {
		var b strings.Builder
		for k := next() % 12; k >= 0; k-- {
			b.WriteString("[" + labels[next()%len(labels)] + "](https://x.example/" + itoa(next()%4) + ") ")
		}
		texts = append(texts, b.String())
	}
	for i, s := range texts {
		var before []autoShortcut
		if i%2 == 1 {
			before = []autoShortcut{{"a-2", "https://before.example"}, {"b", "u"}}
		}
		got := append([]autoShortcut(nil), before...)
		gotS := slugLinks(s, &got)
		want := append([]autoShortcut(nil), before...)
		wantIDs := slugIDsRef(s, &want)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%.300q: auto-shortcuts %v, three maps gave %v", s, got, want)
		}
		for _, a := range wantIDs {
			if !strings.Contains(gotS, "][@"+a+"]") {
				t.Fatalf("%.300q: the text %.300q shows no [@%s]", s, gotS, a)
			}
		}
	}
}

// slugIDsRef is slugLinks' ids as its three maps gave them (seen,
// counts, at), in the order the links were read.
func slugIDsRef(s string, autos *[]autoShortcut) []string {
	seen := map[string]bool{}
	counts := map[string]int{}
	at := map[string]int{}
	for i, a := range *autos {
		at[a.ID] = i
	}
	regions := codeRegions(s)
	var ids []string
	linkN := 1
	for _, m := range plainLinkSpans(s) {
		if insideRanges(m[0], regions) {
			continue
		}
		label, href := s[m[2]:m[3]], s[m[4]:m[5]]
		if !IsAutoShortcutURL(href) {
			continue
		}
		slug := ""
		if utf16Len(label) <= 20 && slugLabel(label) {
			slug = toSlug(label)
		}
		var id string
		if slug != "" {
			if !seen[slug] {
				id = slug
				counts[slug] = 2
			} else {
				n, ok := counts[slug]
				if !ok {
					n = 2
				}
				id = slug + "-" + itoa(n)
				counts[slug] = n + 1
			}
		} else {
			id = "link-" + itoa(linkN)
			linkN++
		}
		seen[id] = true
		if i, ok := at[id]; ok {
			(*autos)[i].Href = href
		} else {
			at[id] = len(*autos)
			*autos = append(*autos, autoShortcut{ID: id, Href: href})
		}
		ids = append(ids, id)
	}
	return ids
}

// TestPageViewListsSized: the view's lists of a generated page, and the
// session's order of its auto-shortcuts, are made at their length (they
// grew by doubling: 2 MB of the 10 MB page's view of 43 MB).
func TestPageViewListsSized(t *testing.T) {
	src := mapSource{"app/big.md": mapFile(string(benchgen.Document(256 << 10)))}
	pr := OpenPage(NewSourceFS(src), "/app/big.md", src.data("/app/big.md"), "app:app", "/app")
	v := pr.View()
	if v == nil || len(v.Autos) < 100 || len(v.Shortcuts) < 100 {
		t.Fatalf("the generated page shows too few links: %v", v)
	}
	pr.settle()
	s := pr.rt.session()
	for name, lc := range map[string][2]int{"Autos": {len(v.Autos), cap(v.Autos)}, "Shortcuts": {len(v.Shortcuts), cap(v.Shortcuts)},
		"autoOrder": {len(s.autoOrder), cap(s.autoOrder)}} {
		if lc[0] != lc[1] {
			t.Errorf("%s: %d of room %d", name, lc[0], lc[1])
		}
	}
}

// TestAttachPrevAction: the reference parse that takes a template's
// action from the action read before it (when that is the first of its
// id) attaches the templates the map alone does (prevAction off), on
// scanDocs' texts and random runs of actions and templates of two ids,
// repeated, out of order, unclosed and broken.
func TestAttachPrevAction(t *testing.T) {
	docs := scanDocs(t)
	pieces := []string{act("a", "GET https://a.example/"), act("b", "GET https://b.example/"), resp("a", "A {x}"), resp("b", "B"),
		resp("a", ""), act("a", "nothing"), "text", "```act.b\nGET https://c.example/", resp("c", "C")}
	seed := uint32(5)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 3000 {
		var b strings.Builder
		for k := next() % 8; k >= 0; k-- {
			b.WriteString(pieces[next()%len(pieces)] + "\n")
		}
		docs = append(docs, b.String())
	}
	attached := 0
	for _, d := range docs {
		got, want := parseRefSwitched(&prevAction, d)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%.300q: the templates attach differently", d)
		}
		for _, a := range got.Actions {
			if a.HasResp {
				attached++
			}
		}
	}
	if attached < 1000 {
		t.Fatalf("only %d templates attached", attached)
	}
}

// TestDryContextVars: the context variables the dry run shares for a
// call without arguments are those contextVars makes for it, with a
// store and without, and still are after each MaySendSession call (no
// call writes them) on the upstream corpus and a generated document.
func TestDryContextVars(t *testing.T) {
	for _, st := range []map[string]string{nil, {}, {"HOME": "/h"}} {
		rt := &Runtime{Env: dryEnv(st)}
		if got, want := dryContextVars(rt, ""), rt.contextVars(""); !reflect.DeepEqual(got, want) {
			t.Errorf("store %v: shared %+v, made %+v", st, got, want)
		}
	}
	docs := withUpstream(t, nil)
	store := map[string]string{"BASE": "https://x.com/{n}", "HOME": "/h"}
	n := 0
	for _, src := range docs {
		p := dryParse(src)
		for _, a := range p.Actions() {
			for _, f := range a.Fields {
				for _, st := range []map[string]string{nil, store} {
					p.MaySendSession(a.ID, "", f.Name, st)
					rt := &Runtime{Env: dryEnv(st)}
					if got, want := dryContextVars(rt, ""), rt.contextVars(""); !reflect.DeepEqual(got, want) {
						t.Fatalf("%s %s: after MaySendSession the shared context variables are %+v, contextVars makes %+v", a.ID, f.Name, got, want)
					}
					n++
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d calls", n)
	}
}

// viewValue is what a view shows, its text written, for comparing.
func viewValue(v *PageView) []any {
	return []any{v.Content(), v.Autos, v.Shortcuts, v.References}
}
