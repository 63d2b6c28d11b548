package rules

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestRefDefinitionsScan: refDefinitions reading only the lines that hold
// "]:" and finding the fence lines by their ``` or ~~~ gives the
// definitions of its reading of every line, on the rule archives,
// corpus/err, upstream, the gated documents, a generated one and
// documents made of fences (indented, after other text, of four
// characters), definitions inside and outside them and white space of
// every kind.
func TestRefDefinitionsScan(t *testing.T) {
	docs := bigDocTestDocs(t)
	pieces := []string{"```", "~~~", "````", "  ```", "\u00a0```", "\t~~~ js", "x ```", "`` `", "~~", "[a]: https://x.example", "[@b]: u", " [c]: d", "[d]:\tx",
		"[E]: y", "]:", "[f]:", "text", "", " ", "\r", "\u2028", "see [a] and [E][]", "[g]: z ```", "```[h]: w"}
	rnd := rand.New(rand.NewPCG(21, 22))
	for i := range 4000 {
		var b strings.Builder
		for k := rnd.IntN(14); k >= 0; k-- {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
			if rnd.IntN(4) > 0 {
				b.WriteByte('\n')
			}
		}
		docs["random"+strconv.Itoa(i)] = []byte(b.String())
	}
	defer func() { scanRefDefs = true }()
	found := 0
	for name, src := range docs {
		scanRefDefs = true
		got := refDefinitions(src)
		scanRefDefs = false
		want := refDefinitions(src)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s (%.300q): refDefinitions %v scanned, %v line by line", name, src, got, want)
		}
		found += len(want)
	}
	if found < 1000 {
		t.Fatalf("only %d definitions in all: the documents test little", found)
	}
}
