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
// without a backtick leaves the block pass with one empty line at its
// start: the inline pass then has nothing to read in it. The paragraph
// keeps its place in the tree and its position, and a setext heading
// made of it still becomes a heading (goldmark reads a paragraph with no
// lines as a link reference definition and undoes the heading, so the
// line is emptied, not removed). Paragraphs with a backtick, headings
// and everything else go through goldmark's inline pass as before.
type codeParagraphs struct{ parser.BlockParser }

func newCodeParagraphs() parser.BlockParser {
	return codeParagraphs{parser.NewParagraphParser()}
}

func (p codeParagraphs) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	p.BlockParser.Close(node, reader, pc)
	if node.Parent() == nil {
		return // removed: nothing was left of it
	}
	lines := node.Lines()
	if lines.Len() == 0 {
		return
	}
	src := reader.Source()
	for i := range lines.Len() {
		if seg := lines.At(i); bytes.IndexByte(seg.Value(src), '`') >= 0 {
			return
		}
	}
	start := lines.At(0).Start
	lines.Set(0, text.NewSegment(start, start))
	lines.SetSliced(0, 1)
}

// blockParsers are goldmark's default block parsers with codeParagraphs
// in place of its paragraph parser.
func blockParsers() []util.PrioritizedValue {
	ps := parser.DefaultBlockParsers()
	paragraphs := parser.NewParagraphParser() // goldmark's one instance
	for i, p := range ps {
		if p.Value == paragraphs {
			ps[i].Value = newCodeParagraphs()
			return ps
		}
	}
	panic("sfmd: goldmark's default block parsers have no paragraph parser")
}
