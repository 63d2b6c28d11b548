package sfmd

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The block structure read without goldmark's block pass.
//
// Of goldmark's tree sfmd reads the fenced code blocks, the indented code
// blocks and the code spans of paragraphs and headings (collectTree), and
// since codespans.go reads the code spans itself, goldmark's block pass
// (parseBlocks, openBlocks, closeBlocks) is all that is left of goldmark
// in most parses. readBlocks reads the block structure most documents are
// written in with one pass over their lines, as goldmark's parsers
// (parser/*.go of goldmark v1.8.7) read it at the top level of a document:
// blank lines, ATX headings (atxHeadingParser.Open), paragraphs and their
// continuation lines (paragraphParser, openBlocks), fenced code blocks
// (fencedCodeBlockParser.Open and Continue), indented code blocks
// (codeBlockParser), thematic breaks (isThematicBreak) and HTML comment
// blocks (htmlBlockParser, type 2). It makes the same nodes with the same
// segments and positions goldmark makes for the fences and code blocks,
// and reads the code spans of paragraphs and headings through the same
// readCodeSpans that codeParagraphs and codeHeadings call.
//
// Everything else makes it give up, and the whole document goes to
// goldmark as before: a container (a list item, a block quote), a setext
// underline or any line starting with '-', '*', '=' that could be one, an
// HTML block other than a comment, a tab in the indentation of a code
// block, and a paragraph or heading whose code spans readCodeSpans cannot
// read. It decides on the line where it meets one, so a document that
// falls back costs the scan of its lines up to there.
// TestFastBlocksMatchGoldmark compares the two readings.

// fastBlocks switches readBlocks on; the tests switch it off to compare
// with goldmark's block pass.
var fastBlocks = true

// blockScan is the state of one readBlocks pass.
type blockScan struct {
	src  []byte
	sink *codeSpanSink
	tree []ast.Node
	// at is the offset of the line being read; the scan ends at len(src)
	at int
	// para and lines are reused for every paragraph and heading: their
	// code spans are read from them, and nothing keeps them
	para  ast.Paragraph
	lines text.Segments
	segs  []text.Segment
}

// readBlocks appends to tree the fenced and indented code blocks of src,
// as collectTree lists goldmark's, and to sink.spans the code spans of
// its paragraphs and headings. It reports false when src holds a block it
// does not read exactly (see above): tree and sink.spans are then to be
// dropped.
func readBlocks(src []byte, sink *codeSpanSink, tree []ast.Node) ([]ast.Node, bool) {
	s := blockScan{src: src, sink: sink, tree: tree}
	ok := s.run()
	return s.tree, ok
}

// lineEnd returns the offset after the line starting at at: after its
// '\n', or len(src).
func (s *blockScan) lineEnd(at int) int {
	if i := bytes.IndexByte(s.src[at:], '\n'); i >= 0 {
		return at + i + 1
	}
	return len(s.src)
}

// lead measures line's indentation: the number of leading spaces, and
// whether the line is indented four columns or more (four spaces, or a
// tab among the leading blanks: a tab after fewer than four spaces
// reaches column four, util.IndentWidth).
func lead(line []byte) (spaces int, deep bool) {
	for spaces < len(line) && line[spaces] == ' ' {
		spaces++
	}
	return spaces, spaces >= 4 || (spaces < len(line) && line[spaces] == '\t')
}

// run reads the lines outside any block.
func (s *blockScan) run() bool {
	for s.at < len(s.src) {
		ls := s.at
		le := s.lineEnd(ls)
		line := s.src[ls:le]
		if util.IsBlank(line) {
			s.at = le
			continue
		}
		pos, deep := lead(line)
		if deep {
			if !s.codeBlock() {
				return false
			}
			continue
		}
		switch c := line[pos]; {
		case c == '#':
			if ok, seg, has := atxHeading(line, ls, pos, s.src); ok {
				if !s.heading(seg, has) {
					return false
				}
				s.at = le
				continue
			}
		case c == '`' || c == '~':
			if info, hasInfo, run, ok := fenceOpen(line, ls, pos); ok {
				if !s.fence(pos, c, run, info, hasInfo) {
					return false
				}
				continue
			}
		case c == '-' || c == '*' || c == '_':
			if isThematicBreak(line) {
				s.at = le
				continue
			}
			if isListItem(line) {
				return false
			}
		case c == '+' || (c >= '0' && c <= '9'):
			if isListItem(line) {
				return false
			}
		case c == '>':
			return false
		case c == '<':
			if !bytes.HasPrefix(line[pos:], []byte("<!--")) {
				return false
			}
			s.htmlComment()
			continue
		}
		if !s.paragraph() {
			return false
		}
	}
	return true
}

