package model

import (
	"strings"
	"testing"
)

// TestDrySessionCarriesState: in a dry session a call sees what earlier
// calls' templates and /set lines set (session variables, value
// shortcuts), as the calls of one runtime session do (sfmd test runs a
// test's steps in one); a dry run of its own does not.
func TestDrySessionCarriesState(t *testing.T) {
	doc := act("login", "GET https://x.com/login") + resp("login", "{who} = {Response.body.user}", "{@pick} = {Response.body.id}", "Logged in") +
		act("show", "GET https://x.com/items/{id}", "  id: string") + resp("show", "{who} {greeting} sees {Response.body.name}")
	steps := []struct{ line, id, args, body string }{
		{line: "/act.login", id: "login", body: `{"user":"ann","id":"7"}`},
		{line: `/set {greeting} = "hello"`},
		{line: "/act.show --id @pick", id: "show", args: "--id @pick", body: `{"name":"seven"}`},
	}
	h := newHarness(t, doc)
	s := dryParse(doc).NewDrySession(nil, nil)
	var last TemplateDry
	for _, st := range steps {
		h.tr.body = st.body
		res := h.rt.Run(st.line)
		if st.id == "" {
			if dry, ok := s.Set(st.line); !ok || dry.Content != res.Content {
				t.Fatalf("%s: dry %v %q, run %q", st.line, ok, dry.Content, res.Content)
			}
			continue
		}
		d, ok := s.RunTemplate(st.id, st.args, TemplateResponse{Body: st.body})
		if !ok || !res.OK || d.Output != res.Content {
			t.Fatalf("%s: dry run %v %q, run %v %q", st.line, ok, d.Output, res.OK, res.Content)
		}
		last = d
	}
	if last.Output != "ann hello sees seven" {
		t.Errorf("the last call printed %q", last.Output)
	}
	if got := h.tr.reqs[len(h.tr.reqs)-1].URL.Path; got != "/items/7" {
		t.Errorf("the real call asked %s", got)
	}
	// a dry run of its own starts from its vars only
	d, _ := dryParse(doc).DryRunTemplate("show", "--id 7", nil, nil, TemplateResponse{Body: `{"name":"seven"}`})
	if d.Output == last.Output {
		t.Errorf("a dry run of its own printed %q", d.Output)
	}
	// State tells sessions apart by what they hold
	if a, b := dryParse(doc).NewDrySession(map[string]string{"x": "1"}, nil), dryParse(doc).NewDrySession(nil, nil); a.State() == b.State() || a.State() != dryParse(doc).NewDrySession(map[string]string{"x": "1"}, nil).State() {
		t.Error("State does not say what the session holds")
	}
	// a call with no flags for a required field prints the action's
	// usage (act.go cmdAction): no template runs, whatever the session
	req := act("list", "GET https://x.com/{user}/items", "  user: string (required)") + resp("list", "{Response.body.n}")
	h = newHarness(t, req)
	h.rt.Session.SetVar("user", "ann")
	if res := h.rt.Run("/act.list"); !strings.HasPrefix(res.Content, "Action: list") {
		t.Fatalf("the real call printed %q", res.Content)
	}
	rs := dryParse(req).NewDrySession(map[string]string{"user": "ann"}, nil)
	if d, ok := rs.RunTemplate("list", "", TemplateResponse{Body: `{"n":1}`}); ok {
		t.Errorf("a call that prints its usage ran its template: %q", d.Output)
	}
}
