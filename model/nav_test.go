package model

import (
	"os"
	"strings"
	"testing"
)

// The page /open shows and the navigation commands. Every expected text is
// derived from the runtime's code: commands/open.ts cmdOpen, cmdBack,
// cmdRefresh, cmdClose and commands/nav.ts cmdNav @a9cc30b8; renderer.ts
// render, renderNav, renderNavList, expandIncludes @06445e57; resolver.ts
// resolve and resolveInvocations (the readable version); core
// extractor.ts extract @62c5378e; session.ts markUnseenNavs @0c02cdaf;
// loader.ts loadFile @22f0aeae.

const navApp = "---\ntitle: Weather\nrequires: [API_KEY]\n---\n# Weather\n\n[!nav:main](nav.md)\n\n" +
	"<!-- #intro -->\nHello [docs](https://example.com/docs).\n<!-- /intro -->\n\n" +
	"[!include:usage](parts.md)\n\nSee [Start][@main.start].\n\n" +
	"```act.now\nGET https://api.example.com/now\n```\n"

const navBody = "# Weather\n\n\nHello [docs][@docs].\n\n## Usage {#usage}\nRun it.\n\nSee [Start][@main.start]."

const navHints = "[actions] now  \u00b7  /act --help (all)  \u00b7  /act.<name> --help\n" +
	"[!] Missing required env: $API_KEY\n    Set: /set $API_KEY=\"...\"\n\n"

func newNavHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t, navApp)
	h.write(t, "app.md", navApp)
	h.write(t, "nav.md", "[@start Start here](start.md)\n[@faq FAQ](faq.md)\n")
	h.write(t, "parts.md", "## Usage {#usage}\nRun it.\n## Other\nno\n")
	return h
}

// TestOpenRendersPage: cmdOpen + render(): frontmatter stripped, the include
// expanded (explicit heading id), markers, directives and the act block
// removed, the invocation resolved against the menu and shown again as
// [Label][@id], the plain link auto-slugged, the menu unfolded on its first
// view (markUnseenNavs) and folded afterwards, the requires: warning.
func TestOpenRendersPage(t *testing.T) {
	h := newNavHarness(t)
	rt := h.rt
	expect(t, rt.Run("/open app.md"), true, "", "Opened docs/app.md\n---\n[nav] main \u2014 first view\n[Start here][@main.start]\n[FAQ][@main.faq]\n"+navHints+navBody)
	expect(t, rt.Run("/refresh"), true, "", "Refreshed docs/app.md\n---\n[nav] main \u2014 /nav <name>\n"+navHints+navBody)
	expect(t, rt.Run("/open app.md#intro"), true, "", "Opened docs/app.md#intro\n---\nHello [docs][@docs].")
	expect(t, rt.Run("/open app.md#nope"), false, "BLOCK_NOT_FOUND", "Block not found: #nope in docs/app.md\nAvailable blocks: intro, usage")
	// An include id is listed among the blocks, yet extract() reads the
	// source before the includes are expanded, so it is not found.
	expect(t, rt.Run("/open app.md#usage"), false, "BLOCK_NOT_FOUND", "Block not found: #usage in docs/app.md\nAvailable blocks: intro, usage")
}

// TestNavMenus: cmdNav lists the menus, shows one, refuses an unknown one;
// /open @menu.id follows an entry (resolved against the menu file).
func TestNavMenus(t *testing.T) {
	h := newNavHarness(t)
	rt := h.rt
	expect(t, rt.Run("/nav"), true, "", "Menus\n---\nmain (2): Start here, FAQ\n\nuse: /nav <name> to show menu \u00b7 /open @menu.id to follow link")
	expect(t, rt.Run("/nav main"), true, "", "Menu: main\n---\n[Start here][@main.start]\n[FAQ][@main.faq]")
	expect(t, rt.Run("/nav nope"), false, codeNotFound, "Menu not found: nope")
	expect(t, rt.Run("/open @main.start"), false, codeNotFound, "File not found: /home/agent/docs/start.md\nRecovery: Use /ls to list available files, or check the path spelling.")
	expect(t, rt.Run("/open @nope"), false, codeNotFound, "Shortcut not found: @nope")
	h.write(t, "start.md", "# Start\n\n[Back][@home]\n\n[@home Home](app.md)\n")
	expect(t, rt.Run("/open @main.start"), true, "", "Opened docs/start.md\n---\n# Start\n\n[Back][@home]\n\n[Home][@home]")
	expect(t, rt.Run("/nav"), true, "", "Menus\n---\nDocument is open, but no menus are registered on this page.\n\nYou can create a starter nav scaffold from links on this page.\n\nTry: /nav scaffold")
	expect(t, rt.Run("/nav page"), true, "", "Shortcuts:\n  @home \u2192 app.md\n\nuse: /open @id")
	// The page's own shortcut is relative to the page; the suite's
	// document had not been rendered yet, so its menu unfolds now.
	expect(t, rt.Run("/open @home"), true, "", "Opened docs/app.md\n---\n[nav] main \u2014 first view\n[Start here][@main.start]\n[FAQ][@main.faq]\n"+navHints+navBody)
}

