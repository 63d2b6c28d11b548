package model

import (
	"reflect"
	"strings"
	"testing"
)

// callFlagsBySearch is CallFlags as it was: a search of Actions for the
// called id.
func callFlagsBySearch(p *Parsed, line string) (ActionInfo, []string, bool) {
	id, ok := CalledAction(line)
	if !ok || p == nil || p.ref == nil {
		return ActionInfo{}, nil, false
	}
	_, cmd, args := route(line)
	a, _ := actionCall(cmd, args)
	_, _, flagStr := splitActionArgs(a)
	for _, info := range p.Actions() {
		if info.ID != id {
			continue
		}
		short := map[string]string{}
		for _, f := range info.Fields {
			if f.Short != "" {
				short[f.Short] = f.Name
			}
		}
		parsed := parsePosixFlags(flagStr, short)
		if parsed == nil {
			return ActionInfo{}, nil, false
		}
		return info, parsed.flags.Keys(), true
	}
	return ActionInfo{}, nil, false
}

// TestCallFlagsFindsOneAction: CallFlags answers as a search of Actions
// for the called id did, on every action of the texts of scanDocs called
// in several ways, and its work does not grow with the document's
// actions (the runner asks it for every step: each call listed every
// action, its fields and template, to keep one).
func TestCallFlagsFindsOneAction(t *testing.T) {
	calls := 0
	for _, src := range scanDocs(t) {
		p := Parse(docOf(src))
		var ids []string
		for _, a := range p.ref.Actions {
			ids = append(ids, a.ID)
		}
		ids = append(ids, "missing")
		for _, id := range ids {
			for _, line := range []string{"/act." + id, "/act." + id + " --q 1 -c x --flag", "/act " + id + " --city=Seoul", "/act." + id + " --help", "/act." + id + " a b"} {
				gi, gf, gok := p.CallFlags(line)
				wi, wf, wok := callFlagsBySearch(p, line)
				if gok != wok || !reflect.DeepEqual(gi, wi) || !reflect.DeepEqual(gf, wf) {
					t.Fatalf("%q: CallFlags %+v %v %v, the search %+v %v %v", line, gi, gf, gok, wi, wf, wok)
				}
				calls++
			}
		}
	}
	if calls < 1000 {
		t.Fatalf("only %d calls: the texts test little", calls)
	}
	doc := func(n int) *Parsed {
		var b strings.Builder
		for i := range n {
			b.WriteString(act("a"+itoa(i), "GET https://x.example/{q}", `  q, -q: string (required) "Q"`) + resp("a"+itoa(i), "{x} = {Response.body.x}"))
		}
		return Parse(docOf(b.String()))
	}
	small, large := doc(4), doc(400)
	line := "/act.a2 -q 1"
	if a, b := testing.AllocsPerRun(20, func() { small.CallFlags(line) }), testing.AllocsPerRun(20, func() { large.CallFlags(line) }); b > a {
		t.Errorf("CallFlags allocates %.0f times with 400 actions, %.0f with 4", b, a)
	}
}

// TestOpenedPageParsedOnce: once /open showed another page, the commands
// run on it read the parse the page was resolved with (each command
// parsed the page again), and an action call on it answers as on a
// runtime that parses the page itself.
func TestOpenedPageParsedOnce(t *testing.T) {
	page := "# B\n\n" + act("b", "CLI echo {q}", `  q: string (required) "Q"`) + act("b", "CLI echo second") + "[@home Home](a.md)\n"
	h := newHarness(t, "x")
	h.write(t, "b.md", page)
	if r := h.rt.Run("/open b.md"); !r.OK {
		t.Fatalf("/open b.md: %+v", r)
	}
	h.rt.useCurrent()
	cur := h.rt.session().nav.cur
	if cur == nil || cur.pg == nil || h.rt.refDoc() != cur.pg.ref {
		t.Fatal("a command on the opened page parses it again")
	}
	got := h.rt.Run("/act.b --q hi")
	fresh := newHarness(t, page)
	if want := fresh.rt.Run("/act.b --q hi"); got.OK != want.OK || got.Content != want.Content || got.Code != want.Code ||
		!reflect.DeepEqual(got.commands, want.commands) || len(got.commands) != 1 {
		t.Errorf("/act.b on the opened page = %+v, on the page itself %+v", got, want)
	}
}

// TestIsFirstIsTheIndex: an action is marked first exactly when the index
// by id finds it (what Actions lists, a call reaches), on every text of
// scanDocs.
func TestIsFirstIsTheIndex(t *testing.T) {
	n, dup := 0, 0
	for _, src := range scanDocs(t) {
		d := parseRef(src)
		for _, a := range d.Actions {
			if a.isFirst != (d.action(a.ID) == a) {
				t.Fatalf("act.%s: isFirst %v, the index finds %p (this one %p)", a.ID, a.isFirst, d.action(a.ID), a)
			}
			n++
			if !a.isFirst {
				dup++
			}
		}
	}
	if n < 1000 || dup == 0 {
		t.Fatalf("%d actions, %d not first: the texts test little", n, dup)
	}
}
