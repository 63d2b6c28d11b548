package model

import (
	"strings"
	"testing"
)

var weatherDoc = "# Weather\n\n" + act("search_city",
	"GET https://api.weather.com/search/{name}",
	`  name, -n: string (required) "City name"`,
	`  days: number "Forecast days" = "3"`,
	`  verbose: boolean`,
) + act("ping", "GET https://api.weather.com/ping")

func TestDispatcher(t *testing.T) {
	tests := []struct {
		name, in string
		ok       bool
		code     string
		content  string
		url      string
	}{
		{name: "dot form lowercased", in: "/ACT.Search_City --name Seoul", ok: true, url: "https://api.weather.com/search/Seoul?days=3"},
		{name: "double slash", in: "  //act.search_city --name Seoul", ok: true, url: "https://api.weather.com/search/Seoul?days=3"},
		{name: "space form", in: "/act search_city --name Seoul", ok: true, url: "https://api.weather.com/search/Seoul?days=3"},
		{name: "space form is case-sensitive", in: "/act Search_city --name x", code: "NOT_FOUND",
			content: "Action not found: \"Search_city\"\nAvailable: search_city, ping\nUse /act.<name> --help to inspect an action."},
		{name: "unknown action", in: "/act.nope", code: "NOT_FOUND",
			content: "Action not found: \"nope\"\nAvailable: search_city, ping\nUse /act.<name> --help to inspect an action."},
		{name: "no args lists all", in: "/act", ok: true,
			content: "Actions\n---\n/act.search_city\n   -n, --name <string> (required) \u2014 City name\n   --days <number> (optional) \u2014 Forecast days\n   --verbose <boolean> (optional)\n\n/act.ping\n   (no flags)"},
		{name: "--help lists all", in: "/act --help", ok: true,
			content: "Actions\n---\n/act.search_city\n   -n, --name <string> (required) \u2014 City name\n   --days <number> (optional) \u2014 Forecast days\n   --verbose <boolean> (optional)\n\n/act.ping\n   (no flags)"},
		{name: "action help", in: "/act.search_city --help", ok: true,
			content: "Action: search_city\n---\n/act.search_city\n   -n, --name <string> (required) \u2014 City name\n   --days <number> (optional) \u2014 Forecast days\n   --verbose <boolean> (optional)"},
		{name: "no flags and required field: help, no request", in: "/act.search_city", ok: true,
			content: "Action: search_city\n---\n/act.search_city\n   -n, --name <string> (required) \u2014 City name\n   --days <number> (optional) \u2014 Forecast days\n   --verbose <boolean> (optional)"},
		{name: "no flags, no fields: runs", in: "/act.ping", ok: true, url: "https://api.weather.com/ping"},
		{name: "lone -- forces a run", in: "/act.search_city --", code: "INVALID_PAYLOAD",
			content: "Missing required flags: name\n\nUsage:\n  --name <string> (required)\n  --days <number>\n  --verbose <boolean>"},
		{name: "action.x is not a command", in: "/action.ping", code: "COMMAND_UNSUPPORTED",
			content: "Unknown command: /action.ping\nUse /info to see available commands."},
		{name: "plain text", in: "hello", code: "COMMAND_UNSUPPORTED", content: "Commands must start with /. Use /help for details."},
		{name: "multi-line quoted value", in: "/act.search_city --name \"New\nYork\"", ok: true, url: "https://api.weather.com/search/New%0AYork?days=3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, weatherDoc)
			h.tr.body = "ok"
			res := h.rt.Run(tc.in)
			if tc.url != "" {
				if !res.OK {
					t.Fatalf("failed: %s", res.Content)
				}
				if got := h.url(t); got != tc.url {
					t.Errorf("url = %q, want %q", got, tc.url)
				}
				return
			}
			expect(t, res, tc.ok, tc.code, tc.content)
			if len(h.tr.reqs) != 0 {
				t.Errorf("sent %d requests, want none", len(h.tr.reqs))
			}
		})
	}
}

func TestDispatcherEdgeCases(t *testing.T) {
	h := newHarness(t, "# none\n")
	expect(t, h.rt.Run("/act.x"), false, "NOT_FOUND", "Action not found: \"x\"\nAvailable: none\nNo actions defined on current document.")
	expect(t, h.rt.Run("/act"), true, "", "Actions\n---\nNo actions defined on this page.")

	h = newHarness(t, act("Upper", "GET https://x.com/"))
	expect(t, h.rt.Run("/act.Upper"), false, "NOT_FOUND", "Action not found: \"upper\"\nAvailable: Upper\nUse /act.<name> --help to inspect an action.")

	// Without a document: an app topic would re-open its app, which is not
	// installed (app-session.ts hydrateAppDocument); another topic fails.
	h.rt.Doc = nil
	expect(t, h.rt.Run("/act.x"), false, "NOT_FOUND", "App 'test' is not installed. Run /install <source> to install it.\nNo apps installed yet. Use /install <source> to add one.")
	h.rt.Env.Topic = "main"
	expect(t, h.rt.Run("/act.x"), false, "INVALID_TARGET", "No document open. Use /open <uri> first.")
}

