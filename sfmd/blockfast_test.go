package sfmd

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// blockReading is what sfmd reads from the block structure of src: the
// nodes collectTree lists (kind, position, info string and every line
// segment) and the code spans read by sfmd, from goldmark's block pass
// or, with fast, from readBlocks (ok false: it fell back).
func blockReading(src []byte, fast bool) (reading string, ok bool) {
	var sink codeSpanSink
	var tree []*block
	li := NewLineIndex(src)
	if fast {
		// as parseBody reads a file's body: lineEnd reads the line index,
		// and fences at the top level keep whole lines
		if tree, ok = new(blockScan).readTail(src, li, &sink, nil); !ok {
			return "", false
		}
	} else {
		pc := parser.NewContext()
		pc.Set(codeSpanSinkKey, &sink)
		tree = collectTree(mdParser.Parse(text.NewReader(src), parser.WithContext(pc)), nil)
	}
	var b strings.Builder
	for _, n := range tree {
		fmt.Fprintf(&b, "%s pos=%d", [...]ast.NodeKind{blockFence: ast.KindFencedCodeBlock, blockCode: ast.KindCodeBlock, blockSpan: ast.KindCodeSpan}[n.kind], n.pos)
		switch n.kind {
		case blockFence:
			if n.hasInfo {
				fmt.Fprintf(&b, " info=%v", n.info)
			}
		case blockSpan:
			fmt.Fprintf(&b, " span=%v\n", eventAt(n, 0))
			continue
		}
		p := &docParser{src: src, li: li}
		lines := p.linesOf(n, 0)
		for i := range lines.Len() {
			fmt.Fprintf(&b, " %+v", lines.At(i))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "own spans %v\n", sink.spans)
	return b.String(), true
}

// compareBlockReadings fails when readBlocks reads src and its reading
// differs from goldmark's; it reports whether readBlocks read it.
func compareBlockReadings(t *testing.T, name string, src []byte) bool {
	t.Helper()
	got, ok := blockReading(src, true)
	if !ok {
		return false
	}
	if want, _ := blockReading(src, false); got != want {
		t.Errorf("%s: readBlocks reads\n%s\ngoldmark's block pass\n%s", name, got, want)
	}
	return true
}

// blockAtoms are the pieces of random documents for the block structure:
// markdownAtoms and the line starts and block shapes readBlocks decides
// on (fences of both kinds and lengths, indented fences and their
// content, indented code, headings with closing sequences, thematic
// breaks, setext underlines, list markers, HTML comments, tabs, CRLF).
var blockAtoms = append(slices.Clip(markdownAtoms),
	"\n", "\n\n", "a\n", "b `c`\n", "  d `e\n", "f` g\n", "    code\n", "     \n", "  \n", "\t\n", "\tx\n", "  \tx\n",
	"# h\n", "## h ##\n", "#  `a` #\n", "####### x\n", "#x\n", "#\n", "# #\n", "#", "# ", "  ### a\\#\n",
	"```\n", "````\n", "~~~\n", "~~~~\n", "```go\n", "``` a `b`\n", "~~~ a `b`\n", "  ```\n", "   ~~~ x\n", "    ```\n",
	"```   \n", "```x", "``", "~", " x\n", "  x\n", "   x\n", "\tx\n", "```\t\n",
	"---\n", "***\n", "___\n", "- - -\n", "_ _ _\n", "===\n", "--\n", "-x\n", "*x*\n", "+x\n", "+ x\n", "1. x\n", "1) x\n", "12x\n",
	"<!-- a\n", "b -->\n", "<!-- c -->\n", "<!-->\n", "<div>\n", "> q\n", "\r\n", "a\r\n", "```\r\n", "x  \n", "y\\\n",
	// lines that open an HTML block of each type, end one, or open none
	"<𝒞=a:b>\n", "</𝒞>\n", "<path> x `y`\n", "</div>\n", "<span>\n", "<x a=\"1\">\n", "</x a=1>\n", "<x/>\n",
	"<script>\n", "</script>\n", "<pre>`x`</pre>\n", "<STYLE a>\n", "<?x\n", "?>\n", "<!DOCTYPE a>\n", "<!X\n",
	"<![CDATA[\n", "]]>\n", "< a\n", "<1>\n", "</ p>\n", "   <table>\n", "<a href=\"x\">`b`\n", "<p\n", "<textarea\r\n",
)

// listLines are the lines of random list documents: items of both kinds
// at several indentations, with the spaces after the marker and the
// content that decide readBlocks' list reading, continuation lines at
// every indentation, blank lines, block quotes and the blocks that end
// or interrupt a list or a quote.
var listLines = []string{
	"- a\n", "- `b` c\n", "-  d `e\n", "-   f\n", "-    g\n", "-     h\n", "* **i** `j`\n", "+ k\n", "-\n", "- \n",
	"  - l\n", "   - m\n", "    - n\n", "     - o\n", "      - p\n", "  * q\n", "\t- r\n", "-\tx\n",
	"1. s\n", "2. t\n", "1) u\n", "10. v `w`\n", "  1. x\n", "   2. y\n", "0. z\n", "01. a\n", "123456789. b\n",
	"1234567890. c\n", "3.d\n", "- - -\n", "* * *\n", "- ---\n", "- # h\n", "- ```\n", "- > q\n", "- 1. a\n", "- <b>\n",
	"text\n", "`code` x\n", "x `y\n", "z`\n", " t\n", "  u\n", "   v\n", "    w\n", "     x\n", "       y\n", "\tz\n",
	"\n", "\n", "\n", "  \n", "# h\n", "```\n", "~~~\n", "---\n", "===\n", "<!-- c -->\n", "> q\n", "***\n",
	"- a\r\n", "-\r\n", "2024 x\n", "**b**\n", "_c_\n", "- **`/act.x`** y\n", "    ```\n",
	">\n", "> \n", ">     d\n", ">\tx\n", "> - x\n", "> # h\n", ">> y\n", "    > w\n", "> ```\n", ">\r\n",
	"<div>\n", "- <div>\n", "> <div>\n", "  <span>\n", "<x/>\n", "</script>\n",
}

// readListLines are lines readBlocks reads in a list (fences in items
// included) or a block quote.
var readListLines = []string{
	"- a\n", "- `b` c\n", "-  d `e\n", "-   f\n", "* **i** `j`\n", "+ k\n", "  - l\n", "    - n\n", "  * q\n",
	"1. s\n", "2. t\n", "1) u\n", "10. v `w`\n", " 1. x\n", "0. z\n", "01. a\n", "   1. b\n",
	"text\n", "`code` x\n", "x `y\n", "z`\n", " t\n", "  u\n", "   v\n", "    w\n", "\n", "\n",
	"> a\n", "> `b` c\n", ">d `e\n", ">  f\n", "   > g\n", ">\n", "# h `i`\n", "```\n", "<!-- j -->\n",
	"   - m\n", "  1. n\n", "  2. o `p\n", "  2. o\n", "   3) q\n", "      r\n",
	"  ```\n", "  ```sh\n", "  ~~~ x\n", "   ```\n", "     ```\n", "  ~~~\n", "    s\n", "  \n", "      \n",
	"> ```\n", "> ~~~ x\n", ">  ```sh\n", ">   ```\n", "> ```\n", ">  x\n", ">   y `z`\n", "> \tw\n", "  > ~~~\n",
	"  # h `i`\n", "  ## j\n", "   #k\n", "    ### l #\n", "  #\n",
	"</𝒞>\n", "  <𝒞=a> `b`\n", "- <𝒞>\n", "> </𝒞>\n", "<path> `x`\n", "  <span>\n", "> <x a=\"1\">\n", "<div>\n", "<!-- k\n",
}

// quoteLines are the lines of random block quote documents: quote lines
// holding text, fences of both kinds at every indentation and their
// content, blank quote lines, tabs, CRLF, lazy and unquoted lines.
var quoteLines = []string{
	"> a\n", "> `b` c\n", "> d `e\n", "> f` g\n", ">\n", "> \n", "> ```\n", "> ~~~ x\n", ">  ```sh\n", ">   ```\n",
	">    ```\n", "> ````\n", "> ```\n", "> ~~~\n", ">  x\n", ">   y `z`\n", ">     w\n", "> \tx\n", ">\tx\n", "  > ~~~\n",
	"   > ```\n", ">```\n", ">x\n", "text\n", "`t` u\n", "\n", "```\n", "> - x\n", "> # h\n", "> <div>\n", ">\r\n",
	"> x\r\n", "> ```\r\n", "    > v\n", "> > q\n",
	// lists in a quote
	"> - a `b`\n", "> - c\n", "> * d\n", "> 1. e\n", "> 2. f `g\n", ">  - h\n", ">   - i\n", ">    - j\n", ">     k\n",
	"> -\n", "> - - -\n", "> - # l\n", "> -  m\n", "> 1) n\n", "- o\n", "  p\n", "    q `r`\n", "1. s\n", ">-\tt\n", "> ---\n",
}

// readQuoteLines are lines readBlocks reads in a block quote, in a list
// in one, or lazily after them.
var readQuoteLines = []string{
	"> a\n", "> `b` c\n", "> d `e\n", "> f` g\n", ">\n", "> \n", "> ```\n", "> ~~~ x\n", ">  ```sh\n", ">  x\n",
	">   y `z`\n", "> - a `b`\n", "> - c\n", "> * d\n", "> 1. e\n", "> 2. f `g\n", "> 2. h` i\n", ">  - h\n", ">   - i\n",
	">   j `k\n", ">     l` m\n", "n `o\n", "p` q\n", "  r\n", "\n", "> # s `t`\n", ">   ## u\n", "> #v\n",
}

// randomQuoteDocument makes a document of 2 to 30 lines, most of them
// readQuoteLines, the others quoteLines, and sometimes a last line
// without its line ending.
func randomQuoteDocument(r *rand.Rand) []byte {
	var b strings.Builder
	for range 2 + r.Intn(29) {
		if r.Intn(2) == 0 {
			b.WriteString(quoteLines[r.Intn(len(quoteLines))])
		} else {
			b.WriteString(readQuoteLines[r.Intn(len(readQuoteLines))])
		}
	}
	if r.Intn(8) == 0 {
		b.WriteString([]string{">", "> ```", "> a", ">  "}[r.Intn(4)])
	}
	return []byte(b.String())
}

// randomListDocument makes a document of 2 to 40 lines, most of them
// readListLines, the others listLines.
func randomListDocument(r *rand.Rand) []byte {
	var b strings.Builder
	for range 2 + r.Intn(39) {
		if r.Intn(20) == 0 {
			b.WriteString(listLines[r.Intn(len(listLines))])
		} else {
			b.WriteString(readListLines[r.Intn(len(readListLines))])
		}
	}
	return []byte(b.String())
}

// randomBlockDocument makes a document of 5 to 64 random blockAtoms.
func randomBlockDocument(r *rand.Rand) []byte {
	var b strings.Builder
	for range 5 + r.Intn(60) {
		b.WriteString(blockAtoms[r.Intn(len(blockAtoms))])
	}
	return []byte(b.String())
}

// TestFastBlocksMatchGoldmark compares readBlocks with goldmark's block
// pass (and codeParagraphs/codeHeadings) on every document of
// comparedDocuments and on random documents of block shapes: wherever
// readBlocks reads a document, the same fences, code blocks, segments,
// positions and code spans; and sfmd.Parse's and ParseAsRuntime's whole
// reading (DumpText) is the same with the fast path on and off. It also
// counts how many documents take the fast path, so that the comparison
// means something.
func TestFastBlocksMatchGoldmark(t *testing.T) {
	docs := comparedDocuments(t)
	if len(docs) < 300 {
		t.Fatalf("read %d documents, want the corpora", len(docs))
	}
	fast := 0
	for name, src := range docs {
		if compareBlockReadings(t, name, src) {
			fast++
		}
		for _, parse := range []func(string, []byte) *Document{Parse, ParseAsRuntime} {
			got := DumpText(parse(name, src))
			fastBlocks = false
			want := DumpText(parse(name, src))
			fastBlocks = true
			if got != want {
				t.Errorf("%s: Parse differs with readBlocks:\n%s\nwith goldmark's block pass:\n%s", name, got, want)
			}
		}
	}
	t.Logf("readBlocks read %d of %d documents", fast, len(docs))
	if fast < 100 {
		t.Fatalf("readBlocks read %d of %d documents, want 100 at least", fast, len(docs))
	}
	r := rand.New(rand.NewSource(3))
	n := 40000
	if testing.Short() {
		n = 4000
	}
	for _, g := range []struct {
		what string
		doc  func(*rand.Rand) []byte
	}{{"random", randomBlockDocument}, {"random list", randomListDocument}, {"random quote", randomQuoteDocument}} {
		read := 0
		for range n {
			src := g.doc(r)
			if compareBlockReadings(t, fmt.Sprintf("%q", src), src) {
				read++
			}
			if t.Failed() {
				t.FailNow()
			}
		}
		t.Logf("readBlocks read %d of %d %s documents", read, n, g.what)
		if read < n/10 {
			t.Errorf("readBlocks read %d of %d %s documents, want a tenth at least", read, n, g.what)
		}
	}
}

// blockCases are documents on the edges of what readBlocks reads, each
// compared with goldmark's reading by TestFastBlocksCases; read says
// whether readBlocks reads it.
var blockCases = []struct {
	src  string
	read bool
}{
	{"- a\n  2. b\n\n      x\n", false}, // "2. b" continues the paragraph
	{"- a\n  1. b\n\n      x\n", true},  // "1. b" nests a list
	{"1. a\n2. b `c`\n", true},          // a sibling item
	{"a\n2. b\n", true},                 // continues the paragraph
	{"a\n1. b\n", true},                 // interrupts it
	{"   - m\n\n    x\n", false},        // content five columns in
	{"   - m\n    - n\n", false},        // content five columns in
	{"- a\n\n b\n\n      c\n", true},    // " b" ends the list: c is code
	{"> a\n> `b`\n>\n> c\nd\n\ne\n", true},
	{"> a\n    ```\nb\n", false},
	{"- a\n# b\n- c\n", true},
	{"- a\n  # b\n", true},                      // a heading in an item
	{"- a\n  # `b` #\nc\n", true},               // ... ends the paragraph: c ends the list
	{"- a\n\n  - b\n  # c `d`\n    e\n", true},  // ... and the items deeper than it
	{"> a `b`\n> ## c `d`\n> e\n", true},        // a heading in a quote
	{"- a\n\n  - b\n  # c\n\n      d\n", false}, // indented code in item a
	{"- a\n\n      # b `c`\n", false},           // indented code, not a heading
	{"- a\n<!-- b -->\nc\n", true},
	{"a\n<!-- b\n-->\n", true},
	{"a\n<div>\n", true},                           // an HTML block of type 6 interrupts a paragraph
	{"a\n<span>\nb\n", true},                       // type 7 cannot: the paragraph goes on
	{"<span>\nb `c`\n\nd `e`\n", true},             // type 7 runs to the blank line
	{"```\n<𝒞=a>\n```\n</𝒞>\n```\nb\n```\n", true}, // a tag name not ASCII: text
	{"<script>\n`a`\n\n</script>\nb `c`\n", true},  // type 1 runs to its closing tag
	{"<?\n?> `a`\n<![CDATA[ ]]>\n`b`\n", true},
	{"- a\n  <path> `b`\n", true},                    // a type 7 line continues the item's paragraph
	{"- a\n\n  <span>\n", false},                     // an HTML block in an item
	{"- a\n<div>\n", true},                           // ends the list
	{"> a\n> <div>\n", false},                        // an HTML block in a quote
	{"> a\n<x-y>\n> b\n", true},                      // a lazy type 7 line
	{"a `b`\n---\nc `d`\n===\n", true},               // two setext headings
	{"a\n  `b`\n - \n--\n", true},                    // "- " underlines; "--" is a paragraph
	{"a\n***\n- - -\n", true},                        // thematic breaks interrupt it
	{"a\n=== x\n", true},                             // not an underline: text
	{"a\n    ---\n", true},                           // indented: text
	{"- a\n---\n", false},                            // a setext underline after a list item's paragraph
	{"> a\n>\n> ```\n> (b)\n> ```\n\nc\n", true},     // a fence in a quote
	{"> ```go\n>  x\n>\n>   y\nz\n```\n", true},      // a line without '>' ends both
	{"> a `b`\n>  ~~~\n>    c\n>  ~~~\n> d\n", true}, // the fence interrupts the paragraph
	{"> ```\n> \tx\n> ```\n", false},                 // a tab in a line of it
	{"> ```\n>", true},                               // ">" alone last
	{"> a `b`\n> - c: `d`\n> - e\n\nf\n", true},      // a list in a quote (shell.md)
	{"> - a\n>   b `c`\nd `e`\n> - f\n", true},       // a lazy line keeps both open
	{"> - a\n>\n>   b\n> c\n\n- d\n", true},          // "> c" ends the list, not the quote
	{"> a\n> 2. b\n", false},                         // continues the paragraph: left to goldmark
	{"> a\n> 2. b\n>\n>     c\n", false},             // indented code in the quote, not a paragraph in an item
	{"> a\n>\nb `c` d\n", true},                      // a paragraph after the quote
	{"> - a\n- b\n", false},                          // a list item without '>': left to goldmark
	{"> - a\n>   ```\n>   b\n>   ```\n", false},      // a fence in an item in a quote
	{"```\n- a\n> b\n```\n    x\n\n\ty\n", false},
	{"  ```go\n x\ny\n   z\n  ```\n", true},
	{"# a `b` #\n## `c\n", false},
	{"1. a\n\n   ```sh\n   x\n\n     y\n   ```\n   b `c`\n", true}, // a fence in an item
	{"- a\n  ```\n  x\nb\n", false},                                // the item ends the fence
	{"- a\n  ```\n  x\n  ", false},                                 // a blank last line
}

// TestFastBlocksCases compares readBlocks with goldmark's block pass on
// blockCases, and checks which of them it reads.
func TestFastBlocksCases(t *testing.T) {
	for _, c := range blockCases {
		if read := compareBlockReadings(t, fmt.Sprintf("%q", c.src), []byte(c.src)); read != c.read {
			t.Errorf("%q: readBlocks read it: %v, want %v", c.src, read, c.read)
		}
	}
}

// FuzzBlockFastPath: wherever readBlocks reads a document, it reads what
// goldmark's block pass reads, and Parse reads the same with the fast
// path on and off. Seeds: the fuzz and golden seeds and random block
// shapes.
func FuzzBlockFastPath(f *testing.F) {
	for _, pattern := range []string{"../corpus/fuzz/*.md", "testdata/*.md"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			if src, err := os.ReadFile(name); err == nil {
				f.Add(src)
			}
		}
	}
	r := rand.New(rand.NewSource(4))
	for range 50 {
		f.Add(randomBlockDocument(r))
		f.Add(randomListDocument(r))
		f.Add(randomQuoteDocument(r))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		compareBlockReadings(t, "fuzz", src)
		got := DumpText(Parse("fuzz.md", src))
		fastBlocks = false
		want := DumpText(Parse("fuzz.md", src))
		fastBlocks = true
		if got != want {
			t.Errorf("Parse differs with readBlocks:\n%s\nwith goldmark's block pass:\n%s", got, want)
		}
	})
}

