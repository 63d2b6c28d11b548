package sfmd

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// pairBracketsFull is pairBrackets' pass from the start of t, the one it
// was before it started at the first '['.
func pairBracketsFull(t string) []int {
	pairs := make([]int, len(t))
	for i := range pairs {
		pairs[i] = -1
	}
	var sq, pa []int
	for j := 0; j < len(t); j++ {
		switch t[j] {
		case '\\':
			j++
		case '[':
			sq = append(sq, j)
		case ']':
			if n := len(sq); n > 0 {
				pairs[sq[n-1]] = j
				sq = sq[:n-1]
			}
		case '(':
			pa = append(pa, j)
		case ')':
			if n := len(pa); n > 0 {
				pairs[pa[n-1]] = j
				pa = pa[:n-1]
			}
		}
	}
	return pairs
}

// TestPairBracketsFromFirst holds pairBrackets, which starts at the first
// '[', to a pass from the start of the line at every offset from the first
// '[' on (the ones the parser looks up), on every line of the corpora and
// generated documents and on random lines of brackets, parentheses and
// backslashes; before the first '[' match answers -1.
func TestPairBracketsFromFirst(t *testing.T) {
	var p docParser
	check := func(l string) {
		t.Helper()
		first := strings.IndexByte(l, '[')
		if first < 0 {
			return
		}
		p.pairBrackets(l, first)
		want := pairBracketsFull(l)
		for i := range len(l) + 1 {
			w := -1
			if i >= first && i < len(l) {
				w = want[i]
			}
			if got := p.match(i); got != w {
				t.Fatalf("%q: match(%d) = %d, want %d", l, i, got, w)
			}
		}
	}
	for _, l := range strictParamLines(t) {
		check(l)
	}
	r := rand.New(rand.NewPCG(21, 12))
	for range 200000 {
		b := make([]byte, r.IntN(16))
		for i := range b {
			b[i] = `[]()\\a`[r.IntN(7)]
		}
		check(string(b))
	}
}
