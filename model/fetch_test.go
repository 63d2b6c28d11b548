package model

import (
	"testing"
)

// TestFetchRefusals: what Node's fetch refuses although Go would send it,
// with the runtime's exact text (runtime-semantics.md §1.6, §1.11). No
// request is sent.
func TestFetchRefusals(t *testing.T) {
	tests := []struct {
		name, doc, in string
		vars          map[string]string
		content       string
	}{
		{name: "character above U+00FF in a header value (the issue's example)",
			doc: act("me", `GET https://api.x.com/me -H "Authorization: Bearer {token}"`), in: "/act.me", vars: map[string]string{"token": "tök€n"},
			content: "Network error: Cannot convert argument to a ByteString because the character at index 10 has a value of 8364 which is greater than 255."},
		{name: "the index counts UTF-16 units: an emoji is two, its high surrogate is reported",
			doc: act("me", `POST https://api.x.com/me -H "X-Note: 😀 then €"`), in: "/act.me",
			content: "Network error: Cannot convert argument to a ByteString because the character at index 0 has a value of 55357 which is greater than 255."},
		{name: "header names are ByteStrings too",
			doc: act("me", `GET https://api.x.com/me -H "X-Ключ: v"`), in: "/act.me",
			content: "Network error: Cannot convert argument to a ByteString because the character at index 2 has a value of 1050 which is greater than 255."},
		{name: "a value from $VAR", doc: act("me", `GET https://api.x.com/me -H "X-Key: $KEY"`), in: "/act.me",
			content: "Network error: Cannot convert argument to a ByteString because the character at index 1 has a value of 8217 which is greater than 255."},
		{name: "ByteString comes before the URL check",
			doc: act("me", `POST http://[::1 -H "X-Key: €"`), in: "/act.me",
			content: "Network error: Cannot convert argument to a ByteString because the character at index 0 has a value of 8364 which is greater than 255."},
		{name: "a header name that is not a token",
			doc: act("me", `GET https://api.x.com/me -H "X Key: v"`), in: "/act.me",
			content: `Network error: Headers.append: "X Key" is an invalid header name.`},
		{name: "an empty header name",
			doc: act("me", `GET https://api.x.com/me -H ": v"`), in: "/act.me",
			content: `Network error: Headers.append: "" is an invalid header name.`},
		{name: "a line feed inside a value",
			doc: act("me", `GET https://api.x.com/me -H "Authorization: Bearer {token}"`), in: "/act.me", vars: map[string]string{"token": "a\nb"},
			content: "Network error: Headers.append: \"Bearer a\nb\" is an invalid header value."},
		{name: "a NUL inside a value",
			doc: act("me", `GET https://api.x.com/me -H "X-T: {token}"`), in: "/act.me", vars: map[string]string{"token": "a\x00b"},
			content: "Network error: Headers.append: \"a\x00b\" is an invalid header value."},
		{name: "credentials in a GET URL",
			doc: act("me", `GET https://user:pw@API.x.com/me`), in: "/act.me",
			content: "Network error: Request cannot be constructed from a URL that includes credentials: https://user:pw@api.x.com/me"},
		{name: "credentials in a POST URL name the URL as written",
			doc: act("me", `POST https://:pw@API.x.com/me`), in: "/act.me",
			content: "Network error: Request cannot be constructed from a URL that includes credentials: https://:pw@API.x.com/me"},
		{name: "an invalid POST URL", doc: act("me", `POST http://[::1/x`), in: "/act.me",
			content: "Network error: Failed to parse URL from http://[::1/x"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, tc.doc)
			h.rt.Env.Store["KEY"] = "a’b"
			for k, v := range tc.vars {
				h.rt.Session.Vars[k] = v
			}
			expect(t, h.rt.Run(tc.in), false, "LOAD_ERROR", tc.content)
			if len(h.tr.reqs) != 0 {
				t.Errorf("a request was sent: %v", h.tr.reqs[0].URL)
			}
		})
	}
	// the setup hint follows, as for every network error
	h := newHarness(t, act("me", `GET https://api.x.com/me -H "X Key: v"`))
	h.rt.Env.RequirementsPath = "setup.md"
	expect(t, h.rt.Run("/act.me"), false, "LOAD_ERROR", "Network error: Headers.append: \"X Key\" is an invalid header name.\n\nSetup info: /open setup.md")
}

// TestFetchRewrites: what Node's fetch sends differently from what Go
// would: trimmed values, Cookie joined with "; ", Latin-1 bytes.
func TestFetchRewrites(t *testing.T) {
	doc := act("me", `GET https://api.x.com/me -H "Authorization: Bearer {token}" -H "Cookie: a=1" -H "cookie: b=2" -H "X-Name: José"`)
	h := newHarness(t, doc)
	h.rt.Session.Vars["token"] = "t0k\n\t "
	h.tr.body = "ok"
	res := h.rt.Run("/act.me")
	if !res.OK || len(h.tr.reqs) != 1 {
		t.Fatalf("%+v", res)
	}
	got := h.tr.reqs[0].Header
	for k, want := range map[string]string{"Authorization": "Bearer t0k", "Cookie": "a=1; b=2", "X-Name": "Jos\xe9"} {
		if v := got.Get(k); v != want {
			t.Errorf("%s: %q on the wire, want %q", k, v, want)
		}
	}
	// the runner sees the text
	if v := res.Requests[0].header.Get("X-Name"); v != "José" {
		t.Errorf("recorded %q", v)
	}
}
