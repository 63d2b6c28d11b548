package model

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestPageViewIsRender: PageRun.View, which registers the render's
// auto-shortcuts without writing the page's text (slugAutos, the
// shortcuts' text read by shortcutAutos) nor putting them in the session
// before a command is tried (PageRun.settle), and writes the text when
// Content is first asked for, shows what renderPage's whole render
// shows (viewByRender, the view as View made it before), on testPages:
// the commands tried after it give the same results and leave the same
// session. The text is asked for after those commands, /refresh among
// them, which renders the page again and marks its menus seen in the
// session that View's menus were unfolded in, or, on every other page,
// before any command: then the session holds the menus View marked seen.
func TestPageViewIsRender(t *testing.T) {
	cmds := []string{"/refresh", "/nav main", "/open @s", "/open @docs", "/open @link-1", "/open #b"}
	texts := 0
	for i, pg := range testPages(t) {
		open := func() *PageRun {
			return OpenPage(NewSourceFS(pg.tree), "/"+pg.p, pg.tree.data("/"+pg.p), "app:app", "/app")
		}
		lazy, whole := open(), open()
		v := lazy.View()
		want := viewByRender(whole)
		if (v == nil) != (want == nil) {
			t.Fatalf("%s: View %v, the whole render %v", pg.p, v, want)
		}
		if v != nil && i%2 == 0 {
			v.Content()
		}
		for _, cmd := range cmds {
			if got, want := lazy.Try(cmd), whole.Try(cmd); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: %s after View:\n%#v\nafter the whole render:\n%#v", pg.p, cmd, got, want)
			}
		}
		if got, want := sessionValue(lazy), sessionValue(whole); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %.300q\nthe session after View and the commands:\n%#v\nafter the whole render:\n%#v", pg.p, pg.tree[pg.p].Data, got, want)
		}
		if v == nil {
			continue
		}
		if got := viewValue(v); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %.300q\nView:\n%#v\nthe whole render:\n%#v", pg.p, pg.tree[pg.p].Data, got, want)
		}
		if len(v.Autos) > 0 && len(want[0].(string)) > 0 {
			texts++
		}
	}
	if texts < 1000 {
		t.Errorf("only %d pages showed a text and auto-shortcuts", texts)
	}
}

// viewByRender is what PageRun.View showed when it wrote the page's text
// with renderPage (the render /open makes), as viewValue gives it, and
// the session it left; nil when the page cannot be resolved or rendered.
func viewByRender(pr *PageRun) []any {
	pr.shown = true
	s := pr.rt.session()
	s.nav = pr.saved
	pg, lerr, err := pr.rt.currentPage()
	if err != nil || lerr != nil {
		return nil
	}
	content, autos, err := pr.rt.renderPage(pg, "", s.markUnseenNavs(pg))
	if err != nil {
		return nil
	}
	s.setAutoShortcuts(autos)
	pr.autos, pr.order = s.autoShortcuts, s.autoOrder
	var as, scs []Link
	for _, id := range s.autoOrder {
		as = append(as, Link{id, s.autoShortcuts[id]})
	}
	for _, sc := range pg.shortcuts {
		scs = append(scs, Link{sc.ID, sc.Href})
	}
	return []any{content, as, scs, pg.ref.References}
}

// sessionValue is what the commands tried on a page read of its
// session: its auto-shortcuts, their order and the menus seen, once
// those View registers are in it (PageRun.settle, as Try does first).
func sessionValue(pr *PageRun) []any {
	pr.settle()
	s := pr.rt.session()
	return []any{s.autoShortcuts, s.autoOrder, s.nav.seen, pr.autos, pr.order}
}

