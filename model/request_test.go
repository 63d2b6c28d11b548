package model

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRequestConstruction(t *testing.T) {
	tests := []struct {
		name    string
		doc     string
		in      string
		vars    map[string]string
		store   map[string]string
		docURI  string
		method  string
		url     string
		body    string // "-" for no body
		headers map[string]string
	}{
		{name: "URI $VAR raw, field encoded", doc: act("a", "GET https://x.com/$PATH_PART/{q}", "  q: string"),
			in: "/act.a --q \"a b/c\"", store: map[string]string{"PATH_PART": "v1/x y"}, method: "GET", url: "https://x.com/v1/x%20y/a%20b%2Fc", body: "-"},
		{name: "same placeholder twice", doc: act("a", "GET https://x.com/{q}/{q}", "  q: string"),
			in: "/act.a --q z", method: "GET", url: "https://x.com/z/z", body: "-"},
		{name: "session fallback satisfies required", doc: act("a", "POST https://x.com/u/{uid}", "  uid: string (required)", "  x: string"),
			in: "/act.a --x 1", vars: map[string]string{"uid": "u 1"}, method: "POST", url: "https://x.com/u/u%201", body: `{"x":"1"}`},
		{name: "unknown placeholder stays", doc: act("a", "POST https://x.com/{nope}"), in: "/act.a", method: "POST", url: "https://x.com/%7Bnope%7D", body: `{}`},
		{name: "spread args", doc: act("a", "GET https://x.com/run?{...args}", "  a: string", "  b: string"),
			in: "/act.a --a 'x y' --b 1", method: "GET", url: "https://x.com/run?--a%20x%20y%20--b%201", body: "-"},
		{name: "tuple join and index", doc: act("a", "POST https://x.com/{t}/{t[1]}/{t[5]}", "  t: string") + resp("x"),
			in: "/act.a --t @pair", method: "POST", url: "https://x.com/a%2Cb/b/", body: `{}`},
		{name: "relative URI against http document", doc: act("a", "GET /api/ping"), docURI: "https://docs.x.com/app/index.md",
			in: "/act.a", method: "GET", url: "https://docs.x.com/api/ping", body: "-"},
		{name: "relative path against http document", doc: act("a", "GET ping?x=1"), docURI: "https://docs.x.com/app/index.md",
			in: "/act.a", method: "GET", url: "https://docs.x.com/app/ping?x=1", body: "-"},
		{name: "GET query form-encoding", doc: act("a", "GET https://API.x.com?sort=new%20first&flag", "  q: string"),
			in: "/act.a --q \"a ~*:é\"", method: "GET", url: "https://api.x.com/?sort=new+first&flag=&q=a+%7E*%3A%C3%A9", body: "-"},
		{name: "GET set replaces in place", doc: act("a", "GET https://x.com/s?q=old&page=1&q=dup", "  q: string"),
			in: "/act.a --q new", method: "GET", url: "https://x.com/s?q=new&page=1", body: "-"},
		{name: "GET no payload keeps query", doc: act("a", "DELETE https://x.com/a/./b/../c?k=$apikey&s=a%20b"),
			in: "/act.a", method: "DELETE", url: "https://x.com/a/c?k=$apikey&s=a%20b", body: "-"},
		{name: "GET payload re-serializes literal $", doc: act("a", "GET https://x.com/?k=$apikey", "  q: string"),
			in: "/act.a --q 1", method: "GET", url: "https://x.com/?k=%24apikey&q=1", body: "-"},
		{name: "integer-like keys first", doc: act("a", "GET https://x.com/"), in: "/act.a --z 1 --10 b --2 c",
			method: "GET", url: "https://x.com/?2=c&10=b&z=1", body: "-"},
		{name: "POST JSON body remaining payload", doc: act("a", "POST https://x.com/{id}", "  id: string", "  note: string"),
			in: "/act.a --id 5 --note \"say \\\"hi\\\" é <b>&\"", method: "POST", url: "https://x.com/5",
			body: `{"note":"say \\hi\\ é <b>&"}`},
		{name: "POST empty payload", doc: act("a", "PUT https://x.com/"), in: "/act.a", method: "PUT", url: "https://x.com/", body: `{}`},
		{name: "default headers GET", doc: act("a", "GET https://x.com/"), in: "/act.a", method: "GET", url: "https://x.com/", body: "-",
			headers: map[string]string{"Accept": "text/markdown, text/plain", "Content-Type": ""}},
		{name: "default headers POST", doc: act("a", "PATCH https://x.com/"), in: "/act.a", method: "PATCH", url: "https://x.com/", body: `{}`,
			headers: map[string]string{"Accept": "text/markdown, text/plain", "Content-Type": "application/json"}},
		{name: "action header wins on exact key", doc: act("a", `POST https://x.com/ -H "Accept: application/json" -H "Content-Type: text/plain"`),
			in: "/act.a", method: "POST", url: "https://x.com/", body: `{}`,
			headers: map[string]string{"Accept": "application/json", "Content-Type": "text/plain"}},
		{name: "case-differing header combined", doc: act("a", `GET https://x.com/ -H "accept: application/json"`),
			in: "/act.a", method: "GET", url: "https://x.com/", body: "-",
			headers: map[string]string{"Accept": "text/markdown, text/plain, application/json"}},
		{name: "header {name} from session only, then $VAR", doc: act("a", `GET https://x.com/ -H "Authorization: Bearer {token} $KEY {q}"`, "  q: string"),
			in: "/act.a --q field", vars: map[string]string{"token": "T"}, store: map[string]string{"KEY": "K"},
			method: "GET", url: "https://x.com/?q=field", body: "-",
			headers: map[string]string{"Authorization": "Bearer T K {q}"}},
		{name: "single-quoted -H is dropped but cuts the URI", doc: act("a", `GET https://x.com/p -H 'X-A: 1' extra`),
			in: "/act.a", method: "GET", url: "https://x.com/p", body: "-", headers: map[string]string{"X-A": ""}},
		{name: "-d template with quoting rules", doc: act("a", `POST https://x.com/ -d '{"a":"{name}","b":{name},"c":"{name} says hi","d":"{page}","e":"{name|base64}"}'`, "  name: string"),
			in: "/act.a --name 'B\"o'", method: "POST", url: "https://x.com/",
			body: `{"a":"B\"o","b":B"o,"c":B"o says hi","d":"{page}","e":"QiJv"}`},
		{name: "-d reads the input snapshot and session", doc: act("a", `POST https://x.com/{id} -d '{"id":"{id}","u":"{user}","t":{tags[1]}}'`, "  id: string", "  tags: string"),
			in: "/act.a --id 7 --tags @pair", vars: map[string]string{"user": "ann"}, method: "POST", url: "https://x.com/7",
			body: `{"id":"7","u":"ann","t":b}`},
		{name: "-d $VAR resolved raw first", doc: act("a", `POST https://x.com/ -d '{"k":"$KEY","v":"{v}"}'`, "  v: string"),
			in: "/act.a --v $5", store: map[string]string{"KEY": `a"b`}, method: "POST", url: "https://x.com/", body: `{"k":"a"b","v":"$5"}`},
		{name: "-d unknown modifier keeps match", doc: act("a", `POST https://x.com/ -d '{"v":"{v|upper}"}'`, "  v: string"),
			in: "/act.a --v x", method: "POST", url: "https://x.com/", body: `{"v":"{v|upper}"}`},
		{name: "-d file modifiers chain", doc: act("a", `POST https://x.com/ -d '{"t":"{p|file}","b":"{p|base64file}","c":"{p|file|base64}"}'`, "  p: string"),
			in: "/act.a --p note.txt", method: "POST", url: "https://x.com/", body: `{"t":"hé\n","b":"aMOpCg==","c":"aMOpCg=="}`},
		{name: "-d failed file read", doc: act("a", `POST https://x.com/ -d '{"t":"{p|file}"}'`, "  p: string"),
			in: "/act.a --p nope.txt", method: "POST", url: "https://x.com/",
			body: `{"t":__BODY_TEMPLATE_ERROR__: cannot read nope.txt: ENOENT: no such file or directory, open 'nope.txt'}`},
		{name: "-d on GET is not sent", doc: act("a", `GET https://x.com/ -d '{"a":"{q}"}'`, "  q: string"),
			in: "/act.a --q 1", method: "GET", url: "https://x.com/?q=1", body: "-"},
		{name: "empty -d sends empty body", doc: act("a", `POST https://x.com/ -d ''`, "  q: string"),
			in: "/act.a --q 1", method: "POST", url: "https://x.com/", body: ""},
		// runtime-semantics.md §1.1, §6.2: the runtime has no body: section;
		// POST, PUT and PATCH send the caller's fields as flat JSON.
		{name: "body: section is ignored, flat JSON is sent", doc: act("update", "PATCH https://www.moltbook.com/api/v1/agents/me", `  description: string (required) "New bio"`, "  body:",
			`    {"agent": {"bio": "{description}"}}`), in: "/act.update --description 'cats & dogs'", method: "PATCH", url: "https://www.moltbook.com/api/v1/agents/me",
			body: `{"description":"cats & dogs"}`},
		{name: "body: section lines are field lines", doc: act("a", "POST https://x.com/", `  text: string (required)`, "  body:",
			`    {"text": "{text}",`, `     "n": {n}}`, "    n: number", `    extra: string = "e"`), in: "/act.a --text 'a \"b\"' --n 3", method: "POST", url: "https://x.com/",
			body: `{"text":"a \"b\"","n":"3","extra":"e"}`},
		{name: "body: section on GET", doc: act("a", "GET https://x.com/", "  body:", `    {"x": 1}`, "  q: string"),
			in: "/act.a --q 1", method: "GET", url: "https://x.com/?q=1", body: "-"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, tc.doc)
			h.write(t, "note.txt", "hé\n")
			h.rt.Session.setValueShortcut("pair", []string{"a", "b"})
			for k, v := range tc.vars {
				h.rt.Session.Vars[k] = v
			}
			for k, v := range tc.store {
				h.rt.Env.Store[k] = v
			}
			if tc.docURI != "" {
				h.rt.Env.DocURI, h.rt.Env.DocPath = tc.docURI, ""
			}
			h.tr.body = "ok"
			res := h.rt.Run(tc.in)
			if !res.OK {
				t.Fatalf("failed: %s %s", res.Code, res.Content)
			}
			if len(res.Requests) != 1 {
				t.Fatalf("requests = %d", len(res.Requests))
			}
			r := res.Requests[0]
			if r.method != tc.method || r.URL != tc.url {
				t.Errorf("sent %s %s, want %s %s", r.method, r.URL, tc.method, tc.url)
			}
			if got := h.tr.reqs[0].URL.String(); got != tc.url {
				t.Errorf("net/http URL = %q, want %q", got, tc.url)
			}
			if tc.body == "-" {
				if r.hasBody || h.tr.bodies[0] != "" {
					t.Errorf("GET sent a body %q", h.tr.bodies[0])
				}
			} else if h.tr.bodies[0] != tc.body {
				t.Errorf("body = %q, want %q", h.tr.bodies[0], tc.body)
			}
			for k, v := range tc.headers {
				if got := h.tr.reqs[0].Header.Get(k); got != v {
					t.Errorf("header %s = %q, want %q", k, got, v)
				}
			}
		})
	}
}

