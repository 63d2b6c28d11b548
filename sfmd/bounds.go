package sfmd

import (
	"bytes"
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// What sfmd hands to goldmark, and why it is bounded.
//
// sfmd reads three things from goldmark's tree: fenced code blocks,
// indented code blocks and code spans (see parseMarkdown); links,
// shortcuts, comments and everything else are found by sfmd's own
// scanners. goldmark is super-linear on several inputs, so the parser
// hands it only what it needs and bounds the rest, keeping every byte
// offset exact (masks replace bytes one for one; the AST reads the
// original bytes through goldmark's offsets):
//
//   - lines longer than maxMarkdownLine reach goldmark as spaces
//     (maskForGoldmark; its inline parser is quadratic within a line);
//   - a line's container prefix (indentation, '>' and list markers) is
//     cut at maxContainerPrefix columns: the bytes past it reach goldmark
//     as 'x' (maskDeepPrefix). goldmark re-checks every open container
//     against every line, and a list item's check scans the indentation,
//     so depth d costs d³ (depth 2,000 took 8.7 s, 10,000 never ended);
//   - the inline parsers are code spans, autolinks and raw HTML only
//     (markdownParser): they decide where code spans are, and code spans
//     bind tighter than links and emphasis, so links, emphasis and link
//     reference definitions, which take quadratic time in a long
//     paragraph ("*a_" lines: 250 KB took 45 s), are not parsed;
//   - a code span opener without a closer does not rescan the rest of
//     the paragraph (boundedCodeSpans).
//
// The re-parses of the fence recovery (recover.go) mask a copy of this
// bounded input, never of the source, and ParseAsRuntime takes the same
// path: every byte goldmark sees is bounded.

// maxContainerPrefix is the widest container prefix, in columns (tabs to
// multiples of 4), handed to goldmark: 32 nested lists or 128 nested
// block quotes. Past it a line's deeper structure is plain text to
// goldmark: an act.* fence nested deeper is not an action.
const maxContainerPrefix = 128

// mdParser is goldmark's CommonMark block parser with the inline parsers
// sfmd needs (see above). It is safe for concurrent use: every Parse call
// gets its own context.
var mdParser = markdownParser(blockParsers())

// markdownParser is goldmark with the given block parsers and the inline
// parsers sfmd needs.
func markdownParser(blocks []util.PrioritizedValue) parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(blocks...),
		parser.WithInlineParsers(
			util.Prioritized(boundedCodeSpans{}, 100),
			util.Prioritized(parser.NewAutoLinkParser(), 300),
			util.Prioritized(parser.NewRawHTMLParser(), 400),
		),
	)
}

// maskForGoldmark returns body, or a copy of it with the long lines
// blanked and the deep container prefixes cut (see above), and the
// numbers of the blanked lines.
func (p *docParser) maskForGoldmark(body []byte, base int) ([]byte, []int) {
	var out []byte
	var long []int
	first := p.li.LineOf(base)
	starts := p.li.starts
	for n := first; n <= p.li.LineCount(); n++ {
		if n < len(starts) && starts[n]-starts[n-1] <= maxContainerPrefix+1 {
			continue // maxContainerPrefix+1 bytes with its newline at most: under both bounds below
		}
		s, e := p.li.LineStart(n), p.li.LineEnd(n)
		if s < base {
			continue
		}
		if e-s > maxMarkdownLine {
			if out == nil {
				out = append([]byte(nil), body...)
			}
			for i := s - base; i < e-base; i++ {
				out[i] = ' '
			}
			long = append(long, n)
			continue
		}
		if e-s <= maxContainerPrefix {
			continue // too short to hold a deeper prefix
		}
		cut, end := deepPrefix(p.src[s:e])
		if cut < 0 {
			continue
		}
		if out == nil {
			out = append([]byte(nil), body...)
		}
		for i := s + cut - base; i < s+end-base; i++ {
			out[i] = 'x'
		}
	}
	if out == nil {
		return body, nil
	}
	return out, long
}

