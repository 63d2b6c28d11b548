package sfmd

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// tokenizeArgsCopying is TokenizeArgs as it was written first, every
// token's text copied through a strings.Builder: the reference that
// TestTokenizeArgsSubstrings holds TokenizeArgs to.
func tokenizeArgsCopying(args string) []ArgToken {
	var out []ArgToken
	var cur strings.Builder
	var quote byte
	start, quoted, open := 0, false, false
	flush := func(end int) {
		if cur.Len() > 0 {
			out = append(out, ArgToken{Text: cur.String(), Start: start, End: end, Quoted: quoted})
		}
		cur.Reset()
		quoted, open = false, false
	}
	for i := 0; i < len(args); i++ {
		c := args[i]
		if !open && (quote != 0 || (c != ' ' && c != '\t')) {
			start, open = i, true
		}
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '"' || c == '\'':
			quote, quoted = c, true
		case c == ' ' || c == '\t':
			flush(i)
		default:
			cur.WriteByte(c)
		}
	}
	flush(len(args))
	return out
}

// TestTokenizeArgsSubstrings: TokenizeArgs, which copies only the tokens
// a quote splits, gives exactly the tokens of the copying reference, on
// random argument strings of the characters that decide tokens (and no
// more room than maxArgTokens reserves), and allocates nothing but its
// slice for unquoted arguments.
func TestTokenizeArgsSubstrings(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	pieces := []string{"a", "bc", "\"", "'", " ", "\t", "\n", "é", "-f", "x=1", "\"\"", "''"}
	for range 200000 {
		var b strings.Builder
		for range r.Intn(12) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		args := b.String()
		got, want := TokenizeArgs(args), tokenizeArgsCopying(args)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("TokenizeArgs(%q) = %#v, want %#v", args, got, want)
		}
		if len(got) > 0 && cap(got) != maxArgTokens(args) {
			t.Fatalf("TokenizeArgs(%q): room for %d tokens, maxArgTokens %d", args, cap(got), maxArgTokens(args))
		}
	}
	args := "--name value -f x=1 y"
	if n := testing.AllocsPerRun(100, func() { TokenizeArgs(args) }); n > 1 {
		t.Errorf("TokenizeArgs(%q): %.0f allocations, want 1 (the slice)", args, n)
	}
}