func TestRelativeURIFileBase(t *testing.T) {
	h := newHarness(t, act("a", "GET api/ping"))
	h.rt.Env.RequirementsPath = "req.md"
	expect(t, h.rt.Run("/act.a"), false, "LOAD_ERROR",
		"Actions can only topic HTTP endpoints (got: file://"+hCwd+"/api/ping)\n\nSetup info: /open req.md")
}

func TestPreflight(t *testing.T) {
	doc := act("a", `POST https://x.com/$URL_VAR/{q}?k=$lower -H "X-Key: $HDR_KEY $URL_VAR" -d '{"a":"$BODY_VAR","q":"{q}"}'`, "  q: string") +
		act("cli", "CLI echo $NOT_SET {q}", "  q: string")
	h := newHarness(t, doc)
	want := "Unresolved environment variables:\n  $URL_VAR\n  $HDR_KEY\n  $BODY_VAR\n\nSet them from this app session:\n  /set $URL_VAR = \"...\"\n  /set $HDR_KEY = \"...\"\n  /set $BODY_VAR = \"...\""
	// caller values are never scanned (and never resolved)
	expect(t, h.rt.Run("/act.a --q $5X"), false, "INVALID_PAYLOAD", want)
	h.rt.Env.Topic = "main"
	h.rt.Env.RequirementsPath = "setup.md"
	h.rt.Env.Store["HDR_KEY"] = "ignored outside app topics"
	expect(t, h.rt.Run("/act.a --q 1"), false, "INVALID_PAYLOAD",
		"Unresolved environment variables:\n  $URL_VAR\n  $HDR_KEY\n  $BODY_VAR\n\nPersistent env vars are app-scoped. Open an app session first:\n  string app:<name> '/set $URL_VAR = \"...\"'\n\nSetup info: /open setup.md")
	h.rt.Env.Topic = "app:test"
	h.rt.Env.RequirementsPath = ""
	h.rt.Env.Store = map[string]string{"URL_VAR": "u", "BODY_VAR": "b"}
	expect(t, h.rt.Run("/act.a --q 1"), false, "INVALID_PAYLOAD",
		"Unresolved environment variable:\n  $HDR_KEY\n\nSet it from this app session:\n  /set $HDR_KEY = \"...\"")
	if len(h.tr.reqs) != 0 {
		t.Fatal("request sent despite pre-flight")
	}
	// a session value containing $X inserted into the URL is encoded, not flagged
	h.rt.Env.Store["HDR_KEY"] = "h"
	h.tr.body = "ok"
	if res := h.rt.Run("/act.a --q 1"); !res.OK || h.url(t) != "https://x.com/u/1?k=$lower" {
		t.Errorf("lowercase $ must be sent literally: %+v", res)
	}
	// CLI has no pre-flight
	h.exec.res = ExecResult{Combined: "out\n"}
	if res := h.rt.Run("/act.cli --q x"); !res.OK || h.exec.cmds[0] != "echo $NOT_SET x" {
		t.Errorf("cli: %+v %q", res, h.exec.cmds)
	}
}

