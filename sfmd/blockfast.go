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
// (parser/*.go of goldmark v1.8.7) read it: blank lines, ATX headings
// (atxHeadingParser.Open), paragraphs and their continuation lines
// (paragraphParser, openBlocks), fenced code blocks
// (fencedCodeBlockParser.Open and Continue), indented code blocks
// (codeBlockParser), thematic breaks (isThematicBreak), setext
// underlines (setextHeadingParser) and HTML blocks of every type
// (htmlBlockParser: blockfast_html.go) at the top level; lists whose
// items hold paragraphs, ATX headings and fences, nested lists included
// (listParser, listItemParser); block quotes of paragraphs, ATX
// headings, fences and such lists (blockquoteParser). It makes the same
// nodes with the same segments and positions goldmark makes for the
// fences and code blocks, and reads the code spans of paragraphs and
// headings through the same readCodeSpans that codeParagraphs and
// codeHeadings call.
//
// Everything else makes it give up, and the whole document goes to
// goldmark as before: a block inside a list item other than a paragraph,
// a list, an ATX heading or a fence (indented code, a quote), a block
// inside a block quote other than those (a quote, indented code), a
// fence in a list item in a quote, a fence a list item's end cuts short,
// a setext underline or a line that could be one in a list or a quote,
// an HTML block in a list or a quote, a tab in the indentation of a
// container or a code block, list items whose content lies more than
// four columns in, and a paragraph or heading whose code spans
// readCodeSpans cannot read. It decides on the line where it meets one,
// so a document that falls back costs the scan of its lines up to there.
// TestFastBlocksMatchGoldmark and FuzzBlockFastPath compare the two
// readings.

// fastBlocks switches readBlocks on; the tests switch it off to compare
// with goldmark's block pass.
var fastBlocks = true

// blockScan is the state of a readBlocks pass, and the memory it reuses
// from one pass to the next (a parse's recoveries and the parses after
// it: see parseScratch).
type blockScan struct {
	src  []byte
	sink *codeSpanSink
	tree []*block
	// at is the offset of the line being read; the scan ends at len(src)
	at int
	// para and lines are reused for every paragraph and heading: their
	// code spans are read from them, and nothing keeps them
	para  ast.Paragraph
	lines text.Segments
	// cols is the stack of list items' content columns (list)
	cols []int
	// the blocks a pass makes, and their lines one after another in all
	// (each block's lines are a slice of it, which nothing appends to).
	// They live as long as the tree they are in: parseMarkdown reads them
	// and drops them before the parse returns, and the next pass makes
	// its blocks in the same memory.
	blocks pool[block]
	all    text.Segments
	// allCap is the room all was made with (see beginLines)
	allCap int
	// starts, when set, are the line starts (LineIndex.starts) of the
	// file src is the tail of, from offset base on: lineEnd reads the
	// ends of lines from them instead of searching for each '\n' again;
	// nk is the index lineEnd last stopped at
	starts   []int
	base, nk int
}

// pool hands out T values from chunks that never move (a block's address
// stays valid while later blocks are made), reused from one readBlocks
// pass to the next. Chunks grow from 16 to 256 values.
type pool[T any] struct {
	chunks [][]T
	k, n   int // the chunk in use and the values handed out from it
}

func (p *pool[T]) next() *T {
	if p.k < len(p.chunks) && p.n == len(p.chunks[p.k]) {
		p.k, p.n = p.k+1, 0
	}
	if p.k == len(p.chunks) {
		size := 256
		if p.k < 2 {
			size = 16 << (2 * p.k) // 16, 64
		}
		p.chunks = append(p.chunks, make([]T, size))
	}
	v := &p.chunks[p.k][p.n]
	p.n++
	return v
}

// reset makes the values handed out free for the next pass.
func (p *pool[T]) reset() { p.k, p.n = 0, 0 }

// trim drops the chunks after the first n.
func (p *pool[T]) trim(n int) {
	if len(p.chunks) > n {
		clear(p.chunks[n:])
		p.chunks = p.chunks[:n]
	}
}

