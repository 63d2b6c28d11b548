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
