package model

import (
	"slices"
	"testing"
)

// TestDryRunWireHeaders: the headers a dry run reports as sent are the
// ones a real call sends through fetch: a key differing only in case from
// the runtime's default is combined with it (", "), an exact key replaces
// it, and each combined header names the keys it came from.
func TestDryRunWireHeaders(t *testing.T) {
	for _, tc := range []struct {
		line, name, want string
		keys             []HeaderKey
	}{
		{`POST https://x.com/ -H "content-type: text/plain" -d '{"a":"{a}"}'`, "Content-Type", "application/json, text/plain",
			[]HeaderKey{{"Content-Type", "application/json", true}, {"content-type", "text/plain", false}}},
		{`GET https://x.com/ -H "accept: application/json"`, "Accept", "text/markdown, text/plain, application/json",
			[]HeaderKey{{"Accept", "text/markdown, text/plain", true}, {"accept", "application/json", false}}},
		{`POST https://x.com/ -H "Content-Type: text/plain" -d '{"a":"{a}"}'`, "Content-Type", "text/plain",
			[]HeaderKey{{"Content-Type", "text/plain", false}}},
		{`GET https://x.com/ -H "X-Key: 1" -H "x-key: 2"`, "X-Key", "1, 2",
			[]HeaderKey{{"X-Key", "1", false}, {"x-key", "2", false}}},
	} {
		res, s := runAndDryRun(t, tc.line)
		w, ok := s.Header(tc.name)
		if !ok || w.Value != tc.want || w.Value != res.Requests[0].header.Get(tc.name) {
			t.Errorf("%s: dry run sends %s: %q, want %q (the run sent %q)", tc.line, tc.name, w.Value, tc.want, res.Requests[0].header.Get(tc.name))
		}
		if len(w.Keys) != len(tc.keys) || w.Merged() != (len(tc.keys) > 1) {
			t.Errorf("%s: keys %+v, want %+v", tc.line, w.Keys, tc.keys)
			continue
		}
		for i := range w.Keys {
			if w.Keys[i] != tc.keys[i] {
				t.Errorf("%s: key %d %+v, want %+v", tc.line, i, w.Keys[i], tc.keys[i])
			}
		}
	}
}

// TestDryRunReplacedHeaders: of two -H with the same key the runtime
// sends the later value (executeAction's record by name); the dry run
// names the earlier one, and the real call sends only the later.
func TestDryRunReplacedHeaders(t *testing.T) {
	for _, tc := range []struct {
		line     string
		replaced []HeaderKey
		name     string
		sent     string
	}{
		{`GET https://x.com/ -H "X-Key: 1" -H "X-Key: 2"`, []HeaderKey{{"X-Key", "1", false}}, "X-Key", "2"},
		{`GET https://x.com/ -H "X-Key: 1" -H "X-Key : 2" -H "X-Key:3"`, []HeaderKey{{"X-Key", "1", false}, {"X-Key", "2", false}}, "X-Key", "3"},
		{`GET https://x.com/ -H "X-Key: 1" -H "x-key: 2"`, nil, "X-Key", "1, 2"},
		{`GET https://x.com/ -H 'X-Key: 1' -H 'X-Key: 2'`, nil, "X-Key", ""},
	} {
		res, s := runAndDryRun(t, tc.line)
		if !slices.Equal(s.Replaced, tc.replaced) {
			t.Errorf("%s: replaced %+v, want %+v", tc.line, s.Replaced, tc.replaced)
		}
		if got := res.Requests[0].header.Get(tc.name); got != tc.sent {
			t.Errorf("%s: the run sent %s: %q, want %q", tc.line, tc.name, got, tc.sent)
		}
	}
}

// runAndDryRun runs `/act.a --a v` for an action a of the given first
// line (one field a) for real, with a response "ok", and as a dry run,
// and returns both; it fails the test when either fails.
func runAndDryRun(t *testing.T, line string) (Result, Sent) {
	t.Helper()
	doc := act("a", line, "  a: string")
	h := newHarness(t, doc)
	h.tr.body = "ok"
	res := h.rt.Run("/act.a --a v")
	if !res.OK || len(res.Requests) != 1 {
		t.Fatalf("%s: run failed: %s %s", line, res.Code, res.Content)
	}
	s, ok := dryParse(doc).DryRun("a", "--a v", nil, nil)
	if !ok || s.Code != "" {
		t.Fatalf("%s: dry run failed: %s %s", line, s.Code, s.Message)
	}
	return res, s
}