// readBlocks appends to tree the fenced and indented code blocks of src,
// as collectTree lists goldmark's, and to sink.spans the code spans of
// its paragraphs and headings. It reports false when src holds a block it
// does not read exactly (see above): tree and sink.spans are then to be
// dropped. The blocks' lines are s's: they are valid until s reads again.
func (s *blockScan) read(src []byte, sink *codeSpanSink, tree []*block) ([]*block, bool) {
	s.src, s.sink, s.tree, s.at = src, sink, tree, 0
	s.blocks.reset()
	s.all.SetSliced(0, 0)
	ok := s.run()
	tree = s.tree
	s.src, s.sink, s.tree = nil, nil, nil
	return tree, ok
}

// readTail is read of src, the tail of the file li indexes (from offset
// len(li.src)-len(src) on; src holds the same bytes), with lineEnd reading
// the ends of lines from li when blockStarts is on.
func (s *blockScan) readTail(src []byte, li *LineIndex, sink *codeSpanSink, tree []*block) ([]*block, bool) {
	if blockStarts {
		s.starts, s.base = li.starts, len(li.src)-len(src)
		s.nk = li.LineOf(s.base) // the starts at or before the first line
	}
	tree, ok := s.read(src, sink, tree)
	s.starts = nil
	return tree, ok
}

// blockStarts switches on lineEnd's reading of the line index; the tests
// switch it off to hold it to the search for each '\n'.
var blockStarts = true

// readBlocks reads src with a blockScan of its own (see read).
func readBlocks(src []byte, sink *codeSpanSink, tree []*block) ([]*block, bool) {
	return new(blockScan).read(src, sink, tree)
}

// keepBlocks empties s, dropping the memory it holds when it is too large
// to keep (see maxKept).
func (s *blockScan) keepBlocks() {
	s.blocks.trim(4)
	s.cols = keep(s.cols)
	if s.lines.Len() > maxKept {
		s.lines = text.Segments{}
	}
	if s.all.Len() > s.allCap {
		s.all, s.allCap = text.Segments{}, 0 // a block's lines outgrew the room
	}
}

// beginLines returns where the lines of a new node start in s.all,
// giving s.all a new array of room first when little is left in its own
// (the nodes made before keep theirs). A node's lines that outgrow the
// room move s.all to a larger array as append does.
func (s *blockScan) beginLines() int {
	if s.all.Len()+32 > s.allCap {
		s.all = text.Segments{}
		s.all.AppendAll(noSegments[:])
		s.all.SetSliced(0, 0)
		s.allCap = len(noSegments)
	}
	return s.all.Len()
}

// addLines appends to the tree the block b, whose lines are s.all's from
// from on (unless they are whole lines).
func (s *blockScan) addLines(b block, from int) {
	n := s.blocks.next()
	*n = b
	if !b.whole {
		n.lines = s.all
		n.lines.SetSliced(from, s.all.Len())
	}
	s.tree = append(s.tree, n)
}

// lineEnd returns the offset after the line starting at at: after its
// '\n', or len(src).
func (s *blockScan) lineEnd(at int) int {
	if s.starts != nil {
		// the first line start after at: after the first '\n' at or after
		// at (lookups mostly move forward a line from the last one)
		a, k := s.base+at, s.nk
		for k > 0 && s.starts[k-1] > a {
			k--
		}
		for k < len(s.starts) && s.starts[k] <= a {
			k++
		}
		s.nk = k
		if k < len(s.starts) {
			return s.starts[k] - s.base
		}
		return len(s.src)
	}
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
		case c == '#' || c == '`' || c == '~':
			if l := leafAt(line, ls, pos, s.src); l.kind != 0 {
				if !s.readLeaf(l, 0, pos, false) {
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
				if !s.list(false) {
					return false
				}
				continue
			}
		case c == '+' || (c >= '0' && c <= '9'):
			if isListItem(line) {
				if !s.list(false) {
					return false
				}
				continue
			}
		case c == '>':
			if !s.quote() {
				return false
			}
			continue
		case c == '<':
			// a paragraph's text when it opens no HTML block
			if typ := htmlStart(line, false); typ != htmlNone {
				s.htmlBlock(typ)
				continue
			}
		}
		if !s.paragraph() {
			return false
		}
	}
	return true
}

