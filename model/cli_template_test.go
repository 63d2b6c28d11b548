package model

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCLICommand(t *testing.T) {
	tests := []struct {
		name, doc, in string
		vars          map[string]string
		store         map[string]string
		cmd           string
	}{
		{name: "q() quoting", doc: act("a", "CLI echo {name} {n} {e}", "  name: string", "  n: string", "  e: string"),
			in: "/act.a --name \"John Doe\" --n x.y --e=", cmd: "echo 'John Doe' x.y ''"},
		{name: "embedded single quote", doc: act("a", "CLI echo {v}", "  v: string"), in: `/act.a --v "it's"`, cmd: `echo 'it'\''s'`},
		{name: "double-quoted placeholder keeps q() quotes", doc: act("a", `CLI echo "{name}"`, "  name: string"),
			in: "/act.a --name 'John Doe'", cmd: `echo "'John Doe'"`},
		{name: "$HOME vs ${HOME}, unknown stays, $ARGS raw", doc: act("a", "CLI run $HOME ${HOME} $UNSET $TOKEN $ARGS"),
			in: "/act.a  --x 'a b'  pos", store: map[string]string{"TOKEN": "t0k"}, cmd: "run HOMEDIR ${HOME} $UNSET t0k --x 'a b'  pos"},
		{name: "spread args quoted", doc: act("a", "CLI tool {...args}", "  a: string", "  b: string"),
			in: "/act.a --b 'x y' --a 1", cmd: "tool --b 'x y' --a 1"},
		{name: "session fallback quoted", doc: act("a", "CLI cat {file}"), in: "/act.a", vars: map[string]string{"file": "my file"}, cmd: "cat 'my file'"},
		{name: "-H and -d stay in the command", doc: act("a", `CLI curl -H "X: {v}" -d '{"a":1}'`, "  v: string"),
			in: "/act.a --v 1", cmd: `curl -H "X: 1" -d '{"a":1}'`},
		{name: "tuple index", doc: act("a", "CLI git {r[0]} {r[1]} {r}", "  r: string"), in: "/act.a --r @pair", cmd: "git a b a,b"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, tc.doc)
			h.rt.Session.setValueShortcut("pair", []string{"a", "b"})
			for k, v := range tc.vars {
				h.rt.Session.Vars[k] = v
			}
			for k, v := range tc.store {
				h.rt.Env.Store[k] = v
			}
			h.exec.res = ExecResult{Combined: "done\n"}
			res := h.rt.Run(tc.in)
			if !res.OK {
				t.Fatalf("failed: %s", res.Content)
			}
			want := strings.ReplaceAll(tc.cmd, "HOMEDIR", hHome)
			if len(h.exec.cmds) != 1 || h.exec.cmds[0] != want || h.exec.dirs[0] != hCwd {
				t.Errorf("ran %q in %q, want %q", h.exec.cmds, h.exec.dirs, want)
			}
		})
	}
}

func TestCLIOutput(t *testing.T) {
	doc := act("run", "CLI make") + act("tpl", "CLI make") +
		resp("tpl", "STDOUT: {Response.stdout}", "STDERR: {Response.stderr}", "EXITCODE: {Response.exit_code}", "BODY: {Response.body}", "BOGUS: {Response.stdoutt}")
	h := newHarness(t, doc)
	h.rt.Env.RequirementsPath = "req.md"
	h.exec.res = ExecResult{Stdout: "OUT_LINE", Stderr: "ERR_LINE", Combined: "  OUT_LINE\nERR_LINE\n\n", Exit: 0}
	expect(t, h.rt.Run("/act.run"), true, "", "  OUT_LINE\nERR_LINE")
	h.exec.res.Exit = 2
	expect(t, h.rt.Run("/act.run"), false, "EXIT_2", "  OUT_LINE\nERR_LINE\n\nSetup info: /open req.md")
	expect(t, h.rt.Run("/act.tpl"), true, "",
		"STDOUT: OUT_LINE\nSTDERR: ERR_LINE\nEXITCODE: 2\nBODY:   OUT_LINE\nERR_LINE\nBOGUS: {Response.stdoutt}\n\n"+
			"> \u26a0\ufe0f Unresolved template reference: {Response.stdoutt}\n"+
			"> This response exposes: status, body, exit_code, stdout, stderr (with nested JSON reachable under body). Left visible above instead of rendering blank.")
	h.exec.res = ExecResult{TimedOut: true, Exit: -1, Combined: "slow"}
	expect(t, h.rt.Run("/act.run"), false, "EXIT_1", "slow\n\nSetup info: /open req.md")
	h.exec.err = errors.New("spawn /bin/bash ENOENT")
	expect(t, h.rt.Run("/act.run"), false, "EXIT_1", "spawn /bin/bash ENOENT\n\nSetup info: /open req.md")

	h.rt.Env.DocURI = "https://x.com/app.md"
	expect(t, h.rt.Run("/act.run"), false, "FILE_NOT_ALLOWED",
		"CLI actions are only allowed from local file:// documents or locally installed apps. Remote SFMD can only run HTTP actions because remote content may change after review.")
}

