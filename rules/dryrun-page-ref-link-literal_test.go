package rules

import (
	"bytes"
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

// TestAddRefDefinitionIsRegexp: addRefDefinition, which passes over a
// line whose first "[" past white space is followed by '@' or '!'
// without the regexp, adds what reRefDefLine alone adds, on every line
// holding "]:" of TestRefDefinitionsScan's documents and on 20,000
// random lines of white space, brackets and labels.
func TestAddRefDefinitionIsRegexp(t *testing.T) {
	var lines [][]byte
	for _, src := range bigDocTestDocs(t) {
		for line := range bytes.SplitSeq(src, []byte("\n")) {
			if bytes.Contains(line, []byte("]:")) {
				lines = append(lines, line)
			}
		}
	}
	// lines of white space, "[", a label, "]:" and what follows, each
	// part drawn from its own pieces
	parts := [][]string{
		{"", " ", "  ", "   ", "    ", "\t", "\u00a0", " \t", "\u2028", "x"},
		{"[", "[", "[[", "]["},
		{"@", "!", "a", "B", "", " ", "[", "]", "@@", "é"},
		{"", "x", "y z", "]", "[", "!", "\r"},
		{"]:", "]:", "] :", "]]:"},
		{"", " ", "\t", "\u00a0"},
		{"", "u", "https://x.example", "]: v", " "},
	}
	rnd := rand.New(rand.NewPCG(41, 42))
	for range 20000 {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p[rnd.IntN(len(p))])
		}
		lines = append(lines, []byte(b.String()))
	}
	skipped, added := 0, 0
	for _, line := range lines {
		got, want := map[string]string{}, map[string]string{}
		addRefDefinition(got, line)
		if m := reRefDefLine.FindStringSubmatch(string(line)); m != nil && !strings.HasPrefix(m[1], "@") && !strings.HasPrefix(m[1], "!") {
			if k := normalizeLabel(m[1]); k != "" {
				want[k] = m[1]
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: addRefDefinition adds %v, reRefDefLine %v", line, got, want)
		}
		added += len(want)
		if t := bytes.TrimSpace(line); len(t) > 1 && t[0] == '[' && (t[1] == '@' || t[1] == '!') {
			skipped++
		}
	}
	if added < 300 || skipped < 1000 {
		t.Fatalf("%d lines define, %d lines are passed over: the lines test little", added, skipped)
	}
}
