package rules

import (
	"strconv"
	"strings"
	"testing"
)

// TestQuoteIsStrconv holds appendQuote, quote, appendQuotedAfter and
// writeQuoted to strconv.Quote on every single byte, the bytes around
// plainQuoted's bounds, runes Quote escapes or not, and 20,000 random
// strings of them; plainQuoted's fast path must be taken by some (it
// fails with a bound moved by one or '"' or '\\' let through).
func TestQuoteIsStrconv(t *testing.T) {
	cases := randomStrings(21, 20000, "a Z~\x7f\x1f \"\\\t\n\x00\xc3\xa9\xff\x80\xe2\x80\xa8\u00a0")
	for c := range 256 {
		cases = append(cases, string(rune(c)), string([]byte{byte(c)}), "x"+string([]byte{byte(c)})+"y")
	}
	cases = append(cases, "", "act.x", "--flag", "日本", "\u2028", "\U0001F600", "a\"b", `a\b`)
	plain := 0
	for _, s := range cases {
		want := strconv.Quote(s)
		if plainQuoted(s) {
			plain++
		}
		if got := string(appendQuote([]byte("x"), s)); got != "x"+want {
			t.Errorf("appendQuote(%q) = %s, want x%s", s, got, want)
		}
		if got := quote(s); got != want {
			t.Errorf("quote(%q) = %s, want %s", s, got, want)
		}
		if got, w := string(appendQuotedAfter([]byte("x"), "--", s)), "x"+strconv.Quote("--"+s); got != w {
			t.Errorf("appendQuotedAfter(--, %q) = %s, want %s", s, got, w)
		}
		var b strings.Builder
		writeQuoted(&b, s)
		if got := b.String(); got != want {
			t.Errorf("writeQuoted(%q) = %s, want %s", s, got, want)
		}
	}
	if plain < 1000 {
		t.Errorf("only %d of %d strings took the fast path", plain, len(cases))
	}
}