// paragraph reads the paragraph that starts on the line at s.at, to the
// line that ends it, and reads its code spans as codeParagraphs.Close
// does; false when a line may be one readBlocks does not read.
func (s *blockScan) paragraph() bool {
	start := s.at
	tick := false
	at := start
	for at < len(s.src) {
		le := s.lineEnd(at)
		line := s.src[at:le]
		if at > start {
			if util.IsBlank(line) {
				break
			}
			interrupts, ok := s.interrupts(line, at)
			if !ok {
				return false
			}
			if interrupts {
				break
			}
		}
		if !tick && bytes.IndexByte(line, '`') >= 0 {
			tick = true
		}
		at = le
	}
	s.at = at
	if !tick {
		return true // no code span: nothing sfmd reads
	}
	// the lines as paragraphParser.Close leaves them: each trimmed on the
	// left, the last also on the right
	s.lines.SetSliced(0, 0) // keeps the array
	for l := start; l < at; {
		le := s.lineEnd(l)
		seg := text.NewSegment(l, le)
		s.lines.Append(seg.TrimLeftSpace(s.src))
		l = le
	}
	n := s.lines.Len()
	last := s.lines.At(n - 1)
	s.lines.Set(n-1, last.TrimRightSpace(s.src))
	return readParagraphSpans(&s.para, &s.lines, s.src, s.sink)
}

// interrupts reports whether the non-blank line at at ends an open
// paragraph (a block that openBlocks opens there: an ATX heading, a
// fence, a thematic break); ok is false when it may end it in a way
// readBlocks does not read (a setext underline, a list item, a block
// quote, an HTML block).
func (s *blockScan) interrupts(line []byte, at int) (interrupts, ok bool) {
	pos, deep := lead(line)
	if deep {
		return false, true // no block that can interrupt a paragraph accepts it
	}
	switch c := line[pos]; c {
	case '#':
		ok, _, _ := atxHeading(line, at, pos, s.src)
		return ok, true
	case '`', '~':
		_, _, _, ok := fenceOpen(line, at, pos)
		return ok, true
	case '-', '*', '+', '_', '=':
		// setext underlines, thematic breaks, list items: unless the
		// marker is followed by text, not read here
		if pos+1 < len(line) && !util.IsSpace(line[pos+1]) && line[pos+1] != c {
			return false, true
		}
		return false, false
	case '>', '<':
		return false, false
	default:
		if c >= '0' && c <= '9' && isListItem(line) {
			return false, false
		}
	}
	return false, true
}

// heading reads the code spans of an ATX heading whose content is seg
// (has: it has content), as codeHeadings.Close does.
func (s *blockScan) heading(seg text.Segment, has bool) bool {
	if !has || bytes.IndexByte(seg.Value(s.src), '`') < 0 {
		return true
	}
	s.lines.SetSliced(0, 0) // keeps the array
	s.lines.Append(seg)
	return s.sink.readCodeSpans(&s.para, &s.lines, s.src)
}

// fence reads the fenced code block whose opening line is at s.at (its
// run of run characters c starts at column pos, info is its info string
// when hasInfo), as fencedCodeBlockParser.Continue reads its lines, and appends
// it to the tree; s.at ends after its closing line.
func (s *blockScan) fence(pos int, c byte, run int, info text.Segment, hasInfo bool) bool {
	var infoNode *ast.Text
	if hasInfo {
		infoNode = ast.NewTextSegment(info)
	}
	node := ast.NewFencedCodeBlock(infoNode)
	node.SetPos(s.at + pos)
	segs := s.segs[:0]
	at := s.lineEnd(s.at)
	for at < len(s.src) {
		le := s.lineEnd(at)
		line := s.src[at:le]
		if w, i := util.IndentWidth(line, 0); w < 4 {
			j := i
			for j < len(line) && line[j] == c {
				j++
			}
			if j-i >= run && util.IsBlank(line[j:]) {
				at = le
				break
			}
		}
		start := 0
		if pos > 0 {
			sp, _ := lead(line)
			switch {
			case sp >= pos:
				start = pos
			case sp < len(line) && line[sp] == '\t':
				return false // a tab in the indentation the fence strips
			case sp < len(line) && line[sp] != '\n':
				start = sp
			}
		}
		seg := text.NewSegment(at+start, le)
		seg.ForceNewline = true
		segs = append(segs, seg)
		at = le
	}
	node.Lines().AppendAll(segs)
	s.segs = segs[:0]
	s.tree = append(s.tree, node)
	s.at = at
	return true
}

// codeBlock reads the indented code block whose first line is at s.at,
// as codeBlockParser reads it, and appends it to the tree; false when a
// line's first four columns hold a tab (goldmark pads the segment).
func (s *blockScan) codeBlock() bool {
	node := ast.NewCodeBlock()
	segs := s.segs[:0]
	at := s.at
	for at < len(s.src) {
		le := s.lineEnd(at)
		line := s.src[at:le]
		sp, _ := lead(line)
		blank := util.IsBlank(line)
		switch {
		case sp >= 4:
			seg := text.NewSegment(at+4, le)
			seg.ForceNewline = true
			segs = append(segs, seg)
		case sp < len(line) && line[sp] == '\t':
			return false
		case blank:
			segs = append(segs, text.NewSegment(le-1, le))
		}
		if !blank && sp < 4 {
			break
		}
		if at == s.at {
			// openBlocks' block offset: none when the indentation's
			// width reaches the line's length in bytes
			if w, first := util.IndentWidth(line, 0); w < len(line) {
				node.SetPos(at + first)
			} else {
				node.SetPos(at)
			}
		}
		at = le
	}
	// codeBlockParser.Close: trailing blank lines are dropped
	n := len(segs)
	for n > 0 && util.IsBlank(segs[n-1].Value(s.src)) {
		n--
	}
	node.Lines().AppendAll(segs[:n])
	s.segs = segs[:0]
	s.tree = append(s.tree, node)
	s.at = at
	return true
}

