package sfmd

import (
	"bytes"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// codeStructure lists what sfmd reads from a goldmark tree: fenced code
// blocks, indented code blocks and code spans, with their offsets; and
// the kind and start of every other block, so that a parser that made
// different blocks of the same text (a setext heading read as a
// paragraph) shows.
func codeStructure(root ast.Node) string {
	var b strings.Builder
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			fmt.Fprintf(&b, "fence@%d", n.Pos())
			for i := 0; i < n.Lines().Len(); i++ {
				s := n.Lines().At(i)
				fmt.Fprintf(&b, " %d-%d", s.Start, s.Stop)
			}
			b.WriteString("\n")
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			b.WriteString("code")
			for i := 0; i < n.Lines().Len(); i++ {
				s := n.Lines().At(i)
				fmt.Fprintf(&b, " %d-%d", s.Start, s.Stop)
			}
			b.WriteString("\n")
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			b.WriteString("span")
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					fmt.Fprintf(&b, " %d-%d", t.Segment.Start, t.Segment.Stop)
				}
			}
			b.WriteString("\n")
			return ast.WalkSkipChildren, nil
		}
		if n.Type() == ast.TypeBlock {
			b.WriteString(n.Kind().String())
			switch n.Kind() {
			case ast.KindParagraph, ast.KindTextBlock, ast.KindHeading:
				// their lines are cut to those code spans can lie on
			default:
				if n.Lines().Len() > 0 {
					fmt.Fprintf(&b, "@%d", n.Lines().At(0).Start)
				}
			}
			b.WriteString("\n")
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// TestMarkdownParserMatchesGoldmark checks that the reduced parser sfmd
// hands documents to (bounds.go: code spans, autolinks and raw HTML only,
// code span openers without a closer answered from a table) finds exactly
// the fences, code blocks and code spans goldmark's default parser finds,
// on random documents made of the pieces that decide them: backtick runs,
// containers, fences, HTML, escapes, brackets and emphasis. Links are
// left out on purpose: a link destination or title, or a link reference
// definition, that contains backticks is read by sfmd as holding a code
// span (docs/linting.md, "Hostile input", says so).
func TestMarkdownParserMatchesGoldmark(t *testing.T) {
	compareRandom(t, goldmark.DefaultParser(), markdownAtoms)
}

// TestCodeParagraphsMatchParagraphs checks codeParagraphs (inlineskip.go)
// against goldmark's own paragraph parser under the same inline parsers,
// with more pieces: multi-line raw HTML and lines ending in backslashes,
// which decide which lines of a paragraph may be cut. (Against
// goldmark's default parser these differ for reasons of their own: with
// emphasis parsers, goldmark carries an escape past a '_' or '*' at the
// start of a line.)
func TestCodeParagraphsMatchParagraphs(t *testing.T) {
	atoms := append(slices.Clip(markdownAtoms), "<a title='", "'>", "\\\\\\\n", "\\\n", "x\n", "`x\n", "\n`")
	compareRandom(t, markdownParser(parser.DefaultBlockParsers()), atoms)
}

// markdownAtoms are the pieces of random documents that decide where
// fences, code blocks and code spans are: backtick runs, containers,
// fences, HTML, escapes, brackets and emphasis.
var markdownAtoms = []string{
	"`", "``", "```", "`` ", " `", "a", "b c", " ", "\n", "\n\n", "- ", "* ", "1. ", "> ", "  ", "    ", "\t",
	"```\n", "~~~\n", "```act.x\n", "[", "]", "*", "_", "**", "<", ">", "<b c='`'>", "<!--", "-->", "<!-- `a` -->",
	"http://x", "<http://x`>", "\\", "\\`", "&amp;", "#", "===\n", "---\n", "<div>\n", "</div>\n",
	"`````````", "``````````` ",
}

// compareRandom parses random documents made of atoms with want and with
// sfmd's parser, and fails at the first whose code structure differs.
func compareRandom(t *testing.T, want parser.Parser, atoms []string) {
	t.Helper()
	r := rand.New(rand.NewSource(1))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i := 0; i < n; i++ {
		var b strings.Builder
		for j := 0; j < 5+r.Intn(60); j++ {
			b.WriteString(atoms[r.Intn(len(atoms))])
		}
		src := []byte(b.String())
		w := codeStructure(want.Parse(text.NewReader(src)))
		if got := codeStructure(mdParser.Parse(text.NewReader(src))); got != w {
			t.Fatalf("%q:\nreference:\n%s\nsfmd:\n%s", src, w, got)
		}
	}
}

// TestDeepPrefixKeepsOffsets parses documents whose container prefixes
// go past maxContainerPrefix: the masked bytes must not move anything.
// An action block at the top level keeps its deeply indented body lines
// verbatim, and an action nested past the bound is not an action.
func TestDeepPrefixKeepsOffsets(t *testing.T) {
	deep := strings.Repeat(" ", 3*maxContainerPrefix)
	src := "```act.a\nPOST https://x\n  body:\n" + deep + "{\"k\": 1}\n```\n\n" +
		strings.Repeat("> ", maxContainerPrefix) + "```act.b\n" + strings.Repeat("> ", maxContainerPrefix) + "GET https://y\n\n" +
		deep + "`code` after\n"
	doc := Parse("d.md", []byte(src))
	if len(doc.Actions) != 1 || doc.Actions[0].ID != "a" {
		t.Fatalf("actions: %+v", doc.Actions)
	}
	a := doc.Actions[0]
	if len(a.Bodies) != 1 || !strings.Contains(a.Bodies[0].Template.Text, `{"k": 1}`) {
		t.Fatalf("body of a: %+v", a.Bodies)
	}
	line := a.Bodies[0].Lines[0]
	if got := src[line.Span.Start.Offset:line.Span.End.Offset]; got != line.Text {
		t.Errorf("body line span reads %q, text is %q", got, line.Text)
	}
	// the code span past the deep indentation (an indented code block,
	// not a code span, since the line is indented by 4+ columns) and no
	// prefix was read as anything else
	for _, f := range doc.Fences {
		if f.Info == "act.b" {
			t.Errorf("fence act.b nested %d levels deep was read as a fence", maxContainerPrefix)
		}
	}
}

func TestDeepPrefix(t *testing.T) {
	bound := maxContainerPrefix
	cases := []struct {
		line     string
		cut, end int
	}{
		{"- a", -1, 0},
		{strings.Repeat(" ", bound) + "a", -1, 0},
		{strings.Repeat(" ", bound+1) + "a", bound, bound + 1},
		{strings.Repeat(" ", bound+5), -1, 0}, // blank: left alone
		{strings.Repeat("> ", bound) + "a", bound, 2 * bound},
		{strings.Repeat("- ", bound/2-1) + "- a", -1, 0},
		{strings.Repeat("- ", bound/2+1) + "a", bound, bound + 2},
		{strings.Repeat("1. ", bound/3+1) + "a", bound, bound + 1}, // 126 columns, "1." to 128, the space past it
		{strings.Repeat("\t", bound/4+1) + "a", bound / 4, bound/4 + 1},
		{strings.Repeat(" ", bound) + "-a", -1, 0}, // "-a" is no list marker
		{strings.Repeat(" ", bound+1) + "---", bound, bound + 1},
	}
	for _, c := range cases {
		cut, end := deepPrefix([]byte(c.line))
		if cut != c.cut || (cut >= 0 && end != c.end) {
			t.Errorf("deepPrefix(%q) = %d, %d, want %d, %d", c.line, cut, end, c.cut, c.end)
		}
	}
}

// TestHintsInSourceOrder: the hints of a line too long for goldmark are
// found after the others, and Hints must still be in source order (rules
// look hints up by binary search).
func TestHintsInSourceOrder(t *testing.T) {
	src := "`/act.a`\n" + strings.Repeat("x ", maxMarkdownLine) + "`/act.b`\n`/act.c`\n"
	doc := Parse("h.md", []byte(src))
	var got []string
	for _, h := range doc.Hints {
		got = append(got, h.Text)
	}
	if strings.Join(got, " ") != "/act.a /act.b /act.c" {
		t.Errorf("hints %q, want /act.a, /act.b, /act.c in source order", got)
	}
}

// TestCodeParagraphsOnCorpora checks codeParagraphs on every document of
// the repository's corpora and of ../shared/corpus/upstream (when
// present): the parser sfmd uses and the same parser with goldmark's own
// paragraph parser make the same blocks and find the same code spans.
func TestCodeParagraphsOnCorpora(t *testing.T) {
	stock := markdownParser(parser.DefaultBlockParsers())
	n := 0
	for path, src := range comparedDocuments(t) {
		n++
		want := codeStructure(stock.Parse(text.NewReader(src)))
		if got := codeStructure(mdParser.Parse(text.NewReader(src))); got != want {
			t.Errorf("%s: goldmark's paragraph parser:\n%s\ncodeParagraphs:\n%s", path, want, got)
		}
	}
	if n < 500 { // the repository's documents alone are about 600, the generated 201
		t.Fatalf("read %d documents, want the corpora", n)
	}
}

// TestBlockParsersAreGoldmarks: sfmd's block parsers are goldmark's
// default ones, at the same priorities, with two wrapped (inlineskip.go);
// a goldmark release that changes its defaults shows here.
func TestBlockParsersAreGoldmarks(t *testing.T) {
	wrapped := map[string]string{
		"sfmd.codeHeadings":   "*parser.atxHeadingParser",
		"sfmd.codeParagraphs": "*parser.paragraphParser",
		"sfmd.codeFences":     "*parser.fencedCodeBlockParser",
	}
	var got, want []string
	for _, p := range blockParsers() {
		name := fmt.Sprintf("%T", p.Value)
		if w, ok := wrapped[name]; ok {
			name = w
		}
		got = append(got, fmt.Sprintf("%d %s", p.Priority, name))
	}
	for _, p := range parser.DefaultBlockParsers() {
		want = append(want, fmt.Sprintf("%d %T", p.Priority, p.Value))
	}
	if !slices.Equal(got, want) {
		t.Errorf("block parsers:\n%s\ngoldmark's defaults:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestFenceLinesRoom: a fenced code block's lines are one array the size
// of the block (codeFences counts them when the block opens), not an
// array grown line by line (64 for 50 lines); a block longer than
// maxFenceRoom lines, or whose closing line is missing (the room then
// runs to the end of the document, at most maxFenceRoom lines), grows
// past its room as before.
func TestFenceLinesRoom(t *testing.T) {
	oneArray := func(n int) int { return cap(append([]text.Segment(nil), make([]text.Segment, n)...)) }
	for _, tc := range []struct {
		lines  int
		closed bool
	}{{50, true}, {3, true}, {2 * maxFenceRoom, true}, {40, false}} {
		var b strings.Builder
		b.WriteString("text\n\n- item\n\n  ```act.x\n")
		for i := range tc.lines {
			fmt.Fprintf(&b, "  line %d\n", i)
		}
		if tc.closed {
			b.WriteString("  ```\n")
		}
		b.WriteString("\nafter\n")
		root := mdParser.Parse(text.NewReader([]byte(b.String())))
		var fence *ast.FencedCodeBlock
		_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if f, ok := n.(*ast.FencedCodeBlock); ok && entering {
				fence = f
			}
			return ast.WalkContinue, nil
		})
		if fence == nil {
			t.Fatalf("%d lines: no fence", tc.lines)
		}
		lines := fence.Lines()
		n := lines.Len()
		if want := tc.lines + 1; n != tc.lines && !(!tc.closed && n == want) { // unclosed: the blank line too
			t.Fatalf("%d lines: the fence has %d lines", tc.lines, n)
		}
		got := cap(lines.Sliced(0, n))
		switch {
		case tc.closed && tc.lines <= maxFenceRoom && got != oneArray(n):
			t.Errorf("%d lines: room for %d lines, want %d (one array)", tc.lines, got, oneArray(n))
		case got < n || (!tc.closed && got > oneArray(maxFenceRoom)):
			t.Errorf("%d lines (closed %t): room for %d lines", tc.lines, tc.closed, got)
		}
	}
}

// TestParagraphLinesRoom: a paragraph's lines are one array the size of
// the paragraph (codeParagraphs counts the lines that surely continue
// it), not an array grown line by line; a line that could end it stops
// the count, and the lines after it grow the array as before.
func TestParagraphLinesRoom(t *testing.T) {
	oneArray := func(n int) int { return cap(append([]text.Segment(nil), make([]text.Segment, n)...)) }
	for _, tc := range []struct {
		text  string
		lines int
		exact bool
	}{
		{strings.Repeat("Run `/act.x` next.\n", 50) + "\n- item\n", 50, true},
		{strings.Repeat("a line\n", 3000), 3000, true},
		{"one line\n\nnext\n", 1, true},
		{"a\n-b\nc\n", 3, false}, // "-b" continues the paragraph, but the count stops there
	} {
		root := mdParser.Parse(text.NewReader([]byte(tc.text)))
		para := root.FirstChild()
		if para == nil || para.Kind() != ast.KindParagraph {
			t.Fatalf("%.20q: no paragraph first", tc.text)
		}
		n := para.Lines().Len()
		if n != tc.lines {
			// a paragraph without a backtick keeps one empty line
			if !(n == 1 && !strings.Contains(tc.text, "`")) {
				t.Fatalf("%.20q: %d lines, want %d", tc.text, n, tc.lines)
			}
		}
		got := cap(para.Lines().Sliced(0, n))
		if tc.exact && got != oneArray(tc.lines) || got < n {
			t.Errorf("%.20q: room for %d lines, want %d (one array)", tc.text, got, oneArray(tc.lines))
		}
	}
}

// TestMaskSkipsShortLines: maskForGoldmark skips the lines its bounds
// cannot touch without measuring them (at most maxContainerPrefix+1
// bytes with the newline); a line is masked exactly when deepPrefix cuts
// it, on prefixes of '>' around the bound, ended by "\n", "\r\n" or the
// end of the document, with and without a BOM.
func TestMaskSkipsShortLines(t *testing.T) {
	for _, bom := range []string{"", "\ufeff"} {
		for k := maxContainerPrefix - 4; k <= maxContainerPrefix+4; k++ {
			for _, end := range []string{"\n", "\r\n", ""} {
				line := strings.Repeat(">", k) + "x"
				src := []byte(bom + "a\n" + line + end)
				if end != "" {
					src = append(src, "b\n"...)
				}
				p := &docParser{src: src, li: NewLineIndex(src)}
				body, _ := p.maskForGoldmark(src, 0)
				cut, _ := deepPrefix([]byte(line))
				if masked := !bytes.Equal(body, src); masked != (cut >= 0) {
					t.Errorf("%d '>' then x, end %q, BOM %v: masked %v, deepPrefix cuts at %d", k, end, bom != "", masked, cut)
				}
			}
		}
	}
}
