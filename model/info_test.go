package model

import (
	"strings"
	"testing"
)

// /info and /help as commands/info.ts cmdInfo and cmdHelp @9c9bb3f1 write
// them; the warnings are resolver.ts's (parse errors "Line N: …", then
// unknown invocations).
func TestInfo(t *testing.T) {
	h := newNavHarness(t)
	rt := h.rt
	rt.Run("/open app.md")
	rt.Run(`/set {city} = "Seoul"`)
	expect(t, rt.Run("/info"), true, "", "Session info\n---\napp:       test\ntitle:     Weather\nblocks:    intro, usage\nmenus:     main\nshortcuts: +1 auto\nactions:   now(GET)\nhistory:   1 entries\nvars:      {city}=\"Seoul\"")
	expect(t, rt.Run("/info @docs"), true, "", "@docs \u2192 https://example.com/docs")
	expect(t, rt.Run("/info @main.faq"), true, "", "@main.faq \u2192 file:///home/agent/docs/faq.md")
	expect(t, rt.Run("/info @nope"), false, codeNotFound, "Shortcut not found: @nope")
	rt.Env.Topic = "main"
	h.write(t, "w.md", "# W\n<!-- /zz -->\n[X][@nope]\n\n[@home Home](app.md)\n")
	rt.Run("/open w.md#w")
	expect(t, rt.Run("/info"), true, "", "Session info\n---\nfile:      docs/w.md\ncwd:       ~/docs/\nblock:     #w\nshortcuts: @home\nhistory:   2 entries\nvars:      {city}=\"Seoul\"\n\n"+
		"Warnings:\n  Line 2: UNEXPECTED_BLOCK_CLOSE: <!-- /zz --> has no matching open marker\n  Unknown shortcut @nope \u2014 define with: [@nope X](URI)")
	rt.Run("/close")
	expect(t, rt.Run("/info"), true, "", "Session info\n---\ncwd:       ~/\nfile:      (none open)")
}

func TestHelp(t *testing.T) {
	h := newNavHarness(t)
	res := h.rt.Run("/help")
	if !res.OK || !strings.HasPrefix(res.Content, "String Commands\n---\n## String Commands\n\nAll input must start with /.\n\n### Navigation\n/open <path|url|@shortcut>   Open document, URL, or shortcut\n") ||
		!strings.HasSuffix(res.Content, "/uninstall <name>             Uninstall a package\n\n## Actions on this page\n/act.now") {
		t.Errorf("help = %q", res.Content)
	}
	expect(t, h.rt.Run("/write x.md hi"), false, codeCommandUnsupported, "sfmd test does not simulate /write: a test runs /open, /nav, /back, /refresh, /close, /set, /info, /source, /help, /ls, /act and /tool; the commands that edit files, run shell commands or install packages (/write, /append, /replace, /edit, /verify, /undo, /exec, /install, /uninstall) and /events are refused")
}

// TestSource: /source is info.ts cmdSource @9c9bb3f1: "[source: URI]", a
// rule, then the loaded source of the current document (frontmatter and
// all); with no document open, INVALID_TARGET "No document open.".
func TestSource(t *testing.T) {
	h := newNavHarness(t)
	rt := h.rt
	h.write(t, "plain.md", "---\nname: plain\n---\n# Plain\n\n<!-- #b -->\nText.\n<!-- /b -->\n")
	rt.Run("/open plain.md")
	expect(t, rt.Run("/source"), true, "", "[source: file:///home/agent/docs/plain.md]\n---\n---\nname: plain\n---\n# Plain\n\n<!-- #b -->\nText.\n<!-- /b -->\n")
	rt.Run("/close")
	expect(t, rt.Run("/source"), false, codeInvalidTarget, "No document open.")
}