// htmlComment skips the HTML block of type 2 (a comment) that starts on
// the line at s.at: to the end of that line when it holds "-->", else to
// the end of the first later line that does (htmlBlockParser.Continue).
func (s *blockScan) htmlComment() {
	end := []byte("-->")
	le := s.lineEnd(s.at)
	if bytes.Contains(s.src[s.at:le], end) {
		s.at = le
		return
	}
	at := le
	for at < len(s.src) {
		e := s.lineEnd(at)
		found := bytes.Contains(s.src[at:e], end)
		at = e
		if found {
			break
		}
	}
	s.at = at
}

// atxHeading reads line (at file offset ls, its first non-space byte at
// pos, a '#') as atxHeadingParser.Open does: ok when it is an ATX
// heading, whose content is seg when has.
func atxHeading(line []byte, ls, pos int, src []byte) (ok bool, seg text.Segment, has bool) {
	i := pos
	for i < len(line) && line[i] == '#' {
		i++
	}
	if level := i - pos; level == 0 || level > 6 {
		return false, seg, false
	}
	if i == len(line) {
		return true, seg, false
	}
	l := util.TrimLeftSpaceLength(line[i:])
	if l == 0 {
		return false, seg, false
	}
	start := min(i+l, len(line)-1)
	hl := text.NewSegment(ls+start, ls+len(line))
	hl = hl.TrimRightSpace(src)
	if hl.Len() == 0 {
		return true, seg, false
	}
	// the closing sequence of '#'
	v := hl.Value(src)
	stop := len(v)
	j := stop - 1
	for ; v[j] == '#' && j > 0; j-- {
	}
	if j == 0 && v[0] == '#' {
		return true, seg, false
	}
	if j != stop-1 && util.IsSpace(v[j]) {
		stop = j
		stop -= util.TrimRightSpaceLength(v[0:stop])
	}
	hl.Stop = hl.Start + stop
	return true, hl, true
}

// fenceOpen reads line (at file offset ls, its first non-space byte at
// pos) as fencedCodeBlockParser.Open does: ok when it opens a fence of
// run characters, whose info string is info when hasInfo.
func fenceOpen(line []byte, ls, pos int) (info text.Segment, hasInfo bool, run int, ok bool) {
	c := line[pos]
	i := pos
	for i < len(line) && line[i] == c {
		i++
	}
	run = i - pos
	if run < 3 {
		return info, false, 0, false
	}
	if i < len(line)-1 {
		rest := line[i:]
		left := util.TrimLeftSpaceLength(rest)
		right := util.TrimRightSpaceLength(rest)
		if left < len(rest)-right {
			infoStart, infoStop := ls+i+left, ls+len(line)-right
			if c == '`' && bytes.IndexByte(rest[left:len(rest)-right], '`') >= 0 {
				return info, false, 0, false
			}
			if infoStart != infoStop {
				info, hasInfo = text.NewSegment(infoStart, infoStop), true
			}
		}
	}
	return info, hasInfo, run, true
}

// isThematicBreak is goldmark's isThematicBreak at a line's start.
func isThematicBreak(line []byte) bool {
	w, pos := util.IndentWidth(line, 0)
	if w > 3 {
		return false
	}
	mark, count := byte(0), 0
	for _, c := range line[pos:] {
		if util.IsSpace(c) {
			continue
		}
		if mark == 0 {
			mark = c
			if c != '*' && c != '-' && c != '_' {
				return false
			}
		} else if c != mark {
			return false
		}
		count++
	}
	return count > 2
}

// isListItem reports whether goldmark's parseListItem reads line as a
// list item (a bullet, or up to nine digits and '.' or ')', after at most
// three spaces, followed by a blank or the end of the line).
func isListItem(line []byte) bool {
	i, l := 0, len(line)
	for i < l && line[i] == ' ' {
		i++
	}
	if i > 3 || i == l {
		return false
	}
	if c := line[i]; c == '-' || c == '*' || c == '+' {
		i++
	} else {
		j := i
		for j < l && line[j] >= '0' && line[j] <= '9' {
			j++
		}
		if j == i || j-i > 9 || j == l || (line[j] != '.' && line[j] != ')') {
			return false
		}
		i = j + 1
	}
	if i < l && line[i] != '\n' {
		if w, _ := util.IndentWidth(line[i:], 0); w == 0 {
			return false
		}
	}
	return true
}
