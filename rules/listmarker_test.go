package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTrimListMarkerIsRegexp: trimListMarker is
// listMarkerRe.ReplaceAllString(s, "") on every line of the archives,
// corpus/err, the upstream corpus and generated documents, on the cases
// given and on random lines over the bytes the pattern reads.
func TestTrimListMarkerIsRegexp(t *testing.T) {
	cases := []string{"", "-", "- ", "-x", "- x", "  * x", "+\tx", "1. x", "12) x", "1.x", "1 x", ".", "1.", "1. ", "a. x", "\v- x",
		"\f-\fx", "\r- \r", "- \n x", " \t 3)  \t y", "-- x", "* * x", "é- x", "- é", "1) ", "0)\n"}
	for _, src := range scannerDocs(t) {
		cases = append(cases, strings.Split(string(src), "\n")...)
	}
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []string{" ", "\t", "\n", "\v", "\f", "\r", "-", "*", "+", "1", "9", ".", ")", "x", "é", "#", "[", "\xff"}
	for range 50000 {
		var b strings.Builder
		for range r.IntN(7) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	trimmed := 0
	for _, c := range cases {
		want := listMarkerRe.ReplaceAllString(c, "")
		if got := trimListMarker(c); got != want {
			t.Errorf("%q: trimListMarker %q, listMarkerRe %q", c, got, want)
		}
		if want != c {
			trimmed++
		}
	}
	if trimmed < 100 {
		t.Fatalf("only %d lines with a list marker: the cases test little", trimmed)
	}
}
