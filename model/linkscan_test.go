package model

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/tools/txtar"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

// scanDocs are the texts a scanner that stands for a regexp is held to it
// on: the rule archives' files, corpus/err, the upstream corpus, a
// generated document, each also as the page render strips it (what the
// link step reads), and 20,000 random texts made of the characters the
// patterns turn on.
func scanDocs(t *testing.T) []string {
	t.Helper()
	docs := []string{string(benchgen.Document(256 << 10)), string(benchgen.HintDocument(64))}
	add := func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		switch filepath.Ext(p) {
		case ".md":
			docs = append(docs, string(src))
		case ".txtar":
			for _, f := range txtar.Parse(src).Files {
				docs = append(docs, string(f.Data))
			}
		}
		return nil
	}
	for _, root := range []string{filepath.Join("..", "rules", "testdata"), filepath.Join("..", "corpus", "err"), upstreamRoot(t)} {
		if err := filepath.WalkDir(root, add); err != nil {
			t.Fatal(err)
		}
	}
	if len(docs) < 400 {
		t.Fatalf("only %d documents: the paths are wrong", len(docs))
	}
	for _, d := range docs[:len(docs):len(docs)] {
		docs = append(docs, stripMarkup(stripFrontmatter(d)))
	}
	pieces := []string{"[", "]", "(", ")", "@", "[@", "](", "]()", "](@", "](x)", "a", " ", "\n", "é", "\xff", "`", "[a](b)", "](https://x.com/a)", "[]", "[@a.b_c-1", "[@x ", "][@", "][", "[a][@b]", "\u00a0", "\u2028", "\t", "\ufeff"}
	seed := uint32(7)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 20000 {
		var b strings.Builder
		for k := next() % 24; k >= 0; k-- {
			b.WriteString(pieces[next()%len(pieces)])
		}
		docs = append(docs, b.String())
	}
	return docs
}

// TestPlainLinkSpansIsRegexp: plainLinkSpans finds what reRndPlainLink
// finds, with the same groups, in a slice made at the number of "](",
// which no more matches than that fill.
func TestPlainLinkSpansIsRegexp(t *testing.T) {
	found := 0
	for _, s := range scanDocs(t) {
		want := reRndPlainLink.Re().FindAllStringSubmatchIndex(s, -1)
		var got [][]int
		spans := plainLinkSpans(s)
		for _, m := range spans {
			got = append(got, m[:])
		}
		if n := strings.Count(s, "]("); cap(spans) != n && n > 0 || len(spans) > n {
			t.Fatalf("%.300q: %d matches in a slice of room %d, %d \"](\"", s, len(spans), cap(spans), n)
		}
		found += len(want)
		if len(got) != 0 || len(want) != 0 {
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%.300q: plainLinkSpans %v, reRndPlainLink %v", s, got, want)
			}
		}
	}
	t.Logf("%d matches", found)
	if found < 1000 {
		t.Fatalf("only %d links in all: the texts test little", found)
	}
}

// TestShortcutSpansIsRegexp: shortcutSpans finds what reRndShortcut
// finds, with the same groups.
func TestShortcutSpansIsRegexp(t *testing.T) {
	found := 0
	for _, s := range scanDocs(t) {
		want := reRndShortcut.Re().FindAllStringSubmatchIndex(s, -1)
		got := shortcutSpans(s)
		found += len(want)
		if len(got) != 0 || len(want) != 0 {
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%.300q: shortcutSpans %v, reRndShortcut %v", s, got, want)
			}
		}
	}
	t.Logf("%d matches", found)
	if found < 1000 {
		t.Fatalf("only %d shortcuts in all: the texts test little", found)
	}
}