func TestBindingErrors(t *testing.T) {
	doc := act("send",
		"POST https://api.x.com/send",
		`  message: string (required) "Text"`,
		`  to: string`,
	) + act("one", "POST https://api.x.com/one", "  only: string") +
		act("flags", "POST https://api.x.com/f", "  count: number", "  on: boolean") +
		act("defs", "POST https://api.x.com/d", `  key: string = "$API_KEY"`, `  other: string = "$OTHER-$lower"`)
	tests := []struct {
		name, in string
		topic    string
		code     string
		content  string
	}{
		{name: "too many positionals (plural)", in: "/act.send a b c", code: "INVALID_PAYLOAD",
			content: "Too many positional arguments for /act.send.\nExpected up to 2 positional values (fields: message, to), got 3.\nUse -- to pass values that start with '-'."},
		{name: "too many positionals (singular)", in: "/act.send --message m a b", code: "INVALID_PAYLOAD",
			content: "Too many positional arguments for /act.send.\nExpected up to 1 positional value (fields: message, to), got 2.\nUse -- to pass values that start with '-'."},
		{name: "too many positionals (one field)", in: "/act.one a b", code: "INVALID_PAYLOAD",
			content: "Too many positional arguments for /act.one.\nExpected up to 1 positional value (field: only), got 2.\nUse -- to pass values that start with '-'."},
		{name: "bare non-boolean", in: "/act.flags --count --on", code: "INVALID_PAYLOAD",
			content: "Flag --count requires a value (declared type: number).\nUsage: /act.flags --count <number>"},
		{name: "$var refused", in: "/act.send --message $HOME", code: "INVALID_PAYLOAD",
			content: "$var cannot be used in command arguments. Use {var} for session variables, $var in action definitions."},
		{name: "$var refused in positional", in: "/act.send hi $_x", code: "INVALID_PAYLOAD",
			content: "$var cannot be used in command arguments. Use {var} for session variables, $var in action definitions."},
		{name: "unknown shortcut, none registered", in: "/act.send --message @nope", code: "NOT_FOUND",
			content: "Unknown shortcut: @nope\n(no shortcuts in this session yet \u2014 run a list action like /act.repo or /act.feed to register them)"},
		{name: "default env unresolved, app topic", in: "/act.defs --", topic: "app:test", code: "INVALID_PAYLOAD",
			content: "Unresolved environment variables in field default:\n  $API_KEY, $OTHER\n\nSet them from this app session:\n  /set $API_KEY = \"...\"\n  /set $OTHER = \"...\"\nOr pass the field explicitly: /act.defs --<field> <value>"},
		{name: "default env unresolved, main topic", in: "/act.defs --", topic: "main", code: "INVALID_PAYLOAD",
			content: "Unresolved environment variables in field default:\n  $API_KEY, $OTHER\n\nPersistent env vars are app-scoped. Open an app session first:\n  string app:<name> '/set $API_KEY = \"...\"'\nOr pass the field explicitly: /act.defs --<field> <value>"},
		{name: "default env single", in: "/act.defs --other x", topic: "app:test", code: "INVALID_PAYLOAD",
			content: "Unresolved environment variable in field default:\n  $API_KEY\n\nSet it from this app session:\n  /set $API_KEY = \"...\"\nOr pass the field explicitly: /act.defs --<field> <value>"},
		{name: "missing required after binding", in: "/act.send --to bob", code: "INVALID_PAYLOAD",
			content: "Missing required flags: message\n\nUsage:\n  --message <string> (required)\n  --to <string>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, doc)
			h.rt.Env.RequirementsPath = "setup.md" // argument errors never get the hint
			if tc.topic != "" {
				h.rt.Env.Topic = tc.topic
			}
			expect(t, h.rt.Run(tc.in), false, tc.code, tc.content)
			if len(h.tr.reqs) != 0 {
				t.Errorf("sent %d requests", len(h.tr.reqs))
			}
		})
	}
}