func TestTemplateLines(t *testing.T) {
	jsonBody := `{"name":"Seoul","temp":3.0,"big":1e21,"n":null,"ok":true,"tags":["a","b"],"obj":{"z":1,"a":[1,{"b":2}]},"items":[{"t":"x","id":1},{"t":"y","id":2}],"text":"{city} has {name}","foo-bar":"hy","img":"aGk="}`
	tests := []struct {
		name     string
		tmpl     []string
		body     string
		in       string
		vars     map[string]string
		content  string
		wantVars map[string]string
	}{
		{name: "output substitution", tmpl: []string{"# {Response.body.name} {Response.body.temp} {Response.body.big} [{Response.body.n}] {Response.body.ok}", "{Response.body.tags} {Response.body.obj}", "status {Response.status}"},
			content: "# Seoul 3 1e+21 [] true\n[\"a\",\"b\"] {\"z\":1,\"a\":[1,{\"b\":2}]}\nstatus 200"},
		{name: "hyphen key not matched in output, reachable by assignment", tmpl: []string{"{h} = {Response.body.foo-bar}", "{Response.body.foo-bar} {h}"},
			content: "{Response.body.foo-bar} hy", wantVars: map[string]string{"h": "hy"}},
		{name: "assignments", tmpl: []string{"{city} = {Response.body.name}", "{miss} = {Response.body.nope}", "{o} = {Response.body.obj}", "{t} = {Response.body.temp}", "{city}!"},
			content: "Seoul!", wantVars: map[string]string{"city": "Seoul", "miss": "", "o": `{"z":1,"a":[1,{"b":2}]}`, "t": "3"}},
		{name: "not assignments", tmpl: []string{"first", " {x} = {Response.body.name}", "{x} = literal", "{x} = {Response.body.name} tail"},
			content: "first\n {x} = Seoul\n{x} = literal\n{x} = Seoul tail"},
		{name: "field shadows session var", tmpl: []string{"{city} = {Response.body.name}", "{city}"}, in: "--city Paris", content: "Paris",
			wantVars: map[string]string{"city": "Seoul"}},
		{name: "response data with {field} gets substituted, single pass", tmpl: []string{"{Response.body.text}"}, in: "--city Paris", vars: map[string]string{"name": "{city}"},
			content: "Paris has {city}"},
		{name: "name[N] from input and session", tmpl: []string{"{r[0]}-{r[1]}-{r[2]}-{r} {s[0]}"}, in: "--r @pair", vars: map[string]string{"s": "sv"}, content: "a-b--a,b sv"},
		{name: "for loop", tmpl: []string{"for: it in Response.body.items", "- {it.t} #{it.id} {it.nope} {other.t} {it}", "  end:", "after"},
			content: "- x #1  {other.t} {\"t\":\"x\",\"id\":1}\n- y #2  {other.t} {\"t\":\"y\",\"id\":2}\nafter"},
		{name: "for over primitives, non-array, missing end", tmpl: []string{"for: t in body.tags", "* {t}", "end:", "for: x in body.name", "never", "end:", "for: y in body.tags", "last {y}"},
			content: "* a\n* b\nlast a\nlast b"},
		{name: "save decode to", tmpl: []string{"save: $.img", "decode: base64", "to: out/{name}.txt", "saved", "save: nope.x", "to: x.txt", "decode: none", "save: tags", "decode: rot13"},
			in: "--name f", content: "saved\nsave: path returned no value: nope.x\nto: no current buffer (was save: skipped or missing?)\ndecode: no current buffer (was save: skipped or missing?)\ndecode: unknown encoding \"rot13\" (supported: base64, none)"},
		{name: "save walks jsonBody not Response", tmpl: []string{"save: Response.body.name"}, content: "save: path returned no value: Response.body.name"},
		{name: "text body", body: "line1\nline2\n", tmpl: []string{"~~~", "{Response.body}", "~~~", "{Response.body.x}"},
			content: "~~~\nline1\nline2\n\n~~~\n{Response.body.x}\n\n> \u26a0\ufe0f Unresolved template reference: {Response.body.x}\n> This response exposes: status, body (with nested JSON reachable under body). Left visible above instead of rendering blank."},
		{name: "JSON null body behaves like text", body: "null", tmpl: []string{"[{Response.body}]"}, content: "[null]"},
		{name: "two unresolved refs", tmpl: []string{"{Response.a} {Response.b} {Response.a}"},
			content: "{Response.a} {Response.b} {Response.a}\n\n> \u26a0\ufe0f Unresolved template references: {Response.a}, {Response.b}\n> This response exposes: status, body (with nested JSON reachable under body). Left visible above instead of rendering blank."},
		{name: "trailing blank lines dropped, frontmatter-like output stripped, links slugged", tmpl: []string{"---", "x", "---", "", "[Site](https://s.com)", "", "  "},
			content: "[Site][@site]"},
		{name: "value shortcut scalar and inline ref", tmpl: []string{"{@city} = {Response.body.name}", "go {@city} {@none}"}, content: "go @city {@none}"},
		{name: "stray end: prints", tmpl: []string{"end:", "x"}, content: "end:\nx"},
		{name: "$NAME = … is printed, not assigned (the pattern wants {name})", tmpl: []string{"$E = {Response.body.name}"}, content: "$E = Seoul"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := act("w", "GET https://x.com/w", "  city: string", "  r: string", "  name: string") + resp("w", tc.tmpl...)
			h := newHarness(t, doc)
			h.rt.Session.setValueShortcut("pair", []string{"a", "b"})
			for k, v := range tc.vars {
				h.rt.Session.Vars[k] = v
			}
			h.tr.body = jsonBody
			if tc.body != "" {
				h.tr.body = tc.body
			}
			in := tc.in
			if in == "" {
				in = "--"
			}
			expect(t, h.rt.Run("/act.w "+in), true, "", tc.content)
			for k, v := range tc.wantVars {
				if got, ok := h.rt.Session.Vars[k]; !ok || got != v {
					t.Errorf("var %s = %q (%v), want %q", k, got, ok, v)
				}
			}
		})
	}
}