// TestFastBlocksShare reports which share of the upstream documents,
// the generated documents, the hint document and the 10 MB document
// readBlocks reads (go test -run FastBlocksShare -v), and holds it: all
// but upstreamUnread of the upstream documents (when the corpus is
// there), and all of the others.
func TestFastBlocksShare(t *testing.T) {
	count := func(docs [][]byte) (n int) {
		for _, d := range docs {
			if _, ok := readBlocks(d, &codeSpanSink{}, nil); ok {
				n++
			}
		}
		return n
	}
	var up [][]byte
	root := filepath.Join("..", "..", "shared", "corpus", "upstream")
	_ = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(path) == ".md" {
			src, _ := os.ReadFile(path)
			up = append(up, bodyOf(src))
		}
		return nil
	})
	gen := benchgen.Generate(200, benchgen.DefaultSeed)
	for i := range gen {
		gen[i] = bodyOf(gen[i])
	}
	nUp, nGen := count(up), count(gen)
	nHint := count([][]byte{bodyOf(benchgen.HintDocument(benchgen.HintDocuments))})
	nBig := count([][]byte{bodyOf(benchgen.Document(10 << 20))})
	t.Logf("upstream %d/%d, generated %d/%d, hint document %d/1, 10 MB document %d/1",
		nUp, len(up), nGen, len(gen), nHint, nBig)
	if len(up) > 0 && len(up)-nUp > upstreamUnread {
		t.Errorf("readBlocks leaves %d upstream documents to goldmark, want %d at most", len(up)-nUp, upstreamUnread)
	}
	if nGen != len(gen) || nHint != 1 || nBig != 1 {
		t.Errorf("readBlocks leaves generated documents to goldmark")
	}
}