func TestContextVars(t *testing.T) {
	doc := act("a", "GET https://x.com/?h=$HOME&c=$CWD&f=$CURRENT_FILE&t=$CURRENT_TARGET&a=$ARGS&d=$STRING_APP_DIR&w=$STRING_WORK_DIR&b=$CURRENT_BLOCK")
	h := newHarness(t, doc)
	h.rt.Env.Store["HOME"] = "store-loses"
	h.tr.body = "ok"
	if res := h.rt.Run("/act.a   --x  1"); !res.OK {
		t.Fatal(res.Content)
	}
	want := "https://x.com/?h=%2Fhome%2Fagent&c=%2Fhome%2Fagent%2Fdocs&f=%2Fhome%2Fagent%2Fdocs%2Fapp.md&t=app%3Atest&a=--x++1&d=" +
		"%2Fhome%2Fagent%2Fdocs&w=%2Fhome%2Fagent%2F.string-work%2Ftest&b=&x=1"
	if got := h.url(t); got != want {
		t.Errorf("url = %q\nwant %q", got, want)
	}
}

func TestResponses(t *testing.T) {
	doc := act("a", "GET https://x.com/{id}", "  id: string") + act("p", "POST https://X.com/a/../b")
	tests := []struct {
		name, in string
		status   int
		body     string
		fail     bool
		req      string
		ok       bool
		code     string
		content  string
	}{
		{name: "network error", in: "/act.a --id 1", fail: true, code: "LOAD_ERROR", content: "Network error: fetch failed\n\nSetup info: /open req.md"},
		{name: "404", in: "/act.a --id 1", status: 404, body: "gone", code: "NOT_FOUND", content: "Not found: https://x.com/1\n\nSetup info: /open req.md"},
		{name: "500 with body", in: "/act.a --id 1", status: 500, body: `{"error":"boom"}`, code: "LOAD_ERROR", content: "HTTP 500 at https://x.com/1\n{\"error\":\"boom\"}\n\nSetup info: /open req.md"},
		{name: "500 empty body", in: "/act.a --id 1", status: 503, code: "LOAD_ERROR", content: "HTTP 503 at https://x.com/1\n\nSetup info: /open req.md"},
		{name: "error body cut at 500 UTF-16 units", in: "/act.a --id 1", status: 400, body: strings.Repeat("é", 499) + "😀x", code: "LOAD_ERROR",
			content: "HTTP 400 at https://x.com/1\n" + strings.Repeat("é", 499) + "\uFFFD\n\nSetup info: /open req.md"},
		{name: "POST error names the raw URL", in: "/act.p", status: 404, code: "NOT_FOUND", content: "Not found: https://X.com/a/../b\n\nSetup info: /open req.md"},
		// fetch reads no body for 204, 205 and 304 (undici's nullBodyStatus)
		{name: "204 body not read", in: "/act.a --id 1", status: 204, body: "ignored", ok: true, content: ""},
		{name: "205 body not read", in: "/act.a --id 1", status: 205, body: "ignored", ok: true, content: ""},
		{name: "304 body not read", in: "/act.a --id 1", status: 304, body: "ignored", code: "LOAD_ERROR", content: "HTTP 304 at https://x.com/1\n\nSetup info: /open req.md"},
		{name: "JSON body comes back as text, trimmed", in: "/act.a --id 1", body: "\n  {\"a\": [1, 2]}\n", ok: true, content: `{"a": [1, 2]}`},
		{name: "markdown body rendered", in: "/act.a --id 1", body: "---\ntitle: x\n---\n# Hi\n[Docs](https://d.com)\n```act.next\nGET https://x.com\n```\n", ok: true,
			content: "[actions] next  \u00b7  /act --help (all)  \u00b7  /act.<name> --help\n\n# Hi\n[Docs][@docs]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, doc)
			h.rt.Env.RequirementsPath = "req.md"
			h.tr.status, h.tr.body, h.tr.fail = tc.status, tc.body, tc.fail
			expect(t, h.rt.Run(tc.in), tc.ok, tc.code, tc.content)
		})
	}
	// the untemplated render does not register auto-shortcuts (action.ts discards them)
	h := newHarness(t, doc)
	h.tr.body = "[Docs](https://d.com)"
	h.rt.Run("/act.a --id 1")
	if len(h.rt.Session.viewShortcuts) != 0 {
		t.Errorf("shortcuts = %v", h.rt.Session.viewShortcuts)
	}
}