func TestTemplateFiles(t *testing.T) {
	doc := act("img", "GET https://x.com/img", "  name: string") +
		resp("img", "save: data", "decode: base64", "to: out/{name}.bin", "to: ../up.bin", "to: ../../../../../../../top.bin", "to: /w/abs.bin", "wrote {name}")
	h := newHarness(t, doc)
	h.tr.body = `{"data":"AAEC/w=="}`
	res := h.rt.Run("/act.img --name pic")
	if !res.OK || res.Content != "wrote pic" || res.Escape != "" {
		t.Fatalf("%+v", res)
	}
	// relative paths resolve against the virtual cwd, ".." stops at "/":
	// everything lands inside the sandbox
	for _, v := range []string{"/home/agent/docs/out/pic.bin", "/home/agent/up.bin", "/top.bin", "/w/abs.bin"} {
		data, err := os.ReadFile(h.host(v))
		if err != nil || string(data) != "\x00\x01\x02\xff" {
			t.Errorf("%s = %q %v", v, data, err)
		}
	}
	if want := []string{"/home/agent/docs/out/pic.bin", "/home/agent/up.bin", "/top.bin", "/w/abs.bin"}; strings.Join(res.files, " ") != strings.Join(want, " ") {
		t.Errorf("files = %q", res.files)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(h.root), "top.bin")); err == nil {
		t.Error("wrote outside the sandbox")
	}
	// a write failure is reported inline, as Node's recursive mkdir
	// reports it: EEXIST when the directory is a file, ENOTDIR when a
	// parent is
	h.write(t, "blocker", "x")
	doc2 := act("f", "GET https://x.com/f") + resp("f", "save: a", "to: blocker/x.txt", "to: blocker/sub/x.txt")
	h.rt.Doc.Src = []byte(doc2)
	h.tr.body = `{"a":"v"}`
	res = h.rt.Run("/act.f")
	want := "to: write failed: EEXIST: file already exists, mkdir '/home/agent/docs/blocker'\n" +
		"to: write failed: ENOTDIR: not a directory, mkdir '/home/agent/docs/blocker/sub'"
	if res.Content != want {
		t.Errorf("content = %q, want %q", res.Content, want)
	}
}