// upstreamUnread is how many upstream documents readBlocks leaves to
// goldmark: none.
const upstreamUnread = 0

// bodyOf is src after its frontmatter: what parseMarkdown hands on.
func bodyOf(src []byte) []byte {
	doc := &Document{Src: src, Index: NewLineIndex(src), names: &namesCache{}}
	p := &docParser{doc: doc, src: src, li: doc.Index, noCommentClose: -1}
	return src[p.parseFrontmatter():]
}

// TestFastBlocksAllocate: the blocks readBlocks makes come from chunks
// recycled with the parse scratch, so that a document's fences cost less
// than one allocation each in all of Parse (goldmark's block pass made a
// node, an info string and a lines array for each: three). Parsing a
// document of 128 fences allocates fewer than 32 times more than one of
// 64. The collector is off and there is one P, so that the pool gives
// back its scratch between the parses.
func TestFastBlocksAllocate(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	doc := func(n int) []byte {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "A paragraph %d.\n\n```sh\necho %d\nls\n```\n\n", i, i)
		}
		return []byte(b.String())
	}
	count := func(src []byte) float64 {
		if _, ok := readBlocks(src, &codeSpanSink{}, nil); !ok {
			t.Fatal("readBlocks does not read the document")
		}
		Parse("a.md", src) // the scratch's chunks grow to the document
		return testing.AllocsPerRun(20, func() { Parse("a.md", src) })
	}
	small, large := count(doc(64)), count(doc(128))
	t.Logf("64 fences: %.0f allocations, 128: %.0f", small, large)
	if large-small >= 32 {
		t.Errorf("64 more fences cost %.0f more allocations, want fewer than 32", large-small)
	}
}

