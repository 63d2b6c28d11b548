package model

import (
	"reflect"
	"strings"
	"testing"
)

// TestDryRunTemplateMatchesRun: a template dry run prints what a real
// call's template prints for the same response (one execution path,
// call.respond), and records what each line did.
func TestDryRunTemplateMatchesRun(t *testing.T) {
	doc := act("a", "GET https://x.com/items") + resp("a",
		"{n} = {Response.body.total}",
		"Items: {n}",
		"for: it in Response.body.items",
		"- {it.name}",
		"end:",
	)
	body := `{"total":2,"items":[{"name":"x"},{"name":"y"}]}`
	h := newHarness(t, doc)
	h.tr.body = body
	res := h.rt.Run("/act.a")
	d, ok := dryParse(doc).DryRunTemplate("a", "", nil, nil, TemplateResponse{Body: body})
	if !ok || !res.OK || d.Output != res.Content {
		t.Fatalf("dry run %v %q, run %v %q", ok, d.Output, res.OK, res.Content)
	}
	if d.Vars["n"] != "2" {
		t.Errorf("vars %v", d.Vars)
	}
	kinds := []string{}
	for _, f := range d.Lines {
		kinds = append(kinds, f.Kind)
	}
	if want := []string{"assign", "text", "for", "text", "end"}; !reflect.DeepEqual(kinds, want) {
		t.Errorf("kinds %v, want %v", kinds, want)
	}
	if f := d.Lines[2]; f.Iterations != 2 || !f.Found || f.Path != "body.items" {
		t.Errorf("for: line %+v", f)
	}
	if f := d.Lines[3]; f.Runs != 2 || !f.InLoop || !reflect.DeepEqual(f.Printed, []string{"- x", "- y"}) {
		t.Errorf("loop body %+v", f)
	}
}

// TestDryRunTemplateLineFacts: lines printed raw, printed empty or
// unresolved, swallowed by a loop that never iterates, and where to:
// writes (helpers.ts executeResponseTemplate).
func TestDryRunTemplateLineFacts(t *testing.T) {
	doc := act("get", "GET https://x.com/f/{id}", "  id: string (required)", "  name: string") + resp("get",
		"  {total} = {Response.body.total}",  // 0: indented: printed as text
		"for: it in Response.body.items",     // 1
		"- {it.name}",                        // 2
		"{c} = {Response.body.count}",        // 3: an assignment in a loop body is printed
		"end:",                               // 4
		"for: r in Response.body.items.data", // 5: items is an array: never iterates
		"- {r.id}",                           // 6: swallowed
		"end:",                               // 7
		"{Response.body.items.name}",         // 8: unresolved
		"save: content",                      // 9
		"to: ~/Downloads/{name}.bin",         // 10
		"save:",                              // 11: no path: printed
	)
	body := `{"total":1,"count":3,"content":"aGk=","items":[{"id":1}]}`
	d, ok := dryParse(doc).DryRunTemplate("get", "--id 7", nil, nil, TemplateResponse{Body: body})
	if !ok || d.Code != "" {
		t.Fatalf("%v %s %s", ok, d.Code, d.Message)
	}
	L := d.Lines
	if !L[0].Raw || L[0].Kind != "text" || L[0].Printed[0] != "  {total} = 1" {
		t.Errorf("indented assignment %+v", L[0])
	}
	if !L[3].Raw || !L[3].InLoop || L[3].Printed[0] != "{c} = 3" {
		t.Errorf("assignment in a loop %+v", L[3])
	}
	if !reflect.DeepEqual(L[2].Empty, []string{"{it.name}"}) || L[2].Printed[0] != "- " {
		t.Errorf("empty item path %+v", L[2])
	}
	if L[5].Iterations != 0 || L[5].Found || L[6].Runs != 0 || len(L[6].Printed) != 0 {
		t.Errorf("loop that never iterates %+v %+v", L[5], L[6])
	}
	if !reflect.DeepEqual(L[8].Unresolved, []string{"{Response.body.items.name}"}) {
		t.Errorf("unresolved %+v", L[8])
	}
	if L[9].Kind != "save" || !L[9].Found || L[9].Path != "content" {
		t.Errorf("save %+v", L[9])
	}
	if L[10].Kind != "to" || L[10].Target != "~/Downloads/{name}.bin" || L[10].Resolved != "/home/~/Downloads/{name}.bin" {
		t.Errorf("to %+v", L[10])
	}
	if L[11].Kind != "text" || !L[11].Raw {
		t.Errorf("save: without a path %+v", L[11])
	}
	if d.Vars["total"] != "" || d.Vars["c"] != "" {
		t.Errorf("no assignment ran: %v", d.Vars)
	}
	// TemplateLineRaw reads a line as the run does
	for li, f := range L {
		if raw := TemplateLineRaw(templateLines(doc)[li], f.InLoop); raw != f.Raw && f.Kind != "end" {
			t.Errorf("line %d: TemplateLineRaw %v, the run %v", li, raw, f.Raw)
		}
	}
	for _, tc := range []struct {
		line   string
		inLoop bool
		raw    bool
	}{
		{"{@s} =", false, true}, {"  {@s} = x", false, true}, {"{@s} = x ", false, false},
		{"  {@s} = x", true, true}, {"{@s} = {it.id}", true, false}, {"save: x", true, true},
		{"end:", false, true}, {"Total: 3", false, false},
	} {
		if got := TemplateLineRaw(tc.line, tc.inLoop); got != tc.raw {
			t.Errorf("TemplateLineRaw(%q, %v) = %v", tc.line, tc.inLoop, got)
		}
	}
	// a save: against a text body finds nothing: the line says so
	d, _ = dryParse(doc).DryRunTemplate("get", "--id 7", nil, nil, TemplateResponse{Body: "plain"})
	if d.Lines[9].Found || d.Lines[9].Message != "save: path returned no value: content" {
		t.Errorf("save on text %+v", d.Lines[9])
	}
	// a refused call runs no template
	d, _ = dryParse(doc).DryRunTemplate("get", "--name x", nil, nil, TemplateResponse{Body: body})
	if d.Code == "" || d.Lines != nil {
		t.Errorf("refused call %+v", d)
	}
	// nor a call that prints the action's usage (no flags, a required
	// field: act.go cmdAction)
	if d, ok := dryParse(doc).DryRunTemplate("get", "", nil, nil, TemplateResponse{Body: body}); ok || d.Lines != nil {
		t.Errorf("usage call %v %+v", ok, d)
	}
}

