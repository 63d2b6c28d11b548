package sfmd

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// The hand-written scanners in scan.go replace regular expressions on hot
// paths; these tests hold them to exactly what the expressions matched.

var (
	forArgsRe = regexp.MustCompile(`^(\S+)[ \t]+in[ \t]+(\S+)[ \t]*$`)
	refDefRe  = regexp.MustCompile(`^\[@([^\]\s]*)\]:[ \t]*(\S*)`)
)

// scanSamples returns fixed cases plus random strings over an alphabet
// that hits every branch (spaces, tabs, \r, \f, "in", brackets, UTF-8 and
// invalid bytes).
func scanSamples(n int) []string {
	out := []string{
		"", "item in Response.body.items", "item  in\tx", "item in x \t", "item in x y", "in in in",
		"item in", "item in ", "item inx y", "item\rin x", "item in x\r", "a\fin b", "é in ü", "\xff in \xfe",
		"[@id]: https://x", "[@id]:https://x rest", "[@]:", "[@a b]: x", "[@a]x", "[@a\t]: x", "[@a]:\t\ty\rz",
		"[@é]: ü", "[@\xff]: \xfe", "[@a]]: x", "[@a]: ", "x[@a]: y",
	}
	alphabet := []string{"a", "b", "in", " ", "\t", "\r", "\f", "\n", "[@", "]", ":", "]:", "é", "\xff", "."}
	r := rand.New(rand.NewPCG(1, 2))
	for range n {
		var b strings.Builder
		if r.IntN(2) == 0 {
			b.WriteString("[@")
		}
		for range r.IntN(10) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		out = append(out, b.String())
	}
	return out
}

func checkForArgs(t *testing.T, s string) {
	t.Helper()
	item, path, ok := forArgs(s)
	m := forArgsRe.FindStringSubmatchIndex(s)
	if ok != (m != nil) {
		t.Fatalf("forArgs(%q) ok = %v, regexp matched = %v", s, ok, m != nil)
	}
	if ok && (item != [2]int{m[2], m[3]} || path != [2]int{m[4], m[5]}) {
		t.Fatalf("forArgs(%q) = %v %v, regexp %v", s, item, path, m)
	}
}

func checkRefDef(t *testing.T, s string) {
	t.Helper()
	id, url, ok := refDef(s)
	m := refDefRe.FindStringSubmatchIndex(s)
	if ok != (m != nil) {
		t.Fatalf("refDef(%q) ok = %v, regexp matched = %v", s, ok, m != nil)
	}
	if ok && (id != [2]int{m[2], m[3]} || url != [2]int{m[4], m[5]} || url[1] != m[1]) {
		t.Fatalf("refDef(%q) = %v %v, regexp %v", s, id, url, m)
	}
}

func TestScannersMatchRegexps(t *testing.T) {
	for _, s := range scanSamples(20000) {
		checkForArgs(t, s)
		checkRefDef(t, s)
	}
}

func FuzzScanners(f *testing.F) {
	for _, s := range scanSamples(0) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkForArgs(t, s)
		checkRefDef(t, s)
		if got, want := isASCII([]byte(s)), !strings.ContainsFunc(s, func(r rune) bool { return r >= utf8.RuneSelf }); got != want {
			t.Fatalf("isASCII(%q) = %v", s, got)
		}
	})
}

func TestIsASCII(t *testing.T) {
	for _, s := range []string{"", "a", "abcdefgh", "abcdefghi", "abcdefg\x80", "\x80bcdefghijk", "abcdefghijklmno\xff", "ü"} {
		want := true
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				want = false
			}
		}
		if got := isASCII([]byte(s)); got != want {
			t.Errorf("isASCII(%q) = %v, want %v", s, got, want)
		}
	}
}

// naivePos is the definition of Pos: line = 1 + newlines before offset,
// column = 1 + characters since the line start (after a BOM on line 1),
// invalid bytes counting one each.
func naivePos(src []byte, off int) Pos {
	off = max(0, min(off, len(src)))
	line, ls := 1, 0
	for i := 0; i < off; i++ {
		if src[i] == '\n' {
			line++
			ls = i + 1
		}
	}
	if line == 1 && len(src) >= 3 && string(src[:3]) == "\uFEFF" {
		if off < 3 {
			return at(off, 1, 1)
		}
		ls = 3
	}
	return at(off, line, 1+runeCount(src[ls:off]))
}