// TestShortcutAutos: shortcutAutos, which reads the auto-shortcuts of a
// text's shortcuts written out from the text itself, gives those of
// slugAutos(shortcutText(s)) whenever it answers, on scanDocs' texts
// (and the strip of each) and 20,000 random texts of shortcuts, links,
// code and brackets; it answers on enough of them.
func TestShortcutAutos(t *testing.T) {
	texts := scanDocs(t)
	pieces := []string{"[@a x](https://a.example)", "[@b y z](u)", "[s](https://s.example)", "[s](http://t.example)", "[@a x](@u)",
		"[@a x](u)(https://g.example)", "[p [@t q](z)](https://h.example)", "[@a x [y](https://z.example)", "[@a `x`](u)",
		"[@a x](u\nv)", "[@a\nx](u)", "[@a x~](u)", "`", "```", "~~~", "\n", " ", "[", "]", "(", ")", "](", "[@c", "d](https://d.example)",
		"[@a x](u)[b](https://b.example)", "[q](https://q.example)[@a x](u)", "text", "[link-1](https://l.example)", "[](https://e.example)",
		"[@a x](" + strings.Repeat("y", 45) + ")", "[" + strings.Repeat("w", 45) + "](v)", "`[@a x](u)`", "[@a.b x](u)",
		"[@a x](u`v)", "[@a x](~~~)", "[@a x`](u)", "[@a x~~~](u)"}
	seed := uint32(3)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 20000 {
		var b strings.Builder
		for k := next() % 6; k >= 0; k-- {
			b.WriteString(pieces[next()%len(pieces)])
		}
		texts = append(texts, b.String())
	}
	answered, declined := 0, 0
	for _, s := range texts {
		var want []autoShortcut
		slugAutos(shortcutText(s), &want)
		var got []autoShortcut
		if !shortcutAutos(s, &got) {
			if got != nil {
				t.Fatalf("%.300q: shortcutAutos declined with autos %v", s, got)
			}
			declined++
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%.300q: shortcutAutos gives\n%v\nslugAutos(shortcutText(s))\n%v", s, got, want)
		}
		if len(shortcutSpans(s)) > 0 && len(want) > 0 {
			answered++
		}
	}
	t.Logf("answered on %d texts with shortcuts and auto-shortcuts, declined on %d of %d", answered, declined, len(texts))
	if answered < 1500 || declined < 2000 {
		t.Errorf("answered on %d texts with shortcuts and auto-shortcuts, declined on %d", answered, declined)
	}
}

// TestSlugAutosRoomOnce: slugLinks' scan makes the room of the
// auto-shortcuts it adds at once (each match adds at most one), not by
// doubling: 1,000 links to https URLs with labels that are their own
// slugs take a fixed number of allocations (the matches, the map, the
// list), not one more for each doubling.
func TestSlugAutosRoomOnce(t *testing.T) {
	var b strings.Builder
	for i := range 1000 {
		b.WriteString("see [a" + strconv.Itoa(i) + "](https://x.example/" + strconv.Itoa(i) + ")\n")
	}
	text := b.String()
	var autos []autoShortcut
	n := testing.AllocsPerRun(5, func() {
		autos = nil
		slugAutos(text, &autos)
	})
	if len(autos) != 1000 {
		t.Fatalf("%d auto-shortcuts, want 1000", len(autos))
	}
	if n > 8 { // 7 with the room made once, 17 by doubling
		t.Errorf("slugAutos of 1,000 links: %v allocations", n)
	}
}

// TestPageFirstHrefs: the index's map of each shortcut id's first href,
// which addShortcuts makes when the page has an @-named definition, is
// the map of page.shortcuts read in order (the first of an id wins), on
// testPages; the shared map is used on enough of them.
func TestPageFirstHrefs(t *testing.T) {
	shared := 0
	for _, p := range testPages(t) {
		pr := OpenPage(NewSourceFS(p.tree), "/"+p.p, p.tree.data("/"+p.p), "app:app", "/app")
		pg, lerr, err := pr.rt.currentPage()
		if err != nil || lerr != nil {
			continue
		}
		want := map[string]string{}
		for _, sc := range pg.shortcuts {
			if _, ok := want[sc.ID]; !ok {
				want[sc.ID] = sc.Href
			}
		}
		if pg.firstHrefs != nil {
			shared++
		}
		if got := pg.index().shortcuts; !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %.300q\nthe index's shortcuts %v\nthe page's, first of an id %v", p.p, p.tree[p.p].Data, got, want)
		}
	}
	if shared < 500 {
		t.Errorf("the map was shared on %d pages", shared)
	}
}