// paragraph reads the paragraph that starts on the line at s.at, to the
// line that ends it, and reads its code spans as codeParagraphs.Close
// does; false when a line may be one readBlocks does not read. A setext
// underline ends it with the line: the paragraph becomes a heading
// (setextHeadingParser.Open closes it first, so codeParagraphs.Close
// reads its code spans all the same, and the heading takes its lines).
func (s *blockScan) paragraph() bool {
	start := s.at
	tick := false
	at, end := start, -1
	for at < len(s.src) {
		le := s.lineEnd(at)
		line := s.src[at:le]
		if at > start {
			if util.IsBlank(line) {
				break
			}
			if r := s.interrupts(line, at); r != paraGoesOn {
				if r == paraUnread {
					return false
				}
				end = at
				if r == paraUnderlined {
					at = le
				}
				break
			}
		}
		if !tick && bytes.IndexByte(line, '`') >= 0 {
			tick = true
		}
		at = le
	}
	if end < 0 {
		end = at
	}
	s.at = at
	return s.closeParagraph(start, end, tick, false)
}

// closeOpen is closeParagraph for the paragraph of a list or a quote
// whose first content byte is para, when one is open (para >= 0).
func (s *blockScan) closeOpen(para, end int, tick, quoted bool) bool {
	return para < 0 || s.closeParagraph(para, end, tick, quoted)
}

// closeParagraph reads the code spans of the paragraph whose lines run
// from file offset start (the first line's content, or its start) to end,
// as codeParagraphs.Close does, when they hold a backtick (tick). In a
// block quote (quoted), the lines after the first start after their
// quotePrefix.
func (s *blockScan) closeParagraph(start, end int, tick, quoted bool) bool {
	if !tick {
		return true // no code span: nothing sfmd reads
	}
	// the lines as paragraphParser.Close leaves them: each trimmed on the
	// left, the last also on the right
	s.lines.SetSliced(0, 0) // keeps the array
	for l := start; l < end; {
		le := s.lineEnd(l)
		seg := text.NewSegment(l, le)
		if quoted && l > start {
			seg.Start += quotePrefix(s.src[l:le])
		}
		s.lines.Append(seg.TrimLeftSpace(s.src))
		l = le
	}
	n := s.lines.Len()
	last := s.lines.At(n - 1)
	s.lines.Set(n-1, last.TrimRightSpace(s.src))
	return readParagraphSpans(&s.para, &s.lines, s.src, s.sink)
}

// What a non-blank line does to the paragraph open before it at the top
// level (interrupts).
const (
	paraGoesOn     = iota // it continues the paragraph
	paraEnds              // it opens a block that interrupts it, which run reads
	paraUnderlined        // a setext underline: the paragraph ends with it, a heading
	paraUnread            // it may end it in a way readBlocks does not read
)

// interrupts reads the non-blank line at at after a paragraph line at the
// top level, as openBlocks tries the block parsers that can interrupt a
// paragraph in the order of their priorities: a setext underline
// (setextHeadingParser, before the thematic break and the list that a
// "-" line could also be), a thematic break, a list item, an ATX
// heading, a fence, a block quote, an HTML block of types 1 to 6. It is
// paraUnread for a list item that listItemAt does not read.
func (s *blockScan) interrupts(line []byte, at int) int {
	pos, deep := lead(line)
	if deep {
		return paraGoesOn // no block that can interrupt a paragraph accepts it
	}
	switch c := line[pos]; c {
	case '#':
		if ok, _, _ := atxHeading(line, at, pos, s.src); ok {
			return paraEnds
		}
		return paraGoesOn
	case '`', '~':
		if _, _, _, ok := fenceOpen(line, at, pos); ok {
			return paraEnds
		}
		return paraGoesOn
	case '>':
		return paraEnds
	case '<':
		// an HTML block of types 1 to 6 interrupts a paragraph; a line
		// that opens none (or type 7, which cannot) continues it
		if htmlStart(line, true) != htmlNone {
			return paraEnds
		}
		return paraGoesOn
	case '-', '=':
		if setextBar(line) {
			return paraUnderlined
		}
	}
	if textStart(line[pos:]) {
		return paraGoesOn
	}
	if isThematicBreak(line) {
		return paraEnds
	}
	// a list item that interrupts a paragraph: a bullet, or an ordered
	// item numbered 1, with content (listParser.Open); other ordered
	// items continue it
	if it, ok := listItemAt(line, pos); ok && !isSetextBar(line[pos:]) {
		if it.bullet || it.one {
			return paraEnds
		}
		return paraGoesOn
	}
	return paraUnread
}