// TestSpanFastPaths checks Span, Pos and spanOnLine, whose ASCII and
// same-line shortcuts skip the general lookup, against naivePos on sources
// with and without non-ASCII text, CRLF and a BOM, in forward, backward
// and random order.
func TestSpanFastPaths(t *testing.T) {
	srcs := []string{
		"", "a", "abc\ndef\n", "abc\r\nd\n\nxyz", "\uFEFFab\ncd", "é\nab\nü c\n\xff\xfe\n", "one line only",
		"---\nname: x\n---\n\n```act.x\nGET https://x/{y}\n  q: string\n```\n",
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		var b strings.Builder
		for range r.IntN(200) {
			b.WriteString([]string{"a", "b", "\n", "\r\n", " ", "é", "\xff"}[r.IntN(7)])
		}
		srcs = append(srcs, b.String())
	}
	// valid UTF-8 (runeCountValid counts its columns), and long sources
	// whose lookups jump many lines ahead (lineAfter gallops)
	for n := range 20 {
		var b strings.Builder
		for range r.IntN(200) + 100*n {
			b.WriteString([]string{"a", "bc", "\n", "\r\n", " ", "é", "€", "😀", "\n\n"}[r.IntN(9)])
		}
		srcs = append(srcs, b.String())
	}
	for _, s := range srcs {
		src := []byte(s)
		want := func(a, b int) Span {
			if b < a {
				b = a
			}
			return Span{Start: naivePos(src, a), End: naivePos(src, b)}
		}
		li := NewLineIndex(src)
		var offs []int
		for i := -1; i <= len(src)+1; i++ {
			offs = append(offs, i)
		}
		for i := len(src) + 1; i >= -1; i-- {
			offs = append(offs, i)
		}
		for range 200 {
			offs = append(offs, r.IntN(len(src)+3)-1)
		}
		for i, step := 0, 1; i <= len(src); i, step = i+step, step%97+1 {
			offs = append(offs, i)
		}
		for k, a := range offs {
			b := offs[(k*7+3)%len(offs)]
			if a <= b && b-a > 8 {
				b = a + (b-a)%8 // mostly short spans, as in the AST
			}
			if got, w := li.Span(a, b), want(a, b); got != w {
				t.Fatalf("%q: Span(%d, %d) = %v, want %v", s, a, b, got, w)
			}
			if a >= 0 && a <= len(src) {
				n := int(naivePos(src, a).Line)
				if got, w := li.spanOnLine(n, a, b), want(a, b); b <= len(src) && got != w {
					t.Fatalf("%q: spanOnLine(%d, %d, %d) = %v, want %v", s, n, a, b, got, w)
				}
				if got, w := li.posOnLine(n, a), naivePos(src, a); got != w {
					t.Fatalf("%q: posOnLine(%d, %d) = %v, want %v", s, n, a, got, w)
				}
			}
		}
	}
}

// TestRuneCountValid holds runeCountValid to runeCount on valid UTF-8
// between character boundaries.
func TestRuneCountValid(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		var b strings.Builder
		for range r.IntN(40) {
			b.WriteString([]string{"a", "é", "€", "😀", "\n", "\u0800", "\u07ff", "\U0010FFFF"}[r.IntN(8)])
		}
		src := []byte(b.String())
		var bounds []int
		for i := range len(src) + 1 {
			if i == len(src) || utf8.RuneStart(src[i]) {
				bounds = append(bounds, i)
			}
		}
		i := bounds[r.IntN(len(bounds))]
		j := bounds[r.IntN(len(bounds))]
		if i > j {
			i, j = j, i
		}
		if got, want := runeCountValid(src[i:j]), runeCount(src[i:j]); got != want {
			t.Fatalf("runeCountValid(%q) = %d, want %d", src[i:j], got, want)
		}
	}
}

