package runner

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"go.yaml.in/yaml/v3"
)

func mustReq(t *testing.T, method, url, body string, headers ...string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return req
}

func TestMatchRequest(t *testing.T) {
	jsonFix := func(s string) []byte {
		c, err := suitespec.CanonicalJSON([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return []byte(c)
	}
	cases := []struct {
		name  string
		fix   fixtureRequest
		req   *http.Request
		body  string
		match bool
	}{
		{"query order and encoding ignored", fixtureRequest{Method: "GET", URL: "https://a.example/s?q=new%20york&n=1"}, mustReq(t, "GET", "https://a.example/s?n=1&q=new+york", ""), "", true},
		{"query multiset counts repeats", fixtureRequest{Method: "GET", URL: "https://a.example/s?a=1&a=1"}, mustReq(t, "GET", "https://a.example/s?a=1", ""), "", false},
		{"query with an escape that does not decode, byte-equal", fixtureRequest{Method: "GET", URL: "https://wttr.in/Seoul?format=%l:+%C&m"}, mustReq(t, "GET", "https://wttr.in/Seoul?format=%l:+%C&m", ""), "", true},
		{"query with an escape that does not decode, different", fixtureRequest{Method: "GET", URL: "https://wttr.in/Seoul?format=%l:+%C&m"}, mustReq(t, "GET", "https://wttr.in/Seoul?format=%l:+%t&m", ""), "", false},
		{"exact compares bytes", fixtureRequest{Method: "GET", URL: "https://a.example/s?q=new%20york", Exact: true}, mustReq(t, "GET", "https://a.example/s?q=new+york", ""), "", false},
		{"exact equal", fixtureRequest{Method: "GET", URL: "https://a.example/s?q=new+york", Exact: true}, mustReq(t, "GET", "https://a.example/s?q=new+york", ""), "", true},
		{"method differs", fixtureRequest{Method: "POST", URL: "https://a.example/s"}, mustReq(t, "GET", "https://a.example/s", ""), "", false},
		{"path differs", fixtureRequest{Method: "GET", URL: "https://a.example/s/"}, mustReq(t, "GET", "https://a.example/s", ""), "", false},
		{"host case ignored", fixtureRequest{Method: "GET", URL: "https://A.example/s"}, mustReq(t, "GET", "https://a.example/s", ""), "", true},
		{"listed header subset", fixtureRequest{Method: "GET", URL: "https://a.example/", Headers: []keyValue{{Key: "authorization", Value: "Bearer k"}}}, mustReq(t, "GET", "https://a.example/", "", "Authorization", "Bearer k", "Accept", "x"), "", true},
		{"listed header wrong", fixtureRequest{Method: "GET", URL: "https://a.example/", Headers: []keyValue{{Key: "Authorization", Value: "Bearer k"}}}, mustReq(t, "GET", "https://a.example/", "", "Authorization", "Bearer z"), "", false},
		{"json semantic", fixtureRequest{Method: "POST", URL: "https://a.example/", JSON: jsonFix(`{"a":1,"b":[1.0,"x"]}`), HasJSON: true}, mustReq(t, "POST", "https://a.example/", ""), `{ "b": [1, "x"], "a": 1.0 }`, true},
		{"json differs", fixtureRequest{Method: "POST", URL: "https://a.example/", JSON: jsonFix(`{"a":"1"}`), HasJSON: true}, mustReq(t, "POST", "https://a.example/", ""), `{"a":1}`, false},
		{"body exact", fixtureRequest{Method: "POST", URL: "https://a.example/", Body: "a=1", HasBody: true}, mustReq(t, "POST", "https://a.example/", ""), "a=1 ", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			why := matchRequest(&c.fix, c.req, []byte(c.body))
			if (why == "") != c.match {
				t.Errorf("match = %v (%s), want %v", why == "", why, c.match)
			}
		})
	}
}

func TestHTTPStepOrderAndMiss(t *testing.T) {
	fix := func(url string) *httpFixture {
		return &httpFixture{Node: &yaml.Node{Line: 3}, Request: fixtureRequest{Method: "GET", URL: url}, Response: &fixtureResponse{Status: 200, Body: []byte("ok")}}
	}
	h := &httpStep{fixtures: []*httpFixture{fix("https://a.example/1"), fix("https://a.example/2")}}
	client := newHTTPClient(func() *httpStep { return h })
	// Out of order: the second fixture is asked first.
	if resp, err := client.Get("https://a.example/2"); err == nil {
		_ = resp.Body.Close()
		t.Fatal("out-of-order request succeeded")
	}
	resp, err := client.Get("https://a.example/1")
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if len(h.failures) != 1 || !strings.Contains(h.failures[0].msg, "but http entry 1 (line 3) is next; requests must follow the order of the fixtures") {
		t.Errorf("failures %+v", h.failures)
	}
	if u := h.unused(); len(u) != 1 || u[0].Request.URL != "https://a.example/2" {
		t.Errorf("unused %+v", u)
	}
	// A miss shows a diff against the nearest fixture.
	if resp, err := client.Get("https://a.example/3?x=1"); err == nil {
		_ = resp.Body.Close()
		t.Fatal("unmatched request succeeded")
	}
	last := h.failures[len(h.failures)-1]
	if !strings.Contains(last.msg, "no http fixture matches the request GET https://a.example/3?x=1") || !strings.Contains(last.diff, "-GET https://a.example/2\n+GET https://a.example/3?x=1\n") {
		t.Errorf("miss: %s\n%s", last.msg, last.diff)
	}
}

// Without exact, a URL net/url cannot parse (an escape that does not
// decode, which a WHATWG URL keeps) is still compared by its parts, and
// the fragment, which fetch never sends, is not one of them.
func TestMatchURLUnparsable(t *testing.T) {
	for _, c := range []struct {
		fixture, got string
		match        bool
	}{
		{"https://x.example/p%zz?b=2&a=1", "https://x.example/p%zz?a=1&b=2#a%b", true},
		{"https://x.example/p?q=1#a%b", "https://x.example/p?q=1#", true},
		{"https://x.example/p%zz", "https://x.example/p%zy", false},
		{"https://x.example/p", "https://y.example/p#a%b", false},
	} {
		if why := matchURL(&fixtureRequest{URL: c.fixture}, c.got); (why == "") != c.match {
			t.Errorf("matchURL(%s, %s) = %q, want match %v", c.fixture, c.got, why, c.match)
		}
	}
}