// TestFastBlocksKeepBounded: the recycled scratch does not keep the
// memory of a huge document (600 fences, then one of 10,000 lines) after
// it: keepBlocks drops what outgrew a chunk.
func TestFastBlocksKeepBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(strings.Repeat("~~~ a\n~~~\n", 600))
	b.WriteString("```\n")
	b.WriteString(strings.Repeat("x\n", 10000))
	b.WriteString("```\n")
	s := new(blockScan)
	if _, ok := s.read([]byte(b.String()), &codeSpanSink{}, nil); !ok {
		t.Fatal("readBlocks does not read the document")
	}
	s.keepBlocks()
	kept := 0
	for _, c := range s.blocks.chunks {
		kept += len(c)
	}
	if s.all.Len() > len(noSegments) || kept > 1024 {
		t.Errorf("kept %d lines, %d blocks", s.all.Len(), kept)
	}
}

// htmlNames are the HTML elements' names (and a few that are not), for
// TestFastBlocksHTMLTags.
var htmlNames = strings.Fields(`a abbr address area article aside audio b base basefont bdi bdo big blockquote
	body br button canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir
	div dl dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head
	header hgroup hr html i iframe img input ins kbd label legend li link main map mark menu menuitem meta
	meter nav noframes noscript object ol optgroup option output p param path picture pre progress q rp rt
	ruby s samp script search section select slot small source span strike strong style sub summary sup svg
	table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr x-y 𝒞 DIV Ul`)