// TestIndexInline holds indexInline to a byte-by-byte search, on random
// strings dense and sparse in the bytes it finds and in their neighbours
// ('Z'+1 == '[', '#'+1 == '$', 'z'+1 == '{', and bytes whose subtraction
// borrows).
func TestIndexInline(t *testing.T) {
	naive := func(s string, i int) int {
		for ; i < len(s); i++ {
			if c := s[i]; c == '[' || c == '$' || c == '{' {
				return i
			}
		}
		return len(s)
	}
	r := rand.New(rand.NewPCG(7, 8))
	alphabet := []byte("[${Z#z\x00\x01\x80\xff\\]} a\n")
	for n := range 5000 {
		b := randomScanBytes(r, n%2 == 0, alphabet)
		s := string(b)
		for i := 0; i <= len(s); i++ {
			if got, want := indexInline(s, i), naive(s, i); got != want {
				t.Fatalf("indexInline(%q, %d) = %d, want %d", s, i, got, want)
			}
		}
	}
}

// TestIndexCodeSpecial holds indexCodeSpecial to a byte-by-byte search
// of inlineSpecial, on random bytes dense and sparse in the bytes it
// finds and in their neighbours ('_'+1 == '`', ';'+1 == '<', '['+1 ==
// '\\', '\t'+1 == '\n', and bytes whose subtraction borrows), and on the
// lines of every document of comparedDocuments.
func TestIndexCodeSpecial(t *testing.T) {
	naive := func(b []byte, i int) int {
		for ; i < len(b) && !inlineSpecial[b[i]]; i++ {
		}
		return i
	}
	check := func(b []byte) {
		for i := 0; i <= len(b); i++ {
			if got, want := indexCodeSpecial(b, i), naive(b, i); got != want {
				t.Fatalf("indexCodeSpecial(%q, %d) = %d, want %d", b, i, got, want)
			}
		}
	}
	r := rand.New(rand.NewPCG(14, 3))
	alphabet := []byte("`<\\\n_;[\t\x00\x01\x80\xff\xe0\xdc a=>]")
	for n := range 5000 {
		b := randomScanBytes(r, n%2 == 0, alphabet)
		check(b)
	}
	for _, src := range comparedDocuments(t) {
		for line := range bytes.Lines(src) {
			check(line)
		}
	}
}

// TestIndexBracket holds indexBracket to a byte-by-byte search, on
// random strings dense and sparse in the bytes it finds and in their
// neighbours (the other byte of each low-bit pair: '(' ')', '\\' ']', and
// '[' ']' ^ 1, 'Z', '*', and bytes whose subtraction borrows), and on the
// lines of every document of comparedDocuments.
func TestIndexBracket(t *testing.T) {
	naive := func(s string, i int) int {
		for ; i < len(s); i++ {
			if strings.IndexByte("\\[]()", s[i]) >= 0 {
				return i
			}
		}
		return i
	}
	check := func(s string) {
		for i := 0; i <= len(s)+1; i++ {
			if got, want := indexBracket(s, i), naive(s, i); got != want {
				t.Fatalf("indexBracket(%q, %d) = %d, want %d", s, i, got, want)
			}
		}
	}
	r := rand.New(rand.NewPCG(14, 4))
	alphabet := []byte("\\[]()*+Z^\x00\x01\x80\xff\xa8\xdd a\n")
	for n := range 5000 {
		b := randomScanBytes(r, n%2 == 0, alphabet)
		check(string(b))
	}
	for _, src := range comparedDocuments(t) {
		for line := range bytes.Lines(src) {
			check(string(line))
		}
	}
}

// TestRefsNeedDollarOrBrace: refs returns nothing for a text without '$'
// or '{' without reading it, which holds only while appendRefs finds no
// reference in such a text; random texts of every other byte check it.
func TestRefsNeedDollarOrBrace(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var alphabet []byte
	for c := range 256 {
		if c != '$' && c != '{' {
			alphabet = append(alphabet, byte(c))
		}
	}
	for range 3000 {
		b := make([]byte, r.IntN(30))
		for k := range b {
			b[k] = alphabet[r.IntN(len(alphabet))]
		}
		p := &docParser{src: b, li: NewLineIndex(b)}
		for ctx := refsURL; ctx <= refsHint; ctx++ {
			if refs := p.appendRefs(nil, string(b), 0, ctx); len(refs) != 0 {
				t.Fatalf("appendRefs(%q, %d) = %d references, refs skips such texts", b, ctx, len(refs))
			}
		}
	}
}

