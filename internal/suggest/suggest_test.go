package suggest

import (
	"strings"
	"testing"
)

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"search", "serch", 1},
		{"search", "saerch", 2},
		{"kitten", "sitting", 3},
		{"café", "cafe", 1}, // characters, not bytes
		{strings.Repeat("a", 40), strings.Repeat("a", 39) + "b", 1}, // past the stack buffer
	} {
		if got := EditDistance(c.a, c.b); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := EditDistance(c.b, c.a); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d (symmetry)", c.b, c.a, got, c.want)
		}
	}
	if got := Nearest("fence-unclosd", []string{"fence-unclosed", "for-unclosed"}); got != "fence-unclosed" {
		t.Errorf("Nearest = %q", got)
	}
}

func TestNearest(t *testing.T) {
	names := []string{"fence-unclosed", "frontmatter-invalid-yaml", "no-bad"}
	for in, want := range map[string]string{
		"fence-unclosd":   "fence-unclosed",
		"fence-unclosed":  "fence-unclosed",
		"invalid-yaml":    "frontmatter-invalid-yaml",
		"no-bd":           "no-bad",
		"zzzzzzzzzzzzzzz": "",
	} {
		if got := Nearest(in, names); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", in, got, want)
		}
	}
	if got := DidYouMean("x", nil, "fallback"); got != "fallback" {
		t.Errorf("DidYouMean fallback = %q", got)
	}
	if got := DidYouMean("no-bd", names, "fallback"); got != `did you mean "no-bad"?` {
		t.Errorf("DidYouMean = %q", got)
	}
}

func TestQuoteList(t *testing.T) {
	if got := QuoteList([]string{"a", `b"c`}); got != `"a", "b\"c"` {
		t.Errorf("QuoteList = %s", got)
	}
	if got := QuoteList(nil); got != "" {
		t.Errorf("QuoteList(nil) = %q", got)
	}
}