// TestFastBlocksHTMLTags compares readBlocks with goldmark's block pass on
// lines that open or close every HTML element, with and without
// attributes, after a paragraph and after a blank line: the type 6 tag
// names (htmlBlockTag) and types 1 and 7 decide where a paragraph ends.
func TestFastBlocksHTMLTags(t *testing.T) {
	read := 0
	for _, name := range htmlNames {
		for _, line := range []string{"<%s>", "</%s>", "<%s a=\"1\">", "</%s a=1>", "<%s/>", "<%s", "<%s x", "<%s>`c`</%[1]s>"} {
			tag := fmt.Sprintf(line, name)
			for _, f := range []string{"a `b`\n%s\nc `d`\n\ne\n", "a\n\n%s\nc `d`\n\n`e`\n", "%s\n`f`\n</%s>\n`g`\n"} {
				src := []byte(strings.ReplaceAll(f, "%s", tag))
				if compareBlockReadings(t, fmt.Sprintf("%q", src), src) {
					read++
				}
			}
		}
	}
	if want := len(htmlNames) * 8 * 3; read != want {
		t.Errorf("readBlocks read %d of %d documents, want all", read, want)
	}
}

// goldmarkHTML are the patterns of goldmark's HTML block types 1 to 5.
var goldmarkHTML = []*regexp.Regexp{
	regexp.MustCompile(`(?i)^[ ]{0,3}<(script|pre|style|textarea)(?:\s.*|>.*|/>.*|)(?:\r\n|\n)?$`),
	regexp.MustCompile(`^[ ]{0,3}<!\-\-`),
	regexp.MustCompile(`^[ ]{0,3}<\?`),
	regexp.MustCompile(`^[ ]{0,3}<![A-Z]+.*(?:\r\n|\n)?$`),
	regexp.MustCompile(`^[ ]{0,3}<\!\[CDATA\[`),
}