// setextBar is goldmark's matchesSetextHeadingBar: up to three spaces,
// a run of '=' or of '-', and white space (util.IsSpace) to the end.
func setextBar(line []byte) bool {
	start := 0
	for start < len(line) && line[start] == ' ' {
		start++
	}
	if start > 3 || start == len(line) {
		return false
	}
	c, n := line[start], 0
	if c != '=' && c != '-' {
		return false
	}
	for start+n < len(line) && line[start+n] == c {
		n++
	}
	return util.IsBlank(line[start+n:])
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
// run of run characters c starts pos columns right of col, the content
// column of the list item it is in, 0 at the top level; info is its info
// string when hasInfo), as fencedCodeBlockParser.Continue reads its
// lines, and appends it to the tree; s.at ends after its closing line.
// In a list item, a blank line reaches the fence as its line ending
// alone (listItemParser.Continue advances over a blank line). In a block
// quote (quoted: col is then the length of the first line's quotePrefix),
// each line reaches it after its own quotePrefix, and a line without one
// ends the quote and the fence (blockquoteParser.Continue). false when
// the indentation of a line holds a tab where it matters (in a quote,
// anywhere in it), and in a list item, when a line ends the item before
// the fence is closed.
func (s *blockScan) fence(col, pos int, c byte, run int, info text.Segment, hasInfo, quoted bool) bool {
	node := block{kind: blockFence, pos: s.at + col + pos, info: info, hasInfo: hasInfo}
	at := s.lineEnd(s.at)
	// a fence at the top level and not indented reads whole lines: the
	// block counts them from its first (the line start after the opening
	// line's) instead of keeping a segment for each
	whole := s.starts != nil && !quoted && col == 0 && pos == 0
	from := 0
	if whole {
		node.whole, node.first = true, s.nk
	} else {
		from = s.beginLines()
	}
	for at < len(s.src) {
		le := s.lineEnd(at)
		line := s.src[at:le]
		off := col
		if quoted {
			if off = quotePrefix(line); off == 0 {
				break // the quote ends, and the fence with it
			}
			line = line[off:]
			if sp, _ := lead(line); sp < len(line) && line[sp] == '\t' {
				return false
			}
			if len(line) == 0 {
				break // the last line, ">" alone: it reaches the fence as no line
			}
		} else if col > 0 {
			sp, _ := lead(line)
			switch {
			case util.IsBlank(line):
				if line[len(line)-1] != '\n' {
					return false // the last line: goldmark ends the block before it
				}
				seg := text.NewSegment(le-1, le)
				seg.ForceNewline = true
				s.all.Append(seg)
				at = le
				continue
			case sp < col || line[sp] == '\t':
				return false // the item ends, or a tab
			}
			line = line[col:]
		}
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
		if whole {
			node.count++
		} else {
			seg := text.NewSegment(at+off+start, le)
			seg.ForceNewline = true
			s.all.Append(seg)
		}
		at = le
	}
	s.addLines(node, from)
	s.at = at
	return true
}

// codeBlock reads the indented code block whose first line is at s.at,
// as codeBlockParser reads it, and appends it to the tree; false when a
// line's first four columns hold a tab (goldmark pads the segment).
func (s *blockScan) codeBlock() bool {
	node := block{kind: blockCode, pos: -1} // ast.NewCodeBlock: no position
	from := s.beginLines()
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
			s.all.Append(seg)
		case sp < len(line) && line[sp] == '\t':
			return false
		case blank:
			s.all.Append(text.NewSegment(le-1, le))
		}
		if !blank && sp < 4 {
			break
		}
		if at == s.at {
			// openBlocks' block offset: none when the indentation's
			// width reaches the line's length in bytes
			if w, first := util.IndentWidth(line, 0); w < len(line) {
				node.pos = at + first
			} else {
				node.pos = at
			}
		}
		at = le
	}
	// codeBlockParser.Close: trailing blank lines are dropped
	n := s.all.Len()
	for n > from {
		if last := s.all.At(n - 1); !util.IsBlank(last.Value(s.src)) {
			break
		}
		n--
	}
	s.all.SetSliced(0, n)
	s.addLines(node, from)
	s.at = at
	return true
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

// item is a list item's opening line read as parseListItem and
// listItemParser.Open read it.
type item struct {
	content int  // offset in the line of the content's first byte
	col     int  // the content's column: marker, then 1 to 4 spaces
	bullet  bool // '-', '*' or '+'; else an ordered item
	one     bool // an ordered item numbered 1
}