// TestBackAndClose: cmdBack walks the history down to the suite's document
// (the first current one), then fails; cmdClose ends the document and
// session.ts close() drops the variables.
func TestBackAndClose(t *testing.T) {
	h := newNavHarness(t)
	rt := h.rt
	h.write(t, "start.md", "# Start\n")
	rt.Session.Vars["city"] = "Seoul"
	expect(t, rt.Run("/open start.md"), true, "", "Opened docs/start.md\n---\n# Start")
	expect(t, rt.Run("/back"), true, "", "Back to docs/app.md\n---\n[nav] main \u2014 first view\n[Start here][@main.start]\n[FAQ][@main.faq]\n"+navHints+navBody)
	expect(t, rt.Run("/back"), false, codeInvalidTarget, "No previous page in history.")
	expect(t, rt.Run("/close"), true, "", "Closed: file:///home/agent/docs/app.md")
	if len(rt.Session.Vars) != 0 {
		t.Errorf("vars after /close = %v, want none", rt.Session.Vars)
	}
	expect(t, rt.Run("/close"), false, codeInvalidTarget, "No document open.")
	h.tr.body = "12C"
	expect(t, rt.Run("/act.now"), true, "", "12C")
	expect(t, rt.Run("/close"), true, "", "Closed: file:///home/agent/docs/app.md")
	expect(t, rt.Run("/refresh"), false, codeInvalidTarget, "No document open.")
	// Outside an app topic nothing re-opens the document.
	rt.Env.Topic = "main"
	expect(t, rt.Run("/act.now"), false, codeInvalidTarget, "No document open. Use /open <uri> first.")
	expect(t, rt.Run("/nav"), false, codeInvalidTarget, "No document is open in this session. Open a document first, then run /nav again.")
	// In the app topic /nav (and /act) load the app's document first
	// (app-session.ts hydrateAppDocument), rendering nothing.
	rt.Env.Topic = "app:test"
	expect(t, rt.Run("/nav"), true, "", "Menus\n---\nmain (2): Start here, FAQ\n\nuse: /nav <name> to show menu \u00b7 /open @menu.id to follow link")
	expect(t, rt.Run("/open"), true, "", "Opened docs/app.md\n---\n[nav] main \u2014 /nav <name>\n"+navHints+navBody)
}

// TestIncludeFailures: expandIncludes' texts for a missing file, a missing
// block and a circular include; an include inside code stays.
func TestIncludeFailures(t *testing.T) {
	h := newHarness(t, "x")
	h.write(t, "a.md", "[!include:x](b.md)\n\n[!include:y](missing.md)\n\n[!include:z](b.md)\n\n`[!include:x](b.md)`\n")
	h.write(t, "b.md", "<!-- #x -->\nfrom b\n[!include:top](a.md)\n<!-- /x -->\n")
	expect(t, h.rt.Run("/open a.md"), true, "", "Opened docs/a.md\n---\n"+
		"from b\n\u26a0 Circular include detected: a.md (already included in this chain)\n\n"+
		"\u26a0 Include failed: missing.md - File not found: /home/agent/docs/missing.md\n\n"+
		"\u26a0 Include failed: Block #z not found in b.md\nSupported formats:\n  1. Markers: <!-- #z --> ... <!-- /z -->\n  2. Explicit ID: ## Heading {#z}\n  3. Heading slug: ## Heading Text (where slug matches \"z\")\n\n"+
		"`[!include:x](b.md)`")
}

// TestOpenDefaultAction: a page whose frontmatter names a default action
// runs it on /open and shows its output after the page.
func TestOpenDefaultAction(t *testing.T) {
	h := newHarness(t, "x")
	h.write(t, "w.md", "---\ndefault: now\n---\n# Now\n\n```act.now\nGET https://api.example.com/now\n```\n")
	h.tr.body = "sunny"
	expect(t, h.rt.Run("/open w.md"), true, "", "Opened docs/w.md\n---\n[actions] now  \u00b7  /act --help (all)  \u00b7  /act.<name> --help\n\n# Now\n\n---\n\nsunny")
	if got := h.url(t); got != "https://api.example.com/now" {
		t.Errorf("default action sent %s", got)
	}
}

