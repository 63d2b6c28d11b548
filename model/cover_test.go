package model

import (
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestCoverage runs real calls through the runtime and checks what the
// Coverage records: the action, the template lines (a loop body only when
// the loop iterated) and each error path, classified from the runtime's
// own failure texts.
func TestCoverage(t *testing.T) {
	src := act("list", "GET https://api.example.com/items?q={q}", "  q: string (required) \"Query\"") +
		resp("list",
			"{total} = {Response.body.total}",
			"## {total} items",
			"",
			"for: it in Response.body.items",
			"- {it.name}",
			"end:",
			"Done.") +
		act("run", "CLI echo hi") +
		act("idle", "GET https://api.example.com/idle")
	h := newHarness(t, src)
	cov := NewCoverage()
	h.rt.Cover = cov
	call := func(line string) Result {
		res := h.rt.Run(line)
		cov.Finish(res)
		return res
	}

	h.tr.body = `{"total": 0, "items": []}`
	if res := call("/act.list --q a"); !res.OK {
		t.Fatalf("list failed: %s", res.Content)
	}
	lines := func() []int {
		var out []int
		for i := range cov.Actions["list"].Lines {
			out = append(out, i)
		}
		sort.Ints(out)
		return out
	}
	// An empty array: the loop body (line 4) did not render.
	if got, want := lines(), []int{0, 1, 2, 3, 5, 6}; !reflect.DeepEqual(got, want) {
		t.Errorf("lines after an empty loop = %v, want %v", got, want)
	}
	h.tr.body = `{"total": 1, "items": [{"name": "x"}]}`
	call("/act.list --q b")
	if got, want := lines(), []int{0, 1, 2, 3, 4, 5, 6}; !reflect.DeepEqual(got, want) {
		t.Errorf("lines after a loop that iterated = %v, want %v", got, want)
	}

	call("/act.list")                  // no flags at all: the help text, not an error
	call("/act.list --limit 1")        // missing required q
	h.tr.status, h.tr.body = 500, "no" // non-2xx
	call("/act.list --q c")
	h.tr.status = 404 // 404 is NOT_FOUND, also a status
	call("/act.list --q d")
	h.tr.status, h.tr.fail = 0, true // transport
	call("/act.list --q e")
	h.exec.res = ExecResult{Stdout: "boom", Combined: "boom", Exit: 3}
	call("/act.run")
	call("/act.nope") // not an action: records nothing

	l := cov.Actions["list"]
	if l.Calls != 6 { // the help text is not a call
		t.Errorf("list calls = %d, want 6", l.Calls)
	}
	want := map[ErrorPath]bool{PathRequired: true, PathHTTPStatus: true, PathTransport: true}
	if !reflect.DeepEqual(l.Paths, want) {
		t.Errorf("list paths = %v, want %v", l.Paths, want)
	}
	if r := cov.Actions["run"]; r == nil || !r.Paths[PathExit] {
		t.Errorf("run: exit path not recorded: %+v", r)
	}
	if cov.Actions["idle"] != nil || cov.Actions["nope"] != nil {
		t.Errorf("actions never called were recorded: %v", cov.Actions)
	}

	infos := Parse(h.rt.Doc).Actions()
	var got []string
	for _, a := range infos {
		var ps []string
		for _, p := range a.ErrorPaths() {
			ps = append(ps, string(p))
		}
		got = append(got, a.ID+":"+a.Method+":"+joinPaths(ps))
	}
	if w := []string{"list:GET:required,http-status,transport", "run:CLI:exit-status", "idle:GET:http-status,transport"}; !reflect.DeepEqual(got, w) {
		t.Errorf("Actions() = %v, want %v", got, w)
	}
	if n := len(infos[0].Template); n != 7 {
		t.Errorf("list template has %d lines, want 7", n)
	}
}

func joinPaths(ps []string) string {
	s := ""
	for i, p := range ps {
		if i > 0 {
			s += ","
		}
		s += p
	}
	return s
}

// TestCoverageNil: a runtime without a Coverage works and records nothing.
func TestCoverageNil(t *testing.T) {
	h := newHarness(t, act("a", "GET https://api.example.com/a")+resp("a", "ok"))
	var cov *Coverage
	cov.Finish(h.rt.Run("/act.a"))
}

// actionInfoOwn is what Actions lists of the action a, each list made
// on its own (Actions before it shared them).
func actionInfoOwn(a *refAction) ActionInfo {
	info := ActionInfo{ID: a.ID, Method: upperMethod(a.Method), HasTemplate: a.HasResp}
	for _, f := range a.Fields {
		info.Fields = append(info.Fields, FieldInfo{Name: f.Name, Type: f.Type, Short: f.Short, Default: f.Default, Required: f.Required, HasDefault: f.HasDefault})
	}
	for _, h := range a.Headers {
		info.Headers = append(info.Headers, h.Key)
	}
	if a.HasResp {
		info.Template = strings.Split(a.Response, "\n")
	}
	return info
}

// TestActionsSlabs: Actions, which hands out the parse's own fields and
// cuts every action's header names and template lines from two shared
// lists, lists what actionInfoOwn gives each first action with lists of
// its own, on every document of scanDocs; no list reaches into the next
// one's, and each action's fields are the parse's list, not a copy.
func TestActionsSlabs(t *testing.T) {
	n := 0
	for _, src := range scanDocs(t) {
		p := Parse(&sfmd.Document{Path: "x.md", Src: []byte(src)})
		got := p.Actions()
		var want []ActionInfo
		for _, a := range p.ref.Actions {
			if a.isFirst {
				w := actionInfoOwn(a)
				want = append(want, w)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%.200q: Actions %v, want %v", src, got, want)
		}
		for i, a := range got {
			if cap(a.Fields) != len(a.Fields) || cap(a.Headers) != len(a.Headers) || cap(a.Template) != len(a.Template) {
				t.Fatalf("%s: a list with room past its end", a.ID)
			}
			if len(a.Fields) > 0 && &a.Fields[0] != &p.Sources()[i].a.Fields[0] {
				t.Fatalf("%s: the fields are a copy of the parse's", a.ID)
			}
			n += len(a.Fields) + len(a.Headers) + len(a.Template)
		}
	}
	if n < 5000 {
		t.Fatalf("only %d fields, headers and template lines", n)
	}
}