// TestReplaceSpansAllocatesItsResult: replacing matches with longer
// texts (a page's [Label][@id] invocations written out) allocates the
// result once, at its length, plus a string header a match (a builder
// sized by the page grew again: 23.8 MB for the generated 10 MB page's
// 2,850 invocations, with this test's replacement).
func TestReplaceSpansAllocatesItsResult(t *testing.T) {
	src := strings.Repeat("text [Details][@more] and [x](y)\n", 1<<15)
	spans := invokeSpans(src)
	fn := func(m []string) string { return "[@" + m[2] + " " + m[1] + "](https://example.com/a/long/path)" }
	want := replaceSubmatch(reInvoke.Re(), src, func(m []string, _ int) string { return fn(m) })
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got := replaceSpans(src, spans, fn)
	runtime.ReadMemStats(&after)
	if got != want {
		t.Fatalf("replaceSpans %.200q, replaceSubmatch %.200q", got, want)
	}
	// each replacement is allocated (48 bytes, a size class of its own;
	// the limit allows 64), and its header kept until the result is written
	if n, limit := after.TotalAlloc-before.TotalAlloc, uint64(len(got)+len(spans)*(64+16)+4<<10); n > limit {
		t.Fatalf("replaceSpans allocated %d bytes for a result of %d (%d matches): more than %d", n, len(got), len(spans), limit)
	}
}

// TestRefShortcutSpansIsRegexp: refShortcutSpans finds what the
// reference parser's reShortcut finds, with the same groups.
func TestRefShortcutSpansIsRegexp(t *testing.T) {
	found := 0
	for _, s := range scanDocs(t) {
		want := reShortcut.Re().FindAllStringSubmatchIndex(s, -1)
		got := refShortcutSpans(s)
		found += len(want)
		if (len(got) != 0 || len(want) != 0) && !reflect.DeepEqual(got, want) {
			t.Fatalf("%.300q: refShortcutSpans %v, reShortcut %v", s, got, want)
		}
	}
	if found < 1000 {
		t.Fatalf("only %d shortcuts in all: the texts test little", found)
	}
}

// TestReplaceSpansIsReplaceSubmatch: replacing the matches found once is
// replaceSubmatch's one-at-a-time search and replace.
func TestReplaceSpansIsReplaceSubmatch(t *testing.T) {
	fn := func(m []string) string { return "<" + strings.Join(m[1:], "|") + ">" }
	for _, s := range scanDocs(t) {
		for _, re := range []*lazyre.Regexp{reRndShortcut, reRndPlainLink, reRndRefLink} {
			want := replaceSubmatch(re.Re(), s, func(m []string, _ int) string { return fn(m) })
			if got := replaceSpans(s, re.Re().FindAllStringSubmatchIndex(s, -1), fn); got != want {
				t.Fatalf("%v on %.200q: replaceSpans %.200q, replaceSubmatch %.200q", re.Re(), s, got, want)
			}
		}
	}
}

// TestInvokeSpansIsRegexp: invokeSpans finds what reInvoke finds, and
// refLinkSpans what reRndRefLink finds, with the same groups.
func TestInvokeSpansIsRegexp(t *testing.T) {
	for _, c := range []struct {
		re   *lazyre.Regexp
		scan func(string) [][]int
	}{{reInvoke, invokeSpans}, {reRndRefLink, refLinkSpans}} {
		found := 0
		for _, s := range scanDocs(t) {
			want := c.re.Re().FindAllStringSubmatchIndex(s, -1)
			got := c.scan(s)
			found += len(want)
			if (len(got) != 0 || len(want) != 0) && !reflect.DeepEqual(got, want) {
				t.Fatalf("%v on %.300q: the scan %v, the regexp %v", c.re.Re(), s, got, want)
			}
		}
		t.Logf("%v: %d matches", c.re.Re(), found)
		if found < 1000 {
			t.Fatalf("%v: only %d matches in all: the texts test little", c.re.Re(), found)
		}
	}
}