// TestTrimBlank holds trimBlankLeft and trimBlankRight to
// strings.TrimLeft and strings.TrimRight with the cutset " \t".
func TestTrimBlank(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	alphabet := []string{" ", "\t", "a", "\r", "\n", "\v", "\u00a0", "\xff"}
	for range 5000 {
		var b strings.Builder
		for range r.IntN(10) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		s := b.String()
		if got, want := trimBlankLeft(s), strings.TrimLeft(s, " \t"); got != want {
			t.Fatalf("trimBlankLeft(%q) = %q, want %q", s, got, want)
		}
		if got, want := trimBlankRight(s), strings.TrimRight(s, " \t"); got != want {
			t.Fatalf("trimBlankRight(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestContainsByteOf holds containsByteOf to strings.ContainsAny for the
// parse's sets, random ASCII sets, and every byte against every ASCII
// byte (a set of one).
func TestContainsByteOf(t *testing.T) {
	sets := []struct {
		chars string
		set   *byteSet
	}{
		{" \t\r\n", markerIDStop}, {" \t\"':,", refNameStop}, {" \t\"':,{}()=", tokenRefStop},
		{"\"':,{}()=", placeholdStop}, {"", newByteSet("")}, {"a", newByteSet("a")},
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 50 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(utf8.RuneSelf))
		}
		sets = append(sets, struct {
			chars string
			set   *byteSet
		}{string(b), newByteSet(string(b))})
	}
	samples := scanSamples(2000)
	for c := range 256 {
		samples = append(samples, string([]byte{byte(c)}), "ab"+string([]byte{byte(c)}))
	}
	for _, s := range samples {
		for _, set := range sets {
			if got, want := containsByteOf(s, set.set), strings.ContainsAny(s, set.chars); got != want {
				t.Fatalf("containsByteOf(%q, %q) = %v, want %v", s, set.chars, got, want)
			}
		}
	}
	for c := range utf8.RuneSelf {
		set := newByteSet(string([]byte{byte(c)}))
		for d := range 256 {
			if got := set.has(byte(d)); got != (c == d) {
				t.Fatalf("newByteSet(%q).has(%q) = %v", rune(c), rune(d), got)
			}
		}
	}
}

// TestScanDollarMatchesRuntime holds the one $NAME scanner to the
// runtime's pattern (helpers.ts resolveEnvVars, \$([a-zA-Z_]\w*)), apart
// from the invalid names it reads too ($2TOKEN).
func TestScanDollarMatchesRuntime(t *testing.T) {
	re := regexp.MustCompile(`^\$[a-zA-Z_]\w*`)
	for _, s := range []string{"$X", "$x_1 y", "$_X", "$", "$5", "$5x", "$2TOKEN", "$@", "$(", "$é", "$A-B", "$$X"} {
		end, invalid := ScanDollar(s, 0)
		want := len(re.FindString(s))
		switch {
		case invalid && (want != 0 || end == 0):
			t.Errorf("%q: invalid up to %d, the runtime reads %d", s, end, want)
		case !invalid && end != want:
			t.Errorf("%q: ScanDollar ends at %d, the runtime's pattern at %d", s, end, want)
		}
	}
	if end, invalid := ScanDollar("$2TOKEN", 0); end != 7 || !invalid {
		t.Errorf("$2TOKEN: %d, %v", end, invalid)
	}
}

// TestDollarRefs checks the rescan of a text the parser does not read.
func TestDollarRefs(t *testing.T) {
	src := "[x](https://a.example/?k=$KEY&u=$_U&p=$$P&e=\\$E&n=$2N)\n"
	d := Parse("d.md", []byte(src))
	dest := d.Links[0]
	var got []string
	for _, r := range d.DollarRefs(dest.Dest, dest.DestSpan) {
		got = append(got, r.Raw+"@"+strconv.Itoa(r.Span.Start.Off()))
	}
	if want := "[$KEY@25 $_U@32]"; fmt.Sprint(got) != want {
		t.Errorf("DollarRefs = %v, want %s", got, want)
	}
	if refs := d.DollarRefs("other", dest.DestSpan); refs != nil {
		t.Errorf("a text not at its span: %v", refs)
	}
}

// TestIndexEither holds indexEither to a byte-by-byte search, for the
// pairs of bytes the parser asks for and their neighbours, on random
// strings dense and sparse in them and in bytes whose subtraction borrows.
func TestIndexEither(t *testing.T) {
	naive := func(s string, a, b byte) int {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c == a || c == b {
				return i
			}
		}
		return -1
	}
	r := rand.New(rand.NewPCG(21, 12))
	pairs := [][2]byte{{'{', '}'}, {' ', '\t'}, {'.', '['}, {'$', '{'}, {0, 0x80}, {0xff, 1}}
	for n := range 20000 {
		p := pairs[n%len(pairs)]
		alphabet := []byte{p[0], p[1], p[0] - 1, p[0] + 1, p[1] - 1, p[1] + 1, 0, 1, 0x80, 0xff, 'a', '"'}
		b := randomScanBytes(r, n%2 == 0, alphabet)
		for i := 0; i <= len(b); i++ {
			s := string(b[i:])
			if got, want := indexEither(s, p[0], p[1]), naive(s, p[0], p[1]); got != want {
				t.Fatalf("indexEither(%q, %q, %q) = %d, want %d", s, p[0], p[1], got, want)
			}
		}
	}
}

// randomScanBytes returns up to 39 random bytes for the scanner tests:
// with dense, seven in eight of them lowercase letters and the others
// from alphabet; else all from alphabet.
func randomScanBytes(r *rand.Rand, dense bool, alphabet []byte) []byte {
	b := make([]byte, r.IntN(40))
	for k := range b {
		if dense && r.IntN(8) != 0 {
			b[k] = 'a' + byte(r.IntN(26))
		} else {
			b[k] = alphabet[r.IntN(len(alphabet))]
		}
	}
	return b
}

// TestCountUpTo holds countUpTo to min(bytes.Count, limit) on every
// compared document and on random strings of '<', '!', '-' and 'a', for
// separators that can overlap themselves too.
func TestCountUpTo(t *testing.T) {
	docs := comparedDocuments(t)
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 2000 {
		b := make([]byte, rng.IntN(40))
		for k := range b {
			b[k] = "<!-a"[rng.IntN(4)]
		}
		docs[fmt.Sprintf("random %d", i)] = b
	}
	for name, src := range docs {
		for _, sep := range []string{"<!--", "--", "a"} {
			for _, limit := range []int{0, 1, 3, maxReserve} {
				want := min(bytes.Count(src, []byte(sep)), limit)
				if got := countUpTo(src, []byte(sep), limit); got != want {
					t.Fatalf("%s: countUpTo(%q, %d) = %d, want %d", name, sep, limit, got, want)
				}
			}
		}
	}
}

// TestLineStarts holds lineStarts to a search for each '\n' from the last
// line start and to isASCII, on every length up to 40 of bytes around
// '\n' (the bytes a borrow from a '\n' would mark: 0x0B, and those one
// bit from it), random bytes and the corpora.
func TestLineStarts(t *testing.T) {
	want := func(src []byte) ([]int, bool) {
		starts := []int{0}
		for i := 0; i < len(src); {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			starts = append(starts, i)
		}
		return starts, isASCII(src)
	}
	check := func(src []byte) {
		t.Helper()
		got, ascii := lineStarts(src, make([]int, 1, 1+bytes.Count(src, []byte{'\n'})))
		w, wascii := want(src)
		if fmt.Sprint(got) != fmt.Sprint(w) || ascii != wascii {
			t.Fatalf("lineStarts(%q) = %v %v, want %v %v", src, got, ascii, w, wascii)
		}
	}
	alphabet := []byte{'\n', '\n', 0x0B, 0x0B, 0x09, 0x08, 0x8A, 0x0E, 'a', ' ', 0xFF, 0x7F, 0x80, 0x00, '\r'}
	r := rand.New(rand.NewPCG(7, 8))
	for n := range 41 {
		for range 200 {
			b := make([]byte, n)
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			check(b)
			for i := range b {
				b[i] = byte(r.IntN(256))
			}
			check(b)
		}
	}
	for _, doc := range comparedDocuments(t) {
		check(doc)
	}
}