// goldmarkHTMLStart is htmlBlockParser.Open's choice of type with all of
// goldmark's regular expressions (html_block.go), in its order: what
// htmlStart reads with prefixes and its own checks before the patterns.
func goldmarkHTMLStart(line []byte, inPara bool) int {
	type1, type2, type3, type4, type5 := goldmarkHTML[0], goldmarkHTML[1], goldmarkHTML[2], goldmarkHTML[3], goldmarkHTML[4]
	switch {
	case type1.Match(line):
		return htmlType1
	case type2.Match(line):
		return htmlType2
	case type3.Match(line):
		return htmlType3
	case type4.Match(line):
		return htmlType4
	case type5.Match(line):
		return htmlType5
	}
	if m := htmlType7Open.Re().FindSubmatchIndex(line); m != nil {
		tag := strings.ToLower(string(line[m[4]:m[5]]))
		if htmlBlockTag(tag) {
			return htmlType6
		}
		closing := m[2] > -1 && string(line[m[2]:m[3]]) == "/"
		if tag != "script" && tag != "style" && tag != "pre" && !inPara && !(closing && m[6] != m[7]) {
			return htmlType7
		}
	}
	if m := htmlType6Open.Re().FindSubmatchIndex(line); m != nil && htmlBlockTag(strings.ToLower(string(line[m[2]:m[3]]))) {
		return htmlType6
	}
	return htmlNone
}