// TestMarkupLineIsRegexp: markupLine is the four regexps of
// stripAimdMarkup on every trimmed line of the texts and on lines made of
// the pieces the patterns turn on.
func TestMarkupLineIsRegexp(t *testing.T) {
	var lines []string
	for _, s := range scanDocs(t) {
		for _, l := range strings.Split(s, "\n") {
			lines = append(lines, jsTrim(l))
		}
	}
	heads := []string{"<!-- #", "<!-- /", "<!-- ", "<!--", "[!menu:", "[!nav:", "[!include:", "[!requirements](", "[!requirements]", "[", "[]", "[a]:", "[]:", "[!x:", "<"}
	mids := []string{"a", "-", "_", ".", "]", "(", ")", ":", " ", "\u00a0", "\r", "\n", "\u2028", "\u2029", "é", "\xff", "x.md", "](", "#", "/", "\t"}
	tails := []string{" -->", "-->", ")", "](x)", "]()", ": x", ":  x", ": ", "", "a", "\u00a0"}
	seed := uint32(11)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 100000 {
		var b strings.Builder
		b.WriteString(heads[next()%len(heads)])
		for k := next() % 4; k > 0; k-- {
			b.WriteString(mids[next()%len(mids)])
		}
		b.WriteString(tails[next()%len(tails)])
		lines = append(lines, b.String())
	}
	found := 0
	for _, l := range lines {
		want := l != "" && (l[0] == '<' || l[0] == '[') &&
			(reBlockOpen.MatchString(l) || reBlockEnd.MatchString(l) || reRndDirective.MatchString(l) || reRndRefDef.MatchString(l))
		if want {
			found++
		}
		if got := markupLine(l); got != want {
			t.Fatalf("%q: markupLine %v, the regexps %v", l, got, want)
		}
	}
	t.Logf("%d markup lines", found)
	if found < 1000 {
		t.Fatalf("only %d markup lines: the texts test little", found)
	}
}

// TestActInfoIsRegexp: actInfo is reRndActInfo on the info string of
// every fence of the texts and on info strings built from its pieces.
func TestActInfoIsRegexp(t *testing.T) {
	var infos []string
	for _, s := range scanDocs(t) {
		for _, l := range strings.Split(s, "\n") {
			if run, rest, ok := matchFenceLine(jsTrim(l)); ok && run != "" {
				infos = append(infos, jsTrim(rest))
			}
		}
	}
	pieces := []string{"act", ".", "act.", "a", "-", "_", "response", ".response", " ", "é", "\xff", "\n", "Z9"}
	seed := uint32(13)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 50000 {
		var b strings.Builder
		for k := next() % 5; k >= 0; k-- {
			b.WriteString(pieces[next()%len(pieces)])
		}
		infos = append(infos, b.String())
	}
	found := 0
	for _, s := range infos {
		want := reRndActInfo.MatchString(s)
		if want {
			found++
		}
		if got := actInfo(s); got != want {
			t.Fatalf("%q: actInfo %v, reRndActInfo %v", s, got, want)
		}
	}
	t.Logf("%d action info strings", found)
	if found < 1000 {
		t.Fatalf("only %d action info strings: the texts test little", found)
	}
}

// TestStripMarkupRuns: stripMarkup gives the same text with the runs of
// kept lines taken as pieces of the source as with each kept line
// written on its own, on the texts of scanDocs and on documents of
// fences, act blocks, markup and text lines, with and without a final
// newline; it returns a page with nothing to strip as it is.
func TestStripMarkupRuns(t *testing.T) {
	docs := scanDocs(t)
	pieces := []string{"```", "~~~", "````", "```act.a", "```act.a.response", "```js", "  ```", "<!-- #b -->", "<!-- /b -->",
		"[!include:i](i.md)", "[!menu:m](m.md)", "[r]: https://x.example", "text", "", " ", "\r", "[@s l](u)",
		"x ` y", "`~`", "~ ~", "~~", "\u00a0```", "```` ", "~~~act.b", "\t[r]: y", "- [r]: y", "\u00a0<!-- #b -->", "#", "\x7f```"}
	seed := uint32(11)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 5000 {
		var lines []string
		for k := next() % 12; k >= 0; k-- {
			lines = append(lines, pieces[next()%len(pieces)])
		}
		docs = append(docs, strings.Join(lines, "\n"))
	}
	defer func() { joinKeptRuns = true }()
	same := 0
	for _, d := range docs {
		joinKeptRuns = true
		got := stripMarkup(d)
		joinKeptRuns = false
		want := stripMarkup(d)
		if got != want {
			t.Fatalf("%.300q: stripMarkup gives %.300q with the runs joined, %.300q line by line", d, got, want)
		}
		if got == d {
			same++
		}
	}
	if same < 100 {
		t.Fatalf("only %d texts with nothing to strip", same)
	}
	joinKeptRuns = true
	plain := "a\n\nb\n"
	if got := stripMarkup(plain); got != plain || unsafe.StringData(got) != unsafe.StringData(plain) {
		t.Fatalf("stripMarkup copied a text with nothing to strip")
	}
}