// TestOpenErrors: the usage text, an app that is not installed, a
// directory without string.md.
func TestOpenErrors(t *testing.T) {
	h := newHarness(t, "x")
	expect(t, h.rt.Run("/open app:other"), false, codeNotFound, "App 'other' is not installed. Run /install <source> to install it.\nInstalled apps: test")
	h.rt.Run("/close")
	h.rt.Env.Topic = "main"
	expect(t, h.rt.Run("/open"), false, codeInvalidTarget, "Usage: /open <uri | path | file.md#block | @shortcut>\nExamples:\n  /open string.md\n  /open guide/setup.md\n  /open @home\n  /open file.md#intro")
}

// TestSharedNavUnfoldsOnce: markUnseenNavs keys a menu by its file's
// resolved URI (types.ts @ce162ecd menuSources), so a nav two pages share
// unfolds on the first of them only; a sibling requirements.md is the
// page's setup page (LoadedDocument.requirements) named under the
// requires: warning.
func TestSharedNavUnfoldsOnce(t *testing.T) {
	h := newHarness(t, "x")
	h.write(t, "nav.md", "[@a A](a.md)\n")
	h.write(t, "a.md", "[!nav:main](nav.md)\n# A\n")
	h.write(t, "b.md", "---\nrequires:\n  - TOKEN\n---\n[!nav:main](nav.md)\n# B\n")
	h.write(t, "requirements.md", "# Setup\n")
	expect(t, h.rt.Run("/open a.md"), true, "", "Opened docs/a.md\n---\n[nav] main \u2014 first view\n[A][@main.a]\n\n# A")
	expect(t, h.rt.Run("/open b.md"), true, "", "Opened docs/b.md\n---\n[nav] main \u2014 /nav <name>\n[!] Missing required env: $TOKEN\n    Set: /set $TOKEN=\"...\"\n    Setup: /open requirements.md\n\n# B")
}

// TestOpenEdges: cmdOpen's other paths. A value tuple is not a target
// (INVALID_TARGET); resolver.ts refuses a menu that is the page itself
// (CIRCULAR_REFERENCE) and one that cannot be read (loader.ts loadFile:
// LOAD_ERROR); a directory holding string.md opens it.
func TestOpenEdges(t *testing.T) {
	h := newNavHarness(t)
	rt := h.rt
	rt.Session.setValueShortcut("ids", []string{"a", "b"})
	expect(t, rt.Run("/open @ids"), false, codeInvalidTarget, "Shortcut @ids is a value tuple, not a navigable target. Use it as an action argument (e.g. /act.<name> @ids ...) instead of /open.")
	expect(t, rt.Run("/info @ids"), true, "", "@ids \u2192 a,b")
	h.write(t, "self.md", "[!nav:me](self.md)\n# Self\n")
	expect(t, rt.Run("/open self.md"), false, "CIRCULAR_REFERENCE", "Circular menu/nav reference detected: file:///home/agent/docs/self.md")
	h.write(t, "sub/x.txt", "x")
	h.write(t, "dirmenu.md", "[!nav:m](sub)\n# D\n")
	expect(t, rt.Run("/open dirmenu.md"), false, codeLoadError, "Failed to read /home/agent/docs/sub: EISDIR: illegal operation on a directory, read")
	h.write(t, "pkg/string.md", "# Tool\n")
	expect(t, rt.Run("/open pkg"), true, "", "Opened docs/pkg/string.md\n---\n# Tool")
	expect(t, rt.Run("/open app"), false, codeCommandUnsupported, "sfmd test does not simulate the hub page /open app shows (installed packages and open sessions); open a page of the app")
	expect(t, rt.Run("/nav scaffold"), false, codeCommandUnsupported, "sfmd test does not simulate /nav scaffold; use /nav, /nav <menu> or /nav page")
}

// TestNavPageAuto: /nav page lists the auto-shortcuts of the last render
// (nav.ts cmdNav, session.ts setAutoShortcuts replaces them on each open).
func TestNavPageAuto(t *testing.T) {
	h := newNavHarness(t)
	rt := h.rt
	rt.Run("/open app.md")
	expect(t, rt.Run("/nav page"), true, "", "Auto:\n  @docs \u2192 https://example.com/docs\n\nuse: /open @id")
	h.write(t, "plain.md", "# Plain\n")
	rt.Run("/open plain.md")
	expect(t, rt.Run("/nav page"), true, "", "No shortcuts on this page.")
}

// TestSetupHintFollowsPage: after /open, an action's "Setup info" hint
// (response.go withSetupHint) names the current page's setup page.
func TestSetupHintFollowsPage(t *testing.T) {
	h := newHarness(t, "x")
	h.rt.Env.RequirementsPath = "suite-setup.md"
	h.write(t, "w/p.md", "[!requirements](setup.md)\n```act.a\nGET https://api.example.com/a\n```\n")
	h.tr.status, h.tr.body = 500, "down"
	h.rt.Run("/open w/p.md")
	res := h.rt.Run("/act.a")
	if !strings.HasSuffix(res.Content, "\n\nSetup info: /open setup.md") {
		t.Errorf("act.a: %q", res.Content)
	}
}