// TestHTMLStartIsGoldmarks compares htmlStart with goldmarkHTMLStart on
// the lines of TestFastBlocksHTMLTags and on 200,000 random lines of the
// bytes the patterns decide on, in and out of a paragraph.
func TestHTMLStartIsGoldmarks(t *testing.T) {
	var lines []string
	for _, name := range htmlNames {
		for _, f := range []string{"<%s>", "</%s>", "< %s>", "</ %s a>", "<%s a=\"1\">", "</%s a=1>", "<%s/>", "<%s", "  <%s x", "    <%s>"} {
			lines = append(lines, fmt.Sprintf(f, name)+"\n")
		}
	}
	pieces := []string{" ", "  ", "   ", "    ", "<", "<", "!", "!", "-", "--", "?", "[", "[CDATA[", "CDATA", "[CDAT", "A", "Z", "a",
		"x", "/", ">", "\t", "\r", "é", "\xff", "script", "div", "=", "<!", "<!--", "<?", "<![", "<![CDATA", "</", "<!A"}
	r := rand.New(rand.NewSource(5))
	for range 200000 {
		var b strings.Builder
		for range 1 + r.Intn(6) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		if r.Intn(4) > 0 {
			b.WriteString([]string{"\n", "\r\n"}[r.Intn(2)])
		}
		lines = append(lines, b.String())
	}
	for _, l := range lines {
		for _, inPara := range []bool{false, true} {
			if got, want := htmlStart([]byte(l), inPara), goldmarkHTMLStart([]byte(l), inPara); got != want {
				t.Fatalf("%q (in a paragraph: %v): htmlStart %d, goldmark's patterns %d", l, inPara, got, want)
			}
		}
	}
}