// TestDryRunTemplateToMatchesRun: the file a real call's to: line writes
// is the one the dry run names (relative to the working directory; ~ is
// not expanded), and the dry run writes nothing.
func TestDryRunTemplateToMatchesRun(t *testing.T) {
	doc := act("a", "GET https://x.com/f", "  name: string") + resp("a",
		"save: data",
		"to: ~/out/{name}.txt",
	)
	body := `{"data":"hi"}`
	h := newHarness(t, doc)
	h.tr.body = body
	res := h.rt.Run("/act.a --name n")
	if !res.OK || len(res.files) != 1 {
		t.Fatalf("run: %v %q %v", res.OK, res.Content, res.files)
	}
	d, _ := dryParse(doc).DryRunTemplate("a", "--name n", nil, nil, TemplateResponse{Body: body})
	f := d.Lines[1]
	if rel := strings.TrimPrefix(f.Resolved, DryRunCwd); rel != strings.TrimPrefix(res.files[0], hCwd) || rel != "/~/out/n.txt" {
		t.Errorf("dry run writes %q (target %q), run wrote %q", f.Resolved, f.Target, res.files[0])
	}
}

// templateLines is the lines of the one response template of doc.
func templateLines(doc string) []string {
	return splitLines(dryParse(doc).ref.Actions[0].Response)
}

// TestDryRunTemplateMisses: where each path that reached nothing stopped,
// read with walkJsonPath itself; a loop item reference is a miss only
// when it reached nothing on every run (an optional field is not), and a
// null is no miss.
func TestDryRunTemplateMisses(t *testing.T) {
	doc := act("a", "GET https://x.com/items") + resp("a",
		"for: o in Response.body.data",     // 0: data is an object
		"- {o.id}",                         // 1: swallowed
		"end:",                             // 2
		"for: it in Response.body.items",   // 3
		"- {it.name} {it.tag} {it.note}",   // 4: name in one item only, tag in none, note null
		"end:",                             // 5
		"{n} = {Response.body.data.total}", // 6: data has no total
		"Name: {Response.body.items[0].name} {Response.body.items[5].name} {Response.body.count.x}", // 7
		"Done", // 8
	)
	body := `{"data":{"size":2},"count":3,"items":[{"name":"x","note":null},{"note":null}]}`
	d, ok := dryParse(doc).DryRunTemplate("a", "", nil, nil, TemplateResponse{Body: body})
	if !ok || d.Code != "" || !d.JSONBody {
		t.Fatalf("%v %+v", ok, d)
	}
	L := d.Lines
	want := map[int][]PathMiss{
		0: {{Root: "Response", Path: "body.data", Reached: "body.data", Kind: "object"}},
		4: {{Ref: "{it.tag}", Root: "it", Path: "tag", Kind: "object", Step: "tag"}},
		6: {{Root: "Response", Path: "body.data.total", Reached: "body.data", Kind: "object", Step: "total"}},
		7: {
			{Ref: "{Response.body.items[5].name}", Root: "Response", Path: "body.items[5].name", Reached: "body.items", Kind: "array", Length: 2, Step: "[5]"},
			{Ref: "{Response.body.count.x}", Root: "Response", Path: "body.count.x", Reached: "body.count", Kind: "number", Step: "x"},
		},
	}
	for li, f := range L {
		if !reflect.DeepEqual(f.Misses, want[li]) {
			t.Errorf("line %d: misses %+v, want %+v", li, f.Misses, want[li])
		}
	}
	// a text body: Response.body is the text
	d, _ = dryParse(doc).DryRunTemplate("a", "", nil, nil, TemplateResponse{Body: "plain"})
	if d.JSONBody {
		t.Error("a text body read as JSON")
	}
	if m := d.Lines[0].Misses; len(m) != 1 || m[0].Reached != "body" || m[0].Kind != "string" || m[0].Step != "data" {
		t.Errorf("for: over a text body: %+v", m)
	}
}