// listItemAt reads line, whose first non-space byte is at pos, as a list
// item readBlocks reads: a marker, 1 to 4 spaces (no tab) and content
// that textStart accepts. ok is false for any other line, list item or
// not (an empty item, content indented as code, a block on the item's
// line).
func listItemAt(line []byte, pos int) (it item, ok bool) {
	if !isListItem(line[pos:]) {
		return it, false
	}
	i := pos
	if c := line[i]; c == '-' || c == '*' || c == '+' {
		it.bullet = true
		i++
	} else {
		j := i
		for line[j] >= '0' && line[j] <= '9' {
			j++
		}
		n := bytes.TrimLeft(line[i:j], "0")
		it.one = len(n) == 1 && n[0] == '1'
		i = j + 1
	}
	sp := 0
	for i+sp < len(line) && line[i+sp] == ' ' {
		sp++
	}
	if sp == 0 || sp > 4 || i+sp == len(line) || !textStart(line[i+sp:]) {
		return it, false
	}
	it.content, it.col = i+sp, i+sp
	return it, true
}

// textStart reports whether a line whose content (after its
// indentation) is b can only be paragraph text wherever it stands in a
// list: no block of goldmark's starts with its first byte there (no
// heading, fence, block quote, HTML, list item, thematic break or setext
// underline), and it is not blank.
func textStart(b []byte) bool {
	if len(b) == 0 || util.IsSpace(b[0]) {
		return false
	}
	switch c := b[0]; c {
	case '#', '>':
		return false
	case '<':
		return htmlStart(b, false) == htmlNone // no HTML block, of any type
	case '`', '~':
		n := 0
		for n < len(b) && b[n] == c {
			n++
		}
		return n < 3
	case '-', '*', '+', '_', '=', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return !isListItem(b) && !isThematicBreak(b) && !isSetextBar(b)
	}
	return true
}

// paraText reports whether a non-blank line whose content (after its
// indentation) is b is paragraph text in a list or a block quote, where
// inPara says whether a paragraph is open before it: textStart accepts
// it, or it starts with '<' and opens no HTML block after a paragraph
// (a type 7 block cannot interrupt one).
func paraText(b []byte, inPara bool) bool {
	return textStart(b) || (inPara && b[0] == '<' && htmlStart(b, true) == htmlNone)
}

// isSetextBar reports whether b is a run of '=' or '-' followed by
// blanks only: a setext underline after a paragraph
// (matchesSetextHeadingBar), or close enough to one to be left to
// goldmark.
func isSetextBar(b []byte) bool {
	if len(b) == 0 || (b[0] != '=' && b[0] != '-') {
		return false
	}
	i := 0
	for i < len(b) && b[i] == b[0] {
		i++
	}
	return util.IsBlank(b[i:])
}