func TestHeadersRecorded(t *testing.T) {
	h := newHarness(t, act("a", `POST https://x.com/ -H "X-Trim: {pad}"`))
	h.rt.Session.Vars["pad"] = "  v  "
	h.tr.body = "ok"
	res := h.rt.Run("/act.a")
	if !res.OK {
		t.Fatal(res.Content)
	}
	want := http.Header{
		"Content-Type": {"application/json"}, "Accept": {"text/markdown, text/plain"}, "X-Trim": {"v"},
		"Accept-Language": {"*"}, "Sec-Fetch-Mode": {"cors"}, "User-Agent": {"node"},
	}
	got := res.Requests[0].header
	for k, v := range want {
		if got.Get(k) != v[0] {
			t.Errorf("%s = %q, want %q", k, got.Get(k), v[0])
		}
	}
}

// TestUpstreamBodySections runs the upstream actions whose body: sections
// would change the request, and checks that the request carries what the
// runtime sends: the caller's fields as flat JSON (runtime-semantics.md
// §1.1, §6.2). It reads ../shared/corpus/upstream and skips without it.
func TestUpstreamBodySections(t *testing.T) {
	root := upstreamRoot(t)
	tests := []struct{ doc, in, url, body string }{
		{"string-os__cookbook/apps/moltbook/index.md", "/act.post --submolt general --title Hi --content 'cats & dogs'",
			"https://www.moltbook.com/api/v1/posts", `{"submolt":"general","title":"Hi","content":"cats & dogs"}`},
		{"string-os__cookbook/apps/moltbook/index.md", "/act.comment --post 7 --content 'cats & dogs'",
			"https://www.moltbook.com/api/v1/posts/7/comments", `{"content":"cats & dogs"}`},
		{"string-os__cookbook/apps/nano-banana-pro/index.md", "/act.generate --prompt 'a cat' --filename cat.png",
			"https://generativelanguage.googleapis.com/v1beta/models/gemini-3-pro-image-preview:generateContent", `{"prompt":"a cat","filename":"cat.png","resolution":"1K"}`},
	}
	for _, tc := range tests {
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(tc.doc)))
		if err != nil {
			t.Fatal(err)
		}
		h := newHarness(t, string(src))
		h.rt.Env.Store = map[string]string{"MOLTBOOK_API_KEY": "k", "GEMINI_API_KEY": "k"}
		h.tr.body = `{"post":{"id":"1"}}`
		h.rt.Run(tc.in)
		if len(h.tr.reqs) != 1 {
			t.Fatalf("%s: %s sent %d requests", tc.doc, tc.in, len(h.tr.reqs))
		}
		if got := h.tr.reqs[0].URL.String(); got != tc.url {
			t.Errorf("%s: url %s, want %s", tc.in, got, tc.url)
		}
		if h.tr.bodies[0] != tc.body {
			t.Errorf("%s: body %s, want %s", tc.in, h.tr.bodies[0], tc.body)
		}
	}
}
