package model

import (
	"net/http"
	"testing"
)

// TestFetchRedirect: a hop to another origin (scheme, host or port) loses
// Authorization, Proxy-Authorization and Cookie, and so does every later
// hop, also back on the first origin; a same-origin hop keeps them; no
// Referer is added; more than 20 redirects fail.
func TestFetchRedirect(t *testing.T) {
	req := func(u string) *http.Request {
		r, err := http.NewRequest("GET", u, nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Header.Set("Authorization", "Bearer k")
		r.Header.Set("Cookie", "s=1")
		r.Header.Set("Referer", u)
		return r
	}
	first := req("https://api.example/a")
	first.Header.Del("Referer")
	for _, c := range []struct {
		via  []string
		next string
		keep bool
	}{
		{nil, "https://api.example:443/b", true},
		{nil, "http://api.example/b", false},
		{nil, "https://api.example:8443/b", false},
		{nil, "https://sub.api.example/b", false},
		{[]string{"https://other.example/x"}, "https://api.example/c", false},
	} {
		via := []*http.Request{first}
		for _, v := range c.via {
			via = append(via, req(v))
		}
		next := req(c.next)
		if err := FetchRedirect(next, via); err != nil {
			t.Fatal(err)
		}
		for _, h := range []string{"Authorization", "Cookie"} {
			if got := next.Header.Get(h) != ""; got != c.keep {
				t.Errorf("%v → %s: %s kept = %v, want %v", c.via, c.next, h, got, c.keep)
			}
		}
		if next.Header.Get("Referer") != "" {
			t.Errorf("%s: Referer sent", c.next)
		}
	}
	via := make([]*http.Request, 21)
	for i := range via {
		via[i] = first
	}
	if err := FetchRedirect(req("https://api.example/z"), via); err == nil {
		t.Error("21 redirects followed")
	}
}