// list reads the list whose first item's line is at s.at (listItemAt
// accepts it) and the lines that belong to it, up to the first line that
// ends it (a line after a blank line that is not indented to its first
// item's content), as goldmark's listParser and listItemParser read
// them: the items' content columns make a stack, a line continues every
// item whose column it reaches, an item line opens an item under the
// deepest of them, a text line after a blank line opens a paragraph in
// it, and a text line right after a paragraph line continues it (lazily
// or not). It reads only lines without tabs in their indentation, items
// whose content column is at most four columns right of their
// container's (so that goldmark's listItemParser.Continue, which checks
// indentation below four columns only, agrees with CommonMark) and
// lines whose content textStart accepts; false on any other. In a block
// quote (quoted), each line is read after its quote prefix, and a line
// without one either continues a paragraph lazily or ends the quote and
// the list (quoteLine); a fence in an item is then left to goldmark.
func (s *blockScan) list(quoted bool) bool {
	cols := s.cols[:0]
	para, tick := -1, false // the open paragraph's first content byte
	for s.at < len(s.src) {
		ls := s.at
		le := s.lineEnd(ls)
		line, cs := s.src[ls:le], ls // the line after its quote prefix, and its offset
		if quoted {
			q, ok := s.quoteLine(line, ls, para >= 0)
			if !ok {
				return false
			}
			if q < 0 {
				break // the end of the quote: quote reads the line
			}
			line, cs = line[q:], ls+q
			if q == 0 {
				s.lazy(line, &tick)
				continue
			}
		}
		if util.IsBlank(line) {
			if !s.closeOpen(para, ls, tick, quoted) {
				return false
			}
			para = -1
			s.at = le
			continue
		}
		sp, _ := lead(line)
		if line[sp] == '\t' {
			return false
		}
		k := len(cols) // the items the line's indentation continues
		for k > 0 && cols[k-1] > sp {
			k--
		}
		base := 0
		if k > 0 {
			base = cols[k-1]
		}
		it, isItem := item{}, false
		if sp-base <= 3 {
			it, isItem = listItemAt(line, sp)
			if !isItem && isListItem(line[sp:]) {
				return false
			}
		}
		if isItem && isThematicBreak(line[sp:]) {
			return false
		}
		if isItem && (it.col-base > 4 || (para >= 0 && k == len(cols) && !it.bullet && !it.one)) {
			// an item whose content lies more than four columns right of
			// its container's; or an ordered item not numbered 1 right
			// after a paragraph line of the item it would nest in, which
			// it continues instead (listParser.Open)
			return false
		}
		if isItem {
			if !s.closeOpen(para, ls, tick, quoted) {
				return false
			}
			cols = append(cols[:k], it.col)
			para, tick = cs+it.content, false
		} else {
			if k == 0 && (para < 0 || s.endsList(line, cs, sp)) {
				break // the end of the list: run (or quote) reads the line
			}
			if k > 0 && sp-base < 4 {
				if l := leafAt(line, cs, sp, s.src); l.kind != 0 {
					// a heading or a fence in item k (it interrupts a
					// paragraph); a fence in a quoted item is not read
					if (quoted && l.kind != '#') || !s.closeOpen(para, ls, tick, quoted) {
						return false
					}
					para, cols = -1, cols[:k]
					if !s.readLeaf(l, base, sp-base, false) {
						return false
					}
					continue
				}
			}
			if !paraText(line[sp:], para >= 0) {
				return false
			}
			if para < 0 {
				// after a blank line: a paragraph in the deepest item the
				// line continues
				if sp-base >= 4 {
					return false // an indented code block
				}
				cols = cols[:k]
				para, tick = cs, false
			}
		}
		if !tick && bytes.IndexByte(line, '`') >= 0 {
			tick = true
		}
		s.at = le
	}
	s.cols = cols[:0]
	return s.closeOpen(para, s.at, tick, quoted)
}

// leaf is the opening line of an ATX heading or a fence in a container
// (leafAt).
type leaf struct {
	kind byte // '#' for a heading, the fence's character, 0 for neither
	// the heading's content when has
	seg text.Segment
	has bool
	// the fence's run and info string
	run     int
	info    text.Segment
	hasInfo bool
}

// leafAt reads line (at file offset ls, its content's first byte at sp)
// as the opening line of an ATX heading (atxHeading) or a fence
// (fenceOpen).
func leafAt(line []byte, ls, sp int, src []byte) (l leaf) {
	switch c := line[sp]; c {
	case '#':
		if ok, seg, has := atxHeading(line, ls, sp, src); ok {
			l.kind, l.seg, l.has = c, seg, has
		}
	case '`', '~':
		if info, hasInfo, run, ok := fenceOpen(line, ls, sp); ok {
			l.kind, l.info, l.hasInfo, l.run = c, info, hasInfo, run
		}
	}
	return l
}

// readLeaf reads the heading or the fence l whose opening line is at
// s.at, in a container whose content starts col columns in (a list item;
// in a quote, the length of the line's quote prefix), pos columns right
// of it (see fence).
func (s *blockScan) readLeaf(l leaf, col, pos int, quoted bool) bool {
	if l.kind == '#' {
		s.at = s.lineEnd(s.at)
		return s.heading(l.seg, l.has)
	}
	return s.fence(col, pos, l.kind, l.run, l.info, l.hasInfo, quoted)
}

// endsList reports whether line (at file offset ls, its first non-space
// byte at sp), indented less than a list's first item's content, ends
// the list (or a block quote) right after a paragraph line: an ATX
// heading, a fence, an HTML comment or a block quote there interrupts
// the paragraph, so listParser.Continue's Close ends the list instead of
// leaving the line to the paragraph as a lazy continuation.
func (s *blockScan) endsList(line []byte, ls, sp int) bool {
	if sp > 3 {
		return false // no block starts there
	}
	switch line[sp] {
	case '#':
		ok, _, _ := atxHeading(line, ls, sp, s.src)
		return ok
	case '`', '~':
		_, _, _, ok := fenceOpen(line, ls, sp)
		return ok
	case '<':
		return htmlStart(line[sp:], true) != htmlNone
	case '>':
		return true
	}
	return false
}