// deepPrefix measures the container prefix of line: spaces, tabs, '>' and
// list markers ("-", "+", "*" or up to 9 digits and "." or ")", each
// followed by a space, a tab or the end of the line). When it is wider
// than maxContainerPrefix columns and followed by more text, it returns
// the byte where the excess starts and the end of the prefix; otherwise
// -1. A line that is all prefix (blank, or markers only) is left alone:
// masking it would turn a blank line into text.
func deepPrefix(line []byte) (cut, end int) {
	cut = -1
	col := 0
	i := 0
	for i < len(line) {
		c := line[i]
		w := 0 // bytes of this prefix element
		switch {
		case c == ' ' || c == '>':
			w = 1
		case c == '\t':
			w = 1
		case c == '-' || c == '+' || c == '*':
			if i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t' {
				w = 1
			}
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j < len(line) && (line[j] == '.' || line[j] == ')') && (j+1 == len(line) || line[j+1] == ' ' || line[j+1] == '\t') {
				w = j + 1 - i
			}
		}
		if w == 0 {
			break
		}
		if c == '\t' {
			col += 4 - col%4
		} else {
			col += w
		}
		if cut < 0 && col > maxContainerPrefix {
			cut = i
		}
		i += w
	}
	if cut < 0 || i == len(line) {
		return -1, 0
	}
	return cut, i
}

// boundedCodeSpans is goldmark's code span parser without its quadratic
// case: an opener with no closing run of the same length in the rest of
// the block scans the whole rest of the block, once per opener. Openers
// go to goldmark's parser, which stops at their closer, until one finds
// none: that one scanned the rest of the block, and so does recording
// every backtick run after it; from then on an opener with no closer in
// the table fails at once, exactly as goldmark's scan would. Blocks where
// every opener is closed (nearly all) build no table.
type boundedCodeSpans struct{}

var (
	goldmarkCodeSpans = parser.NewCodeSpanParser()
	codeRunsKey       = parser.NewContextKey()
)

// codeRuns are the backtick runs of one block from the first code span
// opener on: the source offsets of the runs of n backticks, in order, are
// short[n] for the usual lengths and long[n] for the others (an array,
// not a map: building a map for every paragraph with code was a few
// percent of sfmd lint).
type codeRuns struct {
	block ast.Node
	short [maxShortRun + 1][]int
	long  map[int][]int
}

const maxShortRun = 8

// offsets returns the offsets of the runs of n backticks.
func (r *codeRuns) offsets(n int) []int {
	if n <= maxShortRun {
		return r.short[n]
	}
	return r.long[n]
}

func (r *codeRuns) add(n, at int) {
	if n <= maxShortRun {
		r.short[n] = append(r.short[n], at)
		return
	}
	if r.long == nil {
		r.long = map[int][]int{}
	}
	r.long[n] = append(r.long[n], at)
}

func (boundedCodeSpans) Trigger() []byte { return []byte{'`'} }

func (boundedCodeSpans) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	runs, _ := pc.Get(codeRunsKey).(*codeRuns)
	if runs != nil && runs.block == parent {
		// an earlier opener of this block had no closer
		line, seg := block.PeekLine()
		n := 0
		for n < len(line) && line[n] == '`' {
			n++
		}
		at := seg.Start - seg.Padding // source offset of line[0]
		offs := runs.offsets(n)
		if k := sort.SearchInts(offs, at+1); k == len(offs) {
			// no closer: the opener is literal text, as goldmark would make it
			block.Advance(n)
			return ast.NewTextSegment(seg.WithStop(seg.Start + n))
		}
		return goldmarkCodeSpans.Parse(parent, block, pc)
	}
	node := goldmarkCodeSpans.Parse(parent, block, pc)
	if _, closed := node.(*ast.CodeSpan); !closed {
		// goldmark found no closer in the rest of the block; the reader
		// is past the opener
		pc.Set(codeRunsKey, scanCodeRuns(parent, block))
	}
	return node
}

// scanCodeRuns records the backtick runs of the rest of the block and
// puts the reader back where it was.
func scanCodeRuns(parent ast.Node, block text.Reader) *codeRuns {
	runs := &codeRuns{block: parent}
	l, pos := block.Position()
	for {
		line, seg := block.PeekLine()
		if line == nil {
			break
		}
		at := seg.Start - seg.Padding
		for i := 0; i < len(line); {
			k := bytes.IndexByte(line[i:], '`')
			if k < 0 {
				break
			}
			i += k
			j := i
			for j < len(line) && line[j] == '`' {
				j++
			}
			runs.add(j-i, at+i)
			i = j
		}
		block.AdvanceLine()
	}
	block.SetPosition(l, pos)
	return runs
}