// TestLineEndReadsLineIndex: lineEnd reading the line index (readTail)
// returns what the search for the next '\n' returns, for every offset of
// every document of comparedDocuments and of random documents, as the
// tail from several offsets on, looked up forward, backward and in random
// order; and Parse reads the same with and without it.
func TestLineEndReadsLineIndex(t *testing.T) {
	docs := comparedDocuments(t)
	r := rand.New(rand.NewSource(14))
	for i := range 500 {
		b := make([]byte, r.Intn(60))
		for k := range b {
			b[k] = "ab \n\n\r`"[r.Intn(7)]
		}
		docs[fmt.Sprintf("random/%d", i)] = b
	}
	for name, src := range docs {
		li := NewLineIndex(src)
		for _, base := range []int{0, 1, len(src) / 3, len(src) - 1} {
			if base < 0 || base >= len(src) {
				continue
			}
			body := src[base:]
			var indexed, searched blockScan
			indexed.starts, indexed.base, indexed.src = li.starts, base, body
			searched.src = body
			offs := make([]int, 0, 3*len(body))
			for at := range len(body) {
				offs = append(offs, at)
			}
			for at := len(body) - 1; at >= 0; at-- {
				offs = append(offs, at)
			}
			for range min(len(body), 2000) {
				offs = append(offs, r.Intn(len(body)))
			}
			for _, at := range offs {
				if got, want := indexed.lineEnd(at), searched.lineEnd(at); got != want {
					t.Fatalf("%s from %d: lineEnd(%d) = %d, want %d", name, base, at, got, want)
				}
			}
		}
		got := DumpText(Parse(name, src))
		blockStarts = false
		want := DumpText(Parse(name, src))
		blockStarts = true
		if got != want {
			t.Fatalf("%s: Parse differs with lineEnd reading the line index:\n%s\nsearching:\n%s", name, got, want)
		}
	}
}

// TestFastBlocksBytes: what sfmd reads of a fence at the top level in
// readBlocks' tree costs less than 160 bytes, whatever its number of
// lines: a block of its own (position, info string, first line and
// number of lines) instead of goldmark's fence and info string nodes
// (more than 400 bytes) and a segment for each line (32 bytes). A fresh
// scan reads 2,000 fences of three lines as parseBody does (readTail),
// with the collector off; every byte it allocates counts.
func TestFastBlocksBytes(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	const n = 2000
	src := []byte(strings.Repeat("```act.x\nGET https://x\n  q: string\n\n```\n\n", n))
	li := NewLineIndex(src)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	tree, ok := new(blockScan).readTail(src, li, &codeSpanSink{}, nil)
	runtime.ReadMemStats(&after)
	if !ok || len(tree) != n {
		t.Fatalf("readBlocks read %v, %d blocks, want %d", ok, len(tree), n)
	}
	per := (after.TotalAlloc - before.TotalAlloc) / n
	t.Logf("a fence costs %d bytes", per)
	if per >= 160 {
		t.Errorf("a fence costs %d bytes, want fewer than 160", per)
	}
}
