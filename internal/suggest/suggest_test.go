package suggest

import (
	"math/rand/v2"
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

// TestOneEdit holds OneEdit to EditDistance(a, b) == 1: on hand-picked
// pairs, on every pair of a list of names and their one- and two-edit
// variants, and on random short strings of a small alphabet (with
// non-ASCII characters and an invalid byte, which take EditDistance's
// path).
func TestOneEdit(t *testing.T) {
	check := func(a, b string) {
		t.Helper()
		if got, want := OneEdit(a, b), EditDistance(a, b) == 1; got != want {
			t.Fatalf("OneEdit(%q, %q) = %v, EditDistance %d", a, b, got, EditDistance(a, b))
		}
	}
	names := []string{"", "a", "ab", "CURRENT_URL", "CURRENT_URI", "STRING_HOME", "STRING_HOM", "SESSION_ID", "café", "cafe", "aa", "aaa", "abab", "baba"}
	var all []string
	const alpha = "ab_CU"
	for _, n := range names {
		all = append(all, n)
		for i := 0; i <= len(n); i++ {
			for _, c := range alpha {
				ins := n[:i] + string(c) + n[i:]
				all = append(all, ins)
				if i < len(n) {
					all = append(all, n[:i]+string(c)+n[i+1:], n[:i]+n[i+1:], ins[:len(ins)/2]+"x"+ins[len(ins)/2:])
				}
			}
		}
	}
	for _, a := range all {
		for _, b := range names {
			check(a, b)
			check(b, a)
		}
	}
	r := rand.New(rand.NewPCG(21, 1))
	chars := []string{"a", "b", "c", "é", "\xff"}
	word := func() string {
		var sb strings.Builder
		for n := r.IntN(6); n > 0; n-- {
			sb.WriteString(chars[r.IntN(len(chars))])
		}
		return sb.String()
	}
	for range 200000 {
		check(word(), word())
	}
}

// TestEditWithin holds EditWithin to EditDistance capped at k+1, for k
// from 0 to 3, on pairs of random strings and on strings 0 to 4 random
// edits apart (ASCII, and some non-ASCII, which EditDistance answers).
// It fails with the band one cell narrower or the early stop at a row
// whose every cell is within k.
func TestEditWithin(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 23))
	const alpha = "abcdeAB_-1"
	randomStrings := func(n int, alphabet string) []string {
		out := make([]string, n)
		for i := range out {
			b := make([]byte, r.IntN(13))
			for j := range b {
				b[j] = alphabet[r.IntN(len(alphabet))]
			}
			out[i] = string(b)
		}
		return out
	}
	words := randomStrings(4000, alpha)
	words = append(words, randomStrings(300, "ab\xc3\xa9\xe2\x84\xaa")...)
	mutate := func(s string) string {
		b := []byte(s)
		for range r.IntN(5) {
			i := r.IntN(len(b) + 1)
			switch r.IntN(3) {
			case 0:
				b = append(b[:i], append([]byte{alpha[r.IntN(len(alpha))]}, b[i:]...)...)
			case 1:
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			default:
				if i < len(b) {
					b[i] = alpha[r.IntN(len(alpha))]
				}
			}
		}
		return string(b)
	}
	near := 0
	for i, a := range words {
		for _, b := range []string{words[(i*7+3)%len(words)], mutate(a), mutate(a), strings.ToLower(a)} {
			d := EditDistance(a, b)
			if d <= 2 {
				near++
			}
			for k := range 4 {
				if got, want := EditWithin(a, b, k), min(d, k+1); got != want {
					t.Fatalf("EditWithin(%q, %q, %d) = %d, want %d", a, b, k, got, want)
				}
			}
		}
	}
	if near < 2000 {
		t.Errorf("only %d close pairs", near)
	}
}
