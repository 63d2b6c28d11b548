package sfmd

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// sfmd reads three things from goldmark's tree: fenced code blocks,
// indented code blocks and code spans. The first two come from goldmark's
// block pass; code spans come from its inline pass, which walks every
// byte of every paragraph, one character at a time, and makes a text
// node per line: on prose-heavy documents that was a fifth of the CPU of
// `sfmd lint`. A paragraph without a backtick cannot hold a code span,
// so its inline pass finds nothing sfmd reads.
//
// codeParagraphs is goldmark's paragraph parser, except that a paragraph
// leaves the block pass with only the lines its code spans can lie on
// (codeLines), and a paragraph without a backtick, or whose code spans
// sfmd read itself (readCodeSpans, when the parse has a codeSpanSink),
// with one empty line at its start: the inline pass then has little or
// nothing to read in it.
// The paragraph keeps its place in the tree, and a setext heading made of
// it still becomes a heading (goldmark reads a paragraph with no lines as
// a link reference definition and undoes the heading, so a line is
// emptied, not removed). Everything else but ATX headings
// (codeHeadings) goes through goldmark's inline pass as before.
type codeParagraphs struct{ parser.BlockParser }

func newCodeParagraphs() parser.BlockParser {
	return codeParagraphs{parser.NewParagraphParser()}
}

// Open is goldmark's (paragraphParser.Open), except that the paragraph
// gets room for its lines: the lines after the first up to the first
// that could end it or start another block (paragraphRows). goldmark
// appended them one by one to an array grown by doubling.
func (p codeParagraphs) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, segment := reader.PeekLine()
	if util.IsBlank(line) {
		return nil, parser.NoChildren
	}
	node := ast.NewParagraph()
	lines := node.Lines()
	reserveLines(lines, 1+paragraphRows(reader.Source(), segment.Stop))
	lines.Append(segment)
	reader.AdvanceToEOL()
	return node, parser.NoChildren
}

// paragraphRows counts the lines from src[at] on that continue a
// paragraph for sure: up to the first blank line or line whose first
// character could start a block or a setext underline (the count is then
// exact or short; short only costs the array growing).
func paragraphRows(src []byte, at int) int {
	rows := 0
	for at < len(src) {
		end := bytes.IndexByte(src[at:], '\n')
		if end < 0 {
			end = len(src) - at
		}
		i := at
		for i < at+end && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		if i == at+end || paragraphStop[src[i]] {
			break
		}
		rows++
		at += end + 1
	}
	return rows
}

// paragraphStop are the first characters of a line that may end a
// paragraph: a blank line's, and those of blocks that can interrupt one
// (headings, fences, block quotes, list items, thematic breaks, HTML)
// and of setext underlines.
var paragraphStop = [256]bool{'\r': true, '#': true, '`': true, '~': true, '>': true, '-': true, '+': true, '*': true,
	'_': true, '=': true, '<': true, '0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true,
	'7': true, '8': true, '9': true}

// reserveLines makes room for n lines in the empty lines.
func reserveLines(lines *text.Segments, n int) {
	if n <= 1 {
		return
	}
	if n <= len(noSegments) {
		lines.AppendAll(noSegments[:n])
	} else {
		lines.AppendAll(make([]text.Segment, n))
	}
	lines.SetSliced(0, 0)
}

func (p codeParagraphs) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	p.BlockParser.Close(node, reader, pc)
	if node.Parent() == nil {
		return // removed: nothing was left of it
	}
	lines := node.Lines()
	n := lines.Len()
	if n == 0 {
		return
	}
	sink, _ := pc.Get(codeSpanSinkKey).(*codeSpanSink)
	if !readParagraphSpans(node, lines, reader.Source(), sink) {
		return
	}
	// nothing left for the inline pass
	start := lines.At(0).Start
	lines.Set(0, text.NewSegment(start, start))
	lines.SetSliced(0, 1)
}

// readParagraphSpans cuts the lines of the paragraph node to those its
// code spans can lie on (codeLines) and has sink read their code spans:
// it reports whether none is left for goldmark's inline pass (the lines
// hold no backtick, or sink read them; a nil sink reads none).
func readParagraphSpans(node ast.Node, lines *text.Segments, src []byte, sink *codeSpanSink) bool {
	first, last, lt := -1, -1, -1 // lines with a backtick; the first with a '<'
	for i := range lines.Len() {
		seg := lines.At(i)
		v := seg.Value(src)
		if bytes.IndexByte(v, '`') >= 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
		if lt < 0 && bytes.IndexByte(v, '<') >= 0 {
			lt = i
		}
	}
	if first < 0 {
		return true
	}
	lines.SetSliced(codeLines(lines, src, first, last, lt))
	return sink != nil && sink.readCodeSpans(node, lines, src)
}