func TestBindingPayload(t *testing.T) {
	doc := act("send",
		"POST https://api.x.com/send",
		`  message: string (required) "Text"`,
		`  to: string`,
		`  threshold: number = "30"`,
		`  flag: boolean`,
	) + act("env", "POST https://api.x.com/e", `  key: string = "$API_KEY/$HOME/$lower"`)
	tests := []struct {
		name, in string
		vars     map[string]string
		store    map[string]string
		body     string
	}{
		{name: "flags, positionals, defaults order", in: "/act.send --to bob hello", body: `{"to":"bob","message":"hello","threshold":"30"}`},
		{name: "no coercion, bare boolean is a string", in: "/act.send --threshold abc hi --flag", body: `{"threshold":"abc","flag":"true","message":"hi"}`},
		{name: "unknown flags are sent", in: "/act.send hi --extra 1 --5 x", body: `{"5":"x","extra":"1","message":"hi","threshold":"30"}`},
		{name: "{var} in values from the session", in: "/act.send --message \"hi {user} {nope}\"", vars: map[string]string{"user": "ann"}, body: `{"message":"hi ann {nope}","threshold":"30"}`},
		{name: "$5 and $(cmd) pass", in: "/act.send --message \"$5 $(id)\"", body: `{"message":"$5 $(id)","threshold":"30"}`},
		{name: "--name= passes empty", in: "/act.send --message=", body: `{"message":"","threshold":"30"}`},
		{name: "@x not a whole value passes", in: "/act.send --message \"@user said hi\"", body: `{"message":"@user said hi","threshold":"30"}`},
		{name: "positional after --", in: "/act.send -- -1", body: `{"message":"-1","threshold":"30"}`},
		{name: "env in defaults: context then store", in: "/act.env --", store: map[string]string{"API_KEY": "k1", "HOME": "not-used"}, body: `{"key":"k1/HOMEDIR/$lower"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, doc)
			for k, v := range tc.vars {
				h.rt.Session.Vars[k] = v
			}
			for k, v := range tc.store {
				h.rt.Env.Store[k] = v
			}
			h.tr.body = "done"
			res := h.rt.Run(tc.in)
			if !res.OK {
				t.Fatalf("failed: %s", res.Content)
			}
			want := strings.ReplaceAll(tc.body, "HOMEDIR", hHome)
			if len(h.tr.bodies) != 1 || h.tr.bodies[0] != want {
				t.Errorf("body = %q, want %q", h.tr.bodies, want)
			}
		})
	}
}

func TestFieldFile(t *testing.T) {
	doc := act("post", "POST https://api.x.com/p", `  message: string (required)`, `  title: string`)
	h := newHarness(t, doc)
	h.write(t, "brief.txt", "line1\nline2 {x}\n")
	h.write(t, "bad.txt", "cost $5")
	h.write(t, "tick.txt", "a `b`")
	big := h.write(t, "big.txt", strings.Repeat("x", 1048577))
	h.write(t, "sub/keep.txt", "k")
	h.tr.body = "ok"
	res := h.rt.Run("/act.post --message-file brief.txt --title t")
	if !res.OK || h.tr.bodies[0] != `{"title":"t","message":"line1\nline2 {x}\n"}` {
		t.Fatalf("file value: %v %q", res, h.tr.bodies)
	}
	abs := func(n string) string { return hCwd + "/" + n }
	tests := []struct{ in, content string }{
		{"/act.post --message x --message-file brief.txt", "Pass either --message or --message-file, not both."},
		{"/act.post --message-file", "--message-file requires a file path."},
		{"/act.post --message-file sub", "--message-file: not a regular file: " + abs("sub")},
		{"/act.post --message-file big.txt", "--message-file: file too large \u2014 " + big + " is 1048577 bytes, limit is 1048576 bytes (1 MiB)."},
		{"/act.post --message-file missing.txt", "--message-file: cannot read " + abs("missing.txt") + ": ENOENT: no such file or directory, stat '" + abs("missing.txt") + "'"},
		{"/act.post --message-file bad.txt", "--message-file: refusing " + abs("bad.txt") + " \u2014 its contents contain a shell metacharacter ($ or backtick), which would be interpreted when the value is placed in the action command (command-injection risk). Remove it, or pass the value inline once shell-safe substitution lands."},
		{"/act.post --message-file tick.txt", "--message-file: refusing " + abs("tick.txt") + " \u2014 its contents contain a shell metacharacter ($ or backtick), which would be interpreted when the value is placed in the action command (command-injection risk). Remove it, or pass the value inline once shell-safe substitution lands."},
	}
	for _, tc := range tests {
		expect(t, h.rt.Run(tc.in), false, "INVALID_PAYLOAD", tc.content)
	}
	// an undeclared --x-file is an ordinary flag
	h.tr.bodies = nil
	if res := h.rt.Run("/act.post hi --other-file brief.txt"); !res.OK || h.tr.bodies[0] != `{"other-file":"brief.txt","message":"hi"}` {
		t.Errorf("undeclared -file: %v %q", res, h.tr.bodies)
	}
	// ".." stops at the virtual "/": the host's /etc/passwd is not there
	expect(t, h.rt.Run("/act.post --message-file ../../../../../etc/passwd"), false, "INVALID_PAYLOAD",
		"--message-file: cannot read /etc/passwd: ENOENT: no such file or directory, stat '/etc/passwd'")
}

func TestShortcutValues(t *testing.T) {
	doc := "[@home Home page](https://home.example)\n\n" +
		act("list", "GET https://api.x.com/posts") +
		resp("list",
			"for: p in body.posts",
			"{@post} = ({p.id}, {p.slug})",
			"- {@post} {p.title}",
			"end:",
			"{@top} = @{Response.body.posts[0].id}",
		) +
		act("open", "GET https://api.x.com/p/{ref[0]}/{ref[1]}", "  ref: string (required)") +
		act("go", "GET https://api.x.com/go", "  to: string (required)")
	h := newHarness(t, doc)
	h.tr.body = `{"posts":[{"id":7,"slug":"a","title":"First"},{"id":9,"slug":"b","title":"Second"}]}`
	expect(t, h.rt.Run("/act.list"), true, "", "- @post-1 First\n- @post-2 Second")
	s := h.rt.Session
	if got := s.viewShortcuts["post-2"]; len(got) != 2 || got[0] != "9" || got[1] != "b" {
		t.Errorf("post-2 = %q", got)
	}
	if got := s.viewShortcuts["top"]; len(got) != 1 || got[0] != "7" {
		t.Errorf("top = %q", got)
	}
	h.tr.reqs = nil
	h.tr.body = "ok"
	if res := h.rt.Run("/act.open --ref @post-2"); !res.OK || h.url(t) != "https://api.x.com/p/9/b" {
		t.Errorf("tuple shortcut: %v", res)
	}
	h.tr.reqs = nil
	if res := h.rt.Run("/act.go --to @home"); !res.OK || h.url(t) != "https://api.x.com/go?to=https%3A%2F%2Fhome.example" {
		t.Errorf("document shortcut: %v", res)
	}
	expect(t, h.rt.Run("/act.go --to @zzz"), false, "NOT_FOUND", "Unknown shortcut: @zzz\nAvailable: @home, @post-1, @post-2, @top")

	// a second run with fewer items clears stale post-N entries
	h.tr.body = `{"posts":[{"id":1,"slug":"z","title":"Only"}]}`
	expect(t, h.rt.Run("/act.list"), true, "", "- @post-1 Only")
	if _, ok := h.rt.Session.viewShortcuts["post-2"]; ok {
		t.Error("stale post-2 kept")
	}
}

func TestShortcutListLimit(t *testing.T) {
	h := newHarness(t, act("go", "GET https://api.x.com/go", "  to: string (required)"))
	for i := 1; i <= 13; i++ {
		h.rt.Session.setValueShortcut("s"+itoa(i), []string{"v"})
	}
	expect(t, h.rt.Run("/act.go --to @zzz"), false, "NOT_FOUND",
		"Unknown shortcut: @zzz\nAvailable: @s1, @s2, @s3, @s4, @s5, @s6, @s7, @s8, @s9, @s10, @s11, @s12, ...")
}

// TestSessionFallbackOfOptionalField is the runtime fact behind the lint
// rule param-session-fallback (action.ts executeAction's URI replace and
// substituteBodyTemplate fall back to session.getVar): an optional field
// without a default that the caller leaves out is filled from the session
// variable of the same name, which another action's template set.
func TestSessionFallbackOfOptionalField(t *testing.T) {
	doc := act("read", "GET https://api.x.com/posts/{id}", "  id: string (required)") +
		resp("read", "{content} = {Response.body.content}", "{content}") +
		act("post", `POST https://api.x.com/posts -d '{"title":"{title}","content":"{content}"}'`, "  title: string (required)", "  content: string") +
		act("by", "GET https://api.x.com/by/{content}", "  content: string")
	h := newHarness(t, doc)
	h.tr.body = `{"content":"an old post"}`
	expect(t, h.rt.Run("/act.read --id 1"), true, "", "an old post")
	h.tr.body = "ok"
	if res := h.rt.Run(`/act.post --title "New"`); !res.OK {
		t.Fatalf("post: %v", res)
	}
	if got, want := h.tr.bodies[len(h.tr.bodies)-1], `{"title":"New","content":"an old post"}`; got != want {
		t.Errorf("body = %s, want %s", got, want)
	}
	h.tr.reqs = nil
	if res := h.rt.Run("/act.by"); !res.OK || h.url(t) != "https://api.x.com/by/an%20old%20post" {
		t.Errorf("url: %v %v", res, h.tr.reqs)
	}
}