func TestToolCalls(t *testing.T) {
	doc := "---\nname: weather\ndefault: now\nenv:\n  - API_KEY\n  - REGION: \"Region code\"\n  - OPT: \"x\"\n    default: eu\n---\n" +
		act("now", "GET https://x.com/now/$REGION", "  city: string (required)") + act("other", "GET https://x.com/o")
	tests := []struct {
		name, in string
		store    map[string]string
		ok       bool
		code     string
		content  string
	}{
		{name: "not found", in: "/tool:nope", code: "NOT_FOUND", content: "Tool not found: nope"},
		{name: "env string entry", in: "/tool:weather", code: "INVALID_PAYLOAD", content: "ERROR(ENV_REQUIRED): tool requires $API_KEY"},
		{name: "empty counts as missing", in: "/tool:weather", store: map[string]string{"API_KEY": ""}, code: "INVALID_PAYLOAD", content: "ERROR(ENV_REQUIRED): tool requires $API_KEY"},
		{name: "env object entry", in: "/tool:weather", store: map[string]string{"API_KEY": "k"}, code: "INVALID_PAYLOAD", content: "ERROR(ENV_REQUIRED): tool requires $REGION \u2014 \"Region code\""},
		{name: "default action, no help rule", in: "/tool:weather", store: map[string]string{"API_KEY": "k", "REGION": "r"}, code: "INVALID_PAYLOAD",
			content: "Missing required flags: city\n\nUsage:\n  --city <string> (required)"},
		{name: "explicit action", in: "/tool:weather.other", store: map[string]string{"API_KEY": "k", "REGION": "r"}, ok: true, content: "ok"},
		{name: "unknown action", in: "/tool:weather.zzz", store: map[string]string{"API_KEY": "k", "REGION": "r"}, code: "NOT_FOUND",
			content: "Action \"zzz\" not found in tool:weather. Available: now, other"},
		{name: "runs", in: "/tool:app --city x", store: map[string]string{"API_KEY": "k", "REGION": "r"}, ok: true, content: "ok"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, doc)
			for k, v := range tc.store {
				h.rt.Env.Store[k] = v
			}
			h.tr.body = "ok"
			expect(t, h.rt.Run(tc.in), tc.ok, tc.code, tc.content)
		})
	}
	h := newHarness(t, "---\nname: t\n---\n"+act("a", "GET https://x.com/"))
	expect(t, h.rt.Run("/tool:t"), false, "INVALID_PAYLOAD", "No default action for tool:t. Available: a")
}

func TestCRLFDocumentDropsFields(t *testing.T) {
	src := "```act.a\r\nGET https://x.com/\r\n  q: string (required)\r\n```\r\n"
	h := newHarness(t, src)
	h.tr.body = "ok"
	// the field regex cannot match a line ending in \r: the action has no fields
	expect(t, h.rt.Run("/act.a --help"), true, "", "Action: a\n---\n/act.a\n   (no flags)")
}

func TestAutoShortcutsFromTemplate(t *testing.T) {
	doc := act("list", "GET https://x.com/list") + resp("list", "for: r in body", "- [{r.name}]({r.url})", "end:", "{@one} = (x)", "{@none} = ()") +
		act("open", "GET https://x.com/open", "  url: string (required)")
	h := newHarness(t, doc)
	h.tr.body = `[{"name":"Go Docs","url":"https://go.dev/doc"},{"name":"Go Docs","url":"https://go.dev/doc2"},{"name":"a very long label that cannot slug","url":"https://z.dev"}]`
	expect(t, h.rt.Run("/act.list"), true, "", "- [Go Docs][@go-docs]\n- [Go Docs][@go-docs-2]\n- [a very long label that cannot slug][@link-1]")
	s := h.rt.Session
	if got := strings.Join(s.viewOrder, ","); got != "one,none,go-docs,go-docs-2,link-1" {
		t.Errorf("order = %s", got)
	}
	if got := s.valueShortcuts["one"]; len(got) != 1 || got[0] != "x" {
		t.Errorf("(x) = %q, want scalar", got)
	}
	if got, ok := s.valueShortcuts["none"]; !ok || len(got) != 0 {
		t.Errorf("() = %q, want empty tuple", got)
	}
	h.tr.reqs = nil
	h.tr.body = "ok"
	if res := h.rt.Run("/act.open --url @go-docs-2"); !res.OK || h.url(t) != "https://x.com/open?url=https%3A%2F%2Fgo.dev%2Fdoc2" {
		t.Errorf("auto-shortcut: %+v", res)
	}
}

// A response block without lines is no template (action.ts executeAction
// tests `if (action.responseTemplate)`, and "" is falsy): the response is
// returned as is. One of blank lines runs and returns nothing.
func TestEmptyResponseBlock(t *testing.T) {
	h := newHarness(t, act("a", "GET https://x.com/")+"```act.a.response\n```\n")
	h.tr.body = "hello"
	expect(t, h.rt.Run("/act.a"), true, "", "hello")
	h = newHarness(t, act("a", "GET https://x.com/")+resp("a", "", "  "))
	h.tr.body = "hello"
	expect(t, h.rt.Run("/act.a"), true, "", "")
}