// codeLines returns the lines of a paragraph, from lo to hi, that its
// code spans can lie on: from the first line with a backtick to the last.
// The lines before and after hold no code span and cannot change where
// one is, with two exceptions, where they are kept: raw HTML, which can
// run over several lines and hide backticks, when a '<' (line lt) comes
// before the part cut; and a line ending in a backslash before the first
// line kept (goldmark's inline pass carries an odd run of backslashes at
// the end of a line over to the next line's first character).
func codeLines(lines *text.Segments, src []byte, first, last, lt int) (lo, hi int) {
	lo, hi = 0, lines.Len()
	if lt < 0 || lt > last {
		hi = last + 1
	}
	if first > 0 && (lt < 0 || lt >= first) {
		prev := lines.At(first - 1)
		v := bytes.TrimRight(prev.Value(src), "\r\n")
		if !bytes.HasSuffix(v, []byte{'\\'}) {
			lo = first
		}
	}
	return lo, hi
}

// codeHeadings is goldmark's ATX heading parser, except that a heading
// without a backtick, or whose code spans sfmd read itself
// (readCodeSpans), leaves the block pass with its line emptied: the
// inline pass has nothing to read in it.
type codeHeadings struct{ parser.BlockParser }

func (h codeHeadings) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	h.BlockParser.Close(node, reader, pc)
	lines := node.Lines()
	src := reader.Source()
	for i := range lines.Len() {
		if seg := lines.At(i); bytes.IndexByte(seg.Value(src), '`') >= 0 {
			sink, _ := pc.Get(codeSpanSinkKey).(*codeSpanSink)
			if sink == nil || !sink.readCodeSpans(node, lines, src) {
				return
			}
			break
		}
	}
	for i := range lines.Len() {
		start := lines.At(i).Start
		lines.Set(i, text.NewSegment(start, start))
	}
}

// codeFences is goldmark's fenced code block parser, except that a block
// gets room for its lines when it opens: goldmark appends them one by
// one, and the growing array was two thirds of the bytes goldmark's
// blocks allocated for their lines. The room is for the lines up to the
// first that closes the fence (container prefixes allowed), at most
// maxFenceRoom: a block that ends earlier (its container ends) leaves
// the rest unused, a longer one grows as before.
type codeFences struct{ parser.BlockParser }

// maxFenceRoom bounds the lines codeFences counts ahead and reserves.
const maxFenceRoom = 256

// noSegments is what codeFences appends to make room: only ever read.
var noSegments [maxFenceRoom]text.Segment

func (f codeFences) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	node, state := f.BlockParser.Open(parent, reader, pc)
	if node == nil {
		return node, state
	}
	i := pc.BlockOffset()
	if i < 0 || i >= len(line) {
		return node, state
	}
	c, n := line[i], 0
	for i < len(line) && line[i] == c {
		i++
		n++
	}
	src := reader.Source()
	rows := 0
	for at := seg.Stop; at < len(src) && rows < maxFenceRoom; rows++ {
		end := bytes.IndexByte(src[at:], '\n')
		if end < 0 {
			end = len(src) - at
		}
		if isClosingFence(src[at:at+end], c, n) {
			break
		}
		at += end + 1
	}
	reserveLines(node.Lines(), rows)
	return node, state
}

// blockParsers are goldmark's default block parsers (the same parsers at
// the same priorities, parser.DefaultBlockParsers) with codeHeadings and
// codeParagraphs in place of its ATX heading and paragraph parsers.
func blockParsers() []util.PrioritizedValue {
	return []util.PrioritizedValue{
		util.Prioritized(parser.NewSetextHeadingParser(), 100),
		util.Prioritized(parser.NewThematicBreakParser(), 200),
		util.Prioritized(parser.NewListParser(), 300),
		util.Prioritized(parser.NewListItemParser(), 400),
		util.Prioritized(parser.NewCodeBlockParser(), 500),
		util.Prioritized(codeHeadings{parser.NewATXHeadingParser()}, 600),
		util.Prioritized(codeFences{parser.NewFencedCodeBlockParser()}, 700),
		util.Prioritized(parser.NewBlockquoteParser(), 800),
		util.Prioritized(parser.NewHTMLBlockParser(), 900),
		util.Prioritized(newCodeParagraphs(), 1000),
	}
}