// TestSplitActionCall: the id and flags of a call line, as the
// dispatcher reads them.
func TestSplitActionCall(t *testing.T) {
	for _, tc := range []struct{ line, id, args string }{
		{"/act.search --q x", "search", "--q x"},
		{"/act search --q 'a b'", "search", "--q 'a b'"},
		{"/ACT.list", "list", ""},
	} {
		id, args, ok := SplitActionCall(tc.line)
		if !ok || id != tc.id || args != tc.args {
			t.Errorf("%q: %q %q %v", tc.line, id, args, ok)
		}
	}
	for _, line := range []string{"/open x.md", "/act --help", "/act"} {
		if _, _, ok := SplitActionCall(line); ok {
			t.Errorf("%q calls an action", line)
		}
	}
}

// TestDryRunTemplateExecMatchesRun: a CLI action's template dry run given
// the command's result (an exec fixture's, as sfmd test replays it) reads
// what a real call reads (one path, cliOutput, loader.ts Loader.execCli):
// the body is stdout and stderr together, the end trimmed, parsed as JSON
// only when the whole is JSON; stdout, stderr and the exit code apart.
// The dry run took the body for stdout alone: a fixture whose command
// also printed on stderr gave a JSON body the runtime never sees.
func TestDryRunTemplateExecMatchesRun(t *testing.T) {
	doc := act("a", "CLI tool") + resp("a",
		"Name: {Response.body.name}",
		"Out: {Response.stdout}",
		"Err: {Response.stderr}",
		"Exit: {Response.exit_code}",
	)
	for _, er := range []ExecResult{
		{Stdout: `{"name":"x"}` + "\n", Stderr: "warning: slow\n", Exit: 0},
		{Stdout: `{"name":"x"}` + "\n\n", Exit: 3},
	} {
		er.Combined = er.Stdout + er.Stderr
		h := newHarness(t, doc)
		h.exec.res = er
		res := h.rt.Run("/act.a")
		d, ok := dryParse(doc).DryRunTemplate("a", "", nil, nil, TemplateResponse{Exec: &er})
		if !ok || !res.OK || d.Output != res.Content {
			t.Fatalf("%+v: dry run %v %q, run %v %q", er, ok, d.Output, res.OK, res.Content)
		}
		if wantJSON := er.Stderr == ""; d.JSONBody != wantJSON || (len(d.Lines[0].Misses) == 0) != wantJSON {
			t.Errorf("%+v: JSON body %v, misses %+v", er, d.JSONBody, d.Lines[0].Misses)
		}
	}
}

// TestTemplateDryNullBodyStatus: the template of a call answered 204 or
// 205 reads no body, whatever body the server (or a suite's fixture)
// gives: fetch's res.text() is "" for a null-body status (Loader.action
// in loader.ts reads res.text(); model/http.go execHTTP), so a dry run
// against a recorded response prints what the real call prints.
func TestTemplateDryNullBodyStatus(t *testing.T) {
	doc := act("get", "GET https://x.com/items") + resp("get", "n={Response.body.n}", "body=[{Response.body}]")
	const body = `{"n":1}`
	for _, status := range []int{200, 201, 204, 205} {
		h := newHarness(t, doc)
		h.tr.status, h.tr.body = status, body
		res := h.rt.Run("/act.get")
		if !res.OK {
			t.Fatalf("%d: the real call failed: %s %s", status, res.Code, res.Content)
		}
		d, ok := dryParse(doc).DryRunTemplate("get", "", nil, nil, TemplateResponse{Status: status, Body: body})
		if !ok || d.Code != "" {
			t.Fatalf("%d: %v %s %s", status, ok, d.Code, d.Message)
		}
		if d.Output != res.Content {
			t.Errorf("%d: the dry run printed %q, the real call %q", status, d.Output, res.Content)
		}
		if null := status == 204 || status == 205; d.JSONBody == null || strings.Contains(d.Output, "n=1") == null {
			t.Errorf("%d: JSONBody %v, printed %q", status, d.JSONBody, d.Output)
		}
	}
}