// TestSlugLabelIsRegexp: slugLabel is reRndSlugOK.MatchString, on every
// link label of scanDocs' texts and on random labels of letters, digits,
// '-', '_', white space of every kind, other punctuation and invalid
// UTF-8.
func TestSlugLabelIsRegexp(t *testing.T) {
	labels := []string{"", " ", "a", "A-b", "a_b", "é", "\xff", "\u00a0", "\u2028", "\ufeff", "\u0085"}
	for _, s := range scanDocs(t) {
		for _, m := range plainLinkSpans(s) {
			labels = append(labels, s[m[2]:m[3]])
		}
	}
	pieces := []string{"a", "Z", "0", "9", "-", "_", " ", "\t", "\n", "\u00a0", "\u3000", "\ufeff", "\u0085", "é", "\xff", "!", ".", "K"}
	rnd := rand.New(rand.NewPCG(31, 32))
	for range 20000 {
		var b strings.Builder
		for k := rnd.IntN(6); k >= 0; k-- {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		labels = append(labels, b.String())
	}
	slugs := 0
	for _, l := range labels {
		want := reRndSlugOK.MatchString(l)
		if got := slugLabel(l); got != want {
			t.Fatalf("slugLabel(%q) = %v, reRndSlugOK %v", l, got, want)
		}
		if want {
			slugs++
		}
	}
	if slugs < 1000 {
		t.Fatalf("only %d slug labels: the labels test little", slugs)
	}
}

// TestToSlugPlain: toSlug returning a plain slug as it is gives the slug
// it makes, on the labels of TestSlugLabelIsRegexp's kind.
func TestToSlugPlain(t *testing.T) {
	pieces := []string{"a", "z", "Z", "0", "9", "-", "_", " ", "\t", "\u00a0", "é", "\xff", "!", "K", "İ"}
	rnd := rand.New(rand.NewPCG(33, 34))
	defer func() { plainSlugs = true }()
	plain := 0
	for range 20000 {
		var b strings.Builder
		for k := rnd.IntN(6); k >= 0; k-- {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		l := b.String()
		plainSlugs = true
		got := toSlug(l)
		plainSlugs = false
		want := toSlug(l)
		if got != want {
			t.Fatalf("toSlug(%q) = %q with plain slugs as they are, %q made", l, got, want)
		}
		if isPlainSlug(l) {
			plain++
		}
	}
	if plain < 1000 {
		t.Fatalf("only %d plain slugs: the labels test little", plain)
	}
}

// TestBlockIDBytes: blockIDBytes marks exactly the bytes of the
// regexps' class [a-zA-Z0-9_-].
func TestBlockIDBytes(t *testing.T) {
	class := regexp.MustCompile(`^[a-zA-Z0-9_-]$`)
	for c := range 256 {
		if got, want := blockIDBytes[c], class.Match([]byte{byte(c)}); got != want {
			t.Errorf("byte %#x: blockIDBytes %v, [a-zA-Z0-9_-] %v", c, got, want)
		}
	}
}

// TestASCIISlug: asciiSlug is toSlugRunes on ASCII labels of letters in
// either case, digits, the kept punctuation, dropped punctuation and
// every kind of ASCII white space, and declines any other label.
func TestASCIISlug(t *testing.T) {
	pieces := []string{"a", "z", "Z", "A", "0", "9", "-", "_", " ", "  ", "\t", "\n", "\v", "\f", "\r", "!", ".", "[", "`", "@", "\x7f", "\x00", "K"}
	rnd := rand.New(rand.NewPCG(35, 36))
	for range 30000 {
		var b strings.Builder
		for k := rnd.IntN(8); k >= 0; k-- {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		l := b.String()
		got, ok := asciiSlug(l)
		if want := toSlugRunes(l); !ok || got != want {
			t.Fatalf("asciiSlug(%q) = %q %v, want %q", l, got, ok, want)
		}
	}
	for _, l := range []string{"é", "a\u00a0b", "İ", "\xff"} {
		if _, ok := asciiSlug(l); ok {
			t.Fatalf("asciiSlug(%q) took a label past ASCII", l)
		}
	}
}