// quotePrefix is the length of line's block quote marker: up to three
// spaces, '>' and one space after it if there is one (blockquoteParser's
// process); 0 when line has none.
func quotePrefix(line []byte) int {
	sp, _ := lead(line)
	if sp > 3 || sp == len(line) || line[sp] != '>' {
		return 0
	}
	if sp+1 < len(line) && line[sp+1] == ' ' {
		return sp + 2
	}
	return sp + 1
}

// quote reads the block quote whose first line is at s.at, as
// blockquoteParser reads it, to the line that ends it: a line without
// its '>' (unless it continues a paragraph lazily), or a blank line. It
// reads only block quotes of paragraphs, fences and lists: after the '>'
// and its optional space, every line holds text that paraText accepts, a
// fence's opening line or a list item's (then the lines of the fence or
// the list: see fence and list), indented less than four columns, or
// nothing; false on any other.
func (s *blockScan) quote() bool {
	const quoted = true
	para, tick := -1, false // the open paragraph's first content byte
	for s.at < len(s.src) {
		ls := s.at
		le := s.lineEnd(ls)
		line := s.src[ls:le]
		q, ok := s.quoteLine(line, ls, para >= 0)
		if !ok {
			return false
		}
		if q < 0 {
			break
		}
		if q == 0 {
			s.lazy(line, &tick)
			continue
		}
		rest := line[q:]
		if util.IsBlank(rest) {
			if !s.closeOpen(para, ls, tick, quoted) {
				return false
			}
			para = -1
			s.at = le
			continue
		}
		in, deep := lead(rest)
		if deep {
			return false
		}
		if l := leafAt(rest, ls+q, in, s.src); l.kind != 0 {
			// a heading or a fence in the quote (it interrupts a paragraph)
			if !s.closeOpen(para, ls, tick, quoted) {
				return false
			}
			para = -1
			if !s.readLeaf(l, q, in, true) {
				return false
			}
			continue
		}
		if it, ok := listItemAt(rest, in); ok && !isThematicBreak(rest[in:]) && (para < 0 || it.bullet || it.one) {
			// a list in the quote (a bullet or an item numbered 1
			// interrupts a paragraph: listParser.Open)
			if !s.closeOpen(para, ls, tick, quoted) {
				return false
			}
			para = -1
			if !s.list(true) {
				return false
			}
			continue
		}
		if !paraText(rest[in:], para >= 0) {
			return false
		}
		if para < 0 {
			para, tick = ls+q, false
		}
		if !tick && bytes.IndexByte(rest, '`') >= 0 {
			tick = true
		}
		s.at = le
	}
	return s.closeOpen(para, s.at, tick, quoted)
}

// quoteLine reads the line at ls in a block quote whose open paragraph,
// if any, is inPara: q is the length of its quote prefix; 0 when it has
// none and continues the paragraph lazily (paraText, and no block
// interrupts it: blockquoteParser.Continue closes the quote, but
// openBlocks finds the paragraph continued, which keeps every block
// open); -1 when it ends the quote. ok is false for a line readBlocks
// does not read (a tab after the '>', a lazy line paraText does not
// accept).
func (s *blockScan) quoteLine(line []byte, ls int, inPara bool) (q int, ok bool) {
	sp, _ := lead(line)
	if sp > 3 || sp == len(line) || line[sp] != '>' {
		if !inPara || util.IsBlank(line) || s.endsList(line, ls, sp) {
			return -1, true
		}
		return 0, paraText(line[sp:], true)
	}
	if sp+1 < len(line) && line[sp+1] == '\t' {
		return 0, false // goldmark pads the tab
	}
	return quotePrefix(line), true
}

// lazy reads a lazy continuation line of a paragraph in a quote: it
// notes a backtick in tick and moves past it.
func (s *blockScan) lazy(line []byte, tick *bool) {
	if !*tick && bytes.IndexByte(line, '`') >= 0 {
		*tick = true
	}
	s.at += len(line)
}
