package sfmd

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestScanProseSkipsCommentless: scanProse's skip of the lines where no
// "<!--" starts reads what searching every line reads (DumpText of Parse
// and ParseAsRuntime), on every document of comparedDocuments and on
// random documents of comments (opened, closed, spanning lines, in code
// spans and fences, block markers, CRLF, quotes), and the corpora hold
// comments for it to find.
func TestScanProseSkipsCommentless(t *testing.T) {
	docs := comparedDocuments(t)
	pieces := []string{"<!--", "-->", "<!-- block:a -->", "<!-- /block:a -->", "<!-- x -->", "`<!--`", "``", "text ", "[link](u) ", "{x} ",
		"\n", "\n", "\r\n", "\n\n", "\n```\n", "\n> ", "\n    ", "\n- ", "<!", "--", "<", "\t"}
	r := rand.New(rand.NewPCG(14, 2))
	for i := range 3000 {
		var b strings.Builder
		for range r.IntN(30) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		docs["random/"+string(rune('a'+i%26))+strings.Repeat("x", i/26)] = []byte(b.String())
	}
	withComments := 0
	for name, src := range docs {
		for _, parse := range []func(string, []byte) *Document{Parse, ParseAsRuntime} {
			doc := parse(name, src)
			got := DumpText(doc)
			skipCommentless = false
			want := DumpText(parse(name, src))
			skipCommentless = true
			if got != want {
				t.Fatalf("%s: Parse differs with the skip:\n%s\nsearching every line:\n%s", name, got, want)
			}
			if len(doc.Markers) > 0 {
				withComments++
			}
		}
	}
	if withComments < 100 {
		t.Fatalf("%d readings hold comments, want 100 at least", withComments)
	}
}

// TestMayBeHint: a text mayBeHint turns away is one hint reads no
// invocation from (its trimmed text is no /act, /action or /tool: call),
// on random texts of invocations after every kind of white space
// (ASCII, U+0085, U+00A0, U+3000) and on every line of every document
// of comparedDocuments; and it lets through the texts that are calls.
func TestMayBeHint(t *testing.T) {
	isCall := func(s string) bool {
		c := strings.TrimSpace(s)
		_, ok := ActCallTarget(c)
		return ok || strings.HasPrefix(c, "/tool:")
	}
	check := func(s string) {
		t.Helper()
		if !mayBeHint(s) && isCall(s) {
			t.Fatalf("mayBeHint(%q) = false for a call", s)
		}
	}
	pieces := []string{" ", "\t", "\n", "\v", "\f", "\r", "\u0085", "\u00a0", "\u3000", "/act.x", "/act y", "/action.z", "/action  w", "/tool:t", "/", "a", "`", "x/act.y", "é"}
	r := rand.New(rand.NewPCG(14, 5))
	calls := 0
	for range 100000 {
		var b strings.Builder
		for range r.IntN(5) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		check(b.String())
		if isCall(b.String()) {
			calls++
		}
	}
	if calls < 1000 {
		t.Fatalf("%d random texts are calls, want 1000 at least", calls)
	}
	for _, src := range comparedDocuments(t) {
		for line := range strings.Lines(string(src)) {
			check(line)
			check(strings.TrimLeft(line, " >-*`"))
		}
	}
}
