package model

import (
	"strings"
	"testing"
)

// /set, as commands/set.ts cmdSet @da3e524b writes it: quoting forms, the
// fenced multi-line form, the listing with no argument, $VAR only in an
// app topic (env-store.ts is app-scoped), and the renderer's requires:
// warning (renderer.ts render @06445e57) gone once the variable is set.
func TestSetForms(t *testing.T) {
	h := newNavHarness(t)
	rt := h.rt
	expect(t, rt.Run("/set"), true, "", "No variables set.")
	expect(t, rt.Run(`/set {city} = "Seoul"`), true, "", `{city} = "Seoul"`)
	expect(t, rt.Run(`/set city2='Busan'`), true, "", `{city2} = "Busan"`)
	expect(t, rt.Run("/set {n} =  42 "), true, "", `{n} = "42"`)
	expect(t, rt.Run(`/set $API_KEY = "k1"`), true, "", `$API_KEY = "k1" (test)`)
	expect(t, rt.Run("/set"), true, "", "Variables\n---\n{city} = \"Seoul\"\n{city2} = \"Busan\"\n{n} = \"42\"\n$API_KEY = \"k1\"")
	expect(t, rt.Run("/set oops"), false, codeInvalidPayload, "Invalid assignment: oops\nUsage: /set {var} = \"value\" or /set $VAR = \"value\"")
	expect(t, rt.Run("/set\n```{poem}\nline1\nline2\n```\n{x} = \"1\""), true, "", "{x} = \"1\"\n{poem} = (2 lines)")
	if got := rt.Session.Vars["poem"]; got != "line1\nline2" {
		t.Errorf("poem = %q", got)
	}
	expect(t, rt.Run("/set\n```$TOKEN\nabc\n```"), true, "", `$TOKEN = "abc"`)
	if got := rt.Env.Store["TOKEN"]; got != "abc" {
		t.Errorf("TOKEN = %q", got)
	}
	// With $API_KEY set the page no longer warns.
	expect(t, rt.Run("/open app.md#intro"), true, "", "Opened docs/app.md#intro\n---\nHello [docs][@docs].")
	// /refresh keeps the block shown (session.currentBlockId).
	expect(t, rt.Run("/refresh"), true, "", "Refreshed docs/app.md\n---\nHello [docs][@docs].")
	res := rt.Run("/open app.md")
	if !res.OK || strings.Contains(res.Content, "[!]") || !strings.Contains(res.Content, "[actions] now") {
		t.Errorf("open: %+v", res)
	}
}

func TestSetOutsideApp(t *testing.T) {
	h := newHarness(t, "x")
	h.rt.Env.Topic = "main"
	expect(t, h.rt.Run(`/set $K = "v"`), false, codeInvalidTarget, "$K: persistent env vars are app-scoped. Run /set from an app session:\n  string app:<name> '/set $K = \"v\"'")
	expect(t, h.rt.Run("/set\n```$K\nv\n```"), false, codeInvalidTarget, "$K: persistent env vars are app-scoped. Run /set from an app session.")
	expect(t, h.rt.Run(`/set {k} = "v"`), true, "", `{k} = "v"`)
}