// TestOpenDirectory: /open of a directory without string.md lists it
// (info.ts cmdLs @9c9bb3f1: directories first, then names as
// localeCompare orders them, hidden ones skipped) and makes it the
// session's cwd (setCwdOverride): /ls, /info and, with no document open,
// a relative /open resolve against it.
func TestOpenDirectory(t *testing.T) {
	h := newNavHarness(t)
	rt := h.rt
	for _, n := range []string{"sub/b.md", "sub/A.md", "sub/a.md", "sub/_x", "sub/1.txt", "sub/Zdir/z", "sub/.hidden"} {
		h.write(t, n, "x")
	}
	listing := "Listing docs/sub/\n---\n  Zdir/\n  _x\n  1.txt\n  a.md\n  A.md\n  b.md"
	expect(t, rt.Run("/open sub"), true, "", listing)
	expect(t, rt.Run("/ls"), true, "", listing)
	expect(t, rt.Run("/ls Zdir"), true, "", "Listing docs/sub/Zdir/\n---\n  z")
	expect(t, rt.Run("/ls nope"), false, codeNotFound, "Not found: nope")
	expect(t, rt.Run("/ls a.md"), false, codeInvalidTarget, "Not a directory: a.md")
	expect(t, rt.Run("/info"), true, "", "Session info\n---\napp:       test\ntitle:     Weather\nblocks:    intro, usage\nmenus:     main\nactions:   now(GET)\nhistory:   0 entries")
	rt.Env.Topic = "main"
	expect(t, rt.Run("/info"), true, "", "Session info\n---\nfile:      docs/app.md\ncwd:       ~/docs/sub/\ntitle:     Weather\nblocks:    intro, usage\nmenus:     main\nactions:   now(GET)\nhistory:   0 entries")
	rt.Run("/close")
	h.write(t, "sub/Zdir/empty/.keep", "")
	expect(t, rt.Run("/open /home/agent/docs/sub/Zdir/empty"), true, "", "Listing docs/sub/Zdir/empty/\n---\n  (empty)")
	expect(t, rt.Run("/info"), true, "", "Session info\n---\ncwd:       ~/docs/sub/Zdir/empty/\nfile:      (none open)")
	expect(t, rt.Run("/open ../z"), true, "", "Opened docs/sub/Zdir/z\n---\nx")
}

// TestToolAfterNavigation: /tool:<name> runs the suite's document, the
// tool installed, whatever page is open.
func TestToolAfterNavigation(t *testing.T) {
	h := newHarness(t, "---\nname: t\ndefault: ping\n---\n```act.ping\nGET https://api.example.com/ping\n```\n")
	h.write(t, "other.md", "# Other\n")
	h.tr.body = "pong"
	h.rt.Run("/open other.md")
	expect(t, h.rt.Run("/tool:t"), true, "", "pong")
}

// TestBackWhenPageGone: cmdBack shows the page as it was, without its
// default action, when it can no longer be loaded (its catch).
func TestBackWhenPageGone(t *testing.T) {
	h := newHarness(t, "x")
	p := h.write(t, "d.md", "---\ndefault: now\n---\n# D\n\n```act.now\nGET https://api.example.com/now\n```\n")
	h.write(t, "e.md", "# E\n")
	h.tr.body = "sunny"
	h.rt.Run("/open d.md")
	h.rt.Run("/open e.md")
	if err := os.Remove(h.host(p)); err != nil {
		t.Fatal(err)
	}
	h.tr.reqs = nil
	expect(t, h.rt.Run("/back"), true, "", "Back to docs/d.md\n---\n[actions] now  \u00b7  /act --help (all)  \u00b7  /act.<name> --help\n\n# D")
	if len(h.tr.reqs) != 0 {
		t.Errorf("sent %d requests, want none", len(h.tr.reqs))
	}
}

// TestOpenShowsURLPath: the runtime shows a page's path as new
// URL(uri).pathname, percent-encoded (open.ts cmdOpen displayPath), while
// loader.ts loadFile names the decoded path.
func TestOpenShowsURLPath(t *testing.T) {
	h := newHarness(t, "x")
	h.write(t, "my page.md", "# P\n")
	expect(t, h.rt.Run("/open my page.md"), true, "", "Opened docs/my%20page.md\n---\n# P")
	expect(t, h.rt.Run("/open no page.md"), false, codeNotFound, "File not found: /home/agent/docs/no page.md\nRecovery: Use /ls to list available files, or check the path spelling.")
}
