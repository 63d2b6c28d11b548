package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/suggest"
)

// patternInputs are every string of up to three bytes over an alphabet
// holding each class's edges, a byte beside each edge, non-ASCII and
// invalid UTF-8, plus some longer names.
func patternInputs() []string {
	alphabet := []string{"", "1", "e", "E", "+", "a", "z", "A", "Z", "0", "9", "_", "-", "$", ".", "!", "`", "~", " ", "\t", "@", "[", "{", "/", ":", "é", "\xff", "ſ", "K"}
	var out []string
	for _, a := range alphabet {
		for _, b := range alphabet {
			for _, c := range alphabet {
				out = append(out, a+b+c)
			}
		}
	}
	return append(out, "1.5e+10", "-.5", ".e1", "+1.E-3", "1e+", "12.34.5", "-", "+.", "1.5e", "007", "api_key", "API-Key", "x-request-id", "$HOME/x $1 $$Y \\$Z $a_b-c", "a$", "$", "$$", "$_x$9y$Ab")
}

// TestIDPatternsMatchRegexps: the byte scans answer exactly what the
// regular expressions they replaced answered.
func TestIDPatternsMatchRegexps(t *testing.T) {
	for _, tc := range []struct {
		p  idPattern
		re string
	}{
		{actionIDShape, `^[a-z][a-z0-9_-]*$`},
		{hyphenIDShape, `^[a-z][a-z0-9-]*$`},
		{sessionVarShape, `^[a-z][a-z0-9_]*$`},
		{persistentShape, `^[A-Za-z][A-Za-z0-9_]*$`},
		{paramNameShape, `^[A-Za-z_][A-Za-z0-9_]*$`},
		{headerNameShape, "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"},
		{hintIDShape, `^[A-Za-z0-9_-]+$`},
		{packageNameShape, `^[a-zA-Z0-9_-]+$`},
		{fmNameShape, `^[a-zA-Z0-9_-]+$`},
		{slugLabelShape, `^[A-Za-z0-9 \t-]+$`},
	} {
		re := regexp.MustCompile(tc.re)
		for _, s := range patternInputs() {
			if got, want := tc.p.Matches(s), re.MatchString(s); got != want {
				t.Errorf("%s: MatchString(%q) = %v, the regexp says %v", tc.re, s, got, want)
			}
		}
	}
}

func TestNumberPatternMatchesRegexp(t *testing.T) {
	re := regexp.MustCompile(`^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$`)
	for _, s := range patternInputs() {
		if got, want := numberShape.Matches(s), re.MatchString(s); got != want {
			t.Errorf("numberShape.Matches(%q) = %v, the regexp says %v", s, got, want)
		}
	}
}

// TestBoundParseAgreesWithSscan: param-bound-invalid reads bounds with
// strconv.ParseFloat where it used fmt.Sscan.
func TestBoundParseAgreesWithSscan(t *testing.T) {
	for _, s := range append(patternInputs(), "1e999", "-1e999", "1e-999", "1.e5", "+.5E+2", "0007.50") {
		if !numberShape.Matches(s) {
			continue
		}
		var want float64
		_, werr := fmt.Sscan(s, &want)
		got, err := strconv.ParseFloat(s, 64)
		if (err == nil) != (werr == nil) || (err == nil && got != want) {
			t.Errorf("%q: ParseFloat = %v, %v; Sscan = %v, %v", s, got, err, want, werr)
		}
	}
}

func TestActInfoPatternMatchesRegexp(t *testing.T) {
	re := regexp.MustCompile(`^act\.[^.\s]+(\.response)?$`)
	for _, s := range append(patternInputs(), "x.response", ".response", "x.y.response", "response", "x.responsex", "x .response", "x\f", "é\xff.response", "x.response.response") {
		for _, in := range []string{s, "act." + s, "act:" + s} {
			if got, want := actInfoRe.MatchString(in), re.MatchString(in); got != want {
				t.Errorf("actInfoRe.MatchString(%q) = %v, the regexp says %v", in, got, want)
			}
		}
	}
}

// TestHTTPClientSuffix: every word httpClientRe matches passes the
// suffix pre-check header-on-cli runs first.
func TestHTTPClientSuffix(t *testing.T) {
	for _, s := range append(patternInputs(), "curl", "/usr/bin/curl", "HTTP=$(curl", "|wget", "xh", "(httpie", "https", "curlx", "ncurl", "-H") {
		for _, in := range []string{s, s + "curl", "|" + s, s + "/https"} {
			if httpClientRe.MatchString(in) && !httpClientSuffix(in) {
				t.Errorf("httpClientRe matches %q but httpClientSuffix says no", in)
			}
		}
	}
}

// TestNearestTies: nearest picks the smallest distance and, among equal
// distances, the first candidate in sorted order, whatever the order
// it is given.
func TestNearestTies(t *testing.T) {
	cands := []string{"zeta", "beta", "Beta", "", "meta", "abcdefghijklmnopqrstuvwxyz0123456789"}
	for _, name := range []string{"eta", "xeta", "bet", "", "abcdefghijklmnopqrstuvwxyz012345678", "Zeta"} {
		// the previous implementation: sort a copy, keep the first minimum
		sorted := append([]string(nil), cands...)
		slices.Sort(sorted)
		want, bestD := "", 1<<30
		for _, c := range sorted {
			if c == name {
				continue
			}
			if d := suggest.EditDistance(strings.ToLower(name), strings.ToLower(c)); d < bestD {
				want, bestD = c, d
			}
		}
		if limit := map[bool]int{true: 1, false: 2}[len(name) <= 4]; bestD > limit {
			want = ""
		}
		for i := range cands {
			rot := append(append([]string(nil), cands[i:]...), cands[:i]...)
			if got := nearest(name, rot); got != want {
				t.Errorf("nearest(%q, %q) = %q, in sorted order %q", name, rot, got, want)
			}
		}
	}
	if d := suggest.EditDistance("abcdefghijklmnopqrstuvwxyz0123456789", "abcdefghijklmnopqrstuvwxyz012345678x"); d != 1 {
		t.Errorf("levenshtein of long words = %d, want 1", d)
	}
}

// TestWriteQuotedIsQuote: writeQuoted writes what strconv.Quote returns,
// for every pattern input (printable ASCII, '"', '\\', control bytes,
// non-ASCII, invalid UTF-8).
func TestWriteQuotedIsQuote(t *testing.T) {
	for _, s := range append(patternInputs(), "a\"b", `a\b`, "a\x7fb", "tab\there", "é", "\u2028", "undef1") {
		var b strings.Builder
		writeQuoted(&b, s)
		if got, want := b.String(), strconv.Quote(s); got != want {
			t.Errorf("writeQuoted(%q) = %s, strconv.Quote %s", s, got, want)
		}
	}
}
