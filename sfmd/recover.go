package sfmd

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Recovery from fence mistakes.
//
// Two mistakes with fences make CommonMark read everything after them
// differently from what the author meant, and every later rule with it:
//
//   - A fence inside a fence of the same kind: an example wrapped in ```
//     that holds ```act.x blocks of its own. A fence closes at the first
//     line of its character that is at least as long and has no info
//     string, so the inner block's closing line ends the outer fence, the
//     rest of the example becomes the document and the outer fence's own
//     closing line opens a new block (fence-nested).
//   - An act.<id> block whose closing line is missing: CommonMark runs it on
//     over the prose that follows, to the closing line of the next block
//     (whose opening line it swallows) or to the end of the document
//     (fence-unclosed). Also any other block that swallows the opening
//     line of an act block this way, when it is not a nesting.
//
// The parser recovers like a compiler: it records the mistake on the Fence
// (Fence.Nested, Fence.MissingClose) and reads the document as the author
// meant it. goldmark gets a copy of its bounded input (see bounds.go:
// the same byte offsets, long lines blanked, deep prefixes cut) in which,
// for a nesting, the lines that would close the outer fence early have
// their fence characters masked, so the outer fence runs on to its
// intended closing line; and for a missing closing line, the opening line is masked into a
// heading and the block is rebuilt from the lines that belong to it.
// Then every AST consumer sees the intended structure and no cascade of
// symptoms follows from the one mistake.
//
// A nesting is recovered only when it is unambiguous: the inner opening
// line has an info string, a later bare closing line is left for the
// outer fence when the inner fences are matched as a stack, and the rest
// of the document pairs up in that reading at least as well as in
// CommonMark's (see pairsUp).
// ParseAsRuntime reads the document as CommonMark and the runtime do.

// Nesting describes a fence that holds fences of its own kind (see
// Fence.Nested). Its Span runs to Close.
type Nesting struct {
	Inner      Span // the inner opening line whose closing line ends the fence in CommonMark
	InnerClose Span // that closing line
	Close      Span // the closing line the author meant
	// Need is the fence length that holds the content: one more than the
	// longest run of the fence character on a fence line inside.
	Need int
}

// MissingClose describes an act.<id> block whose closing line is missing
// (see Fence.MissingClose). The Fence ends at Last and is not Closed.
type MissingClose struct {
	Last Span // the last line that belongs to the block: the closing line goes after it
	// Until is where CommonMark ends the block instead: the closing line
	// it takes from a later block, or the last line of the document
	// (AtEnd).
	Until Span
	AtEnd bool
}

const (
	// maxRecoveries bounds the fence mistakes recovered in one document,
	// maxCandidates the fences examined for one (each costs a scan to the
	// end of the document).
	maxRecoveries = 32
	maxCandidates = 2 * maxRecoveries
	// recoveryBudget bounds the bytes goldmark re-parses for them.
	recoveryBudget = 16 << 20
	// maskChar replaces the fence characters of masked closing lines.
	maskChar = 'x'
)

// recovery is one recovered fence mistake.
type recovery struct {
	pos  int // file offset of the fence's first character
	nest *Nesting
	miss *MissingClose
	// for a missing closing line: the rebuilt block and the file offsets
	// of the lines it covers (goldmark's nodes there are dropped)
	node     *block
	from, to int
	// masks: file offsets and lengths of fence runs to mask, and the
	// character masks start with ('#' makes an opening line a heading)
	masks []byteRange
	head  byte
	end   int // file offset where the recovered construct ends
}

// candidate is a fence goldmark found that may hide a fence mistake.
type candidate struct {
	n        *block // a fence
	pos      int    // file offset of the first fence character
	open     int    // line of the opening fence
	char     byte
	run      int
	action   bool // an act.<id> block (not a response template)
	inner    int  // line of the first inner opening line of the same kind, or 0
	innerAct bool // its info string starts with "act."
	last     int  // last content line (open when there is none)
	closed   bool // CommonMark closes it on line last+1
	end      int  // file offset after the fence's last line
}

// fenceLine reads line as a fence line: its character, run length,
// whether an info string follows and the run's offset in line. ok is
// false when it is no fence line (indented four or more, a run shorter
// than three, a backtick in a backtick fence's info string).
func fenceLine(line []byte) (c byte, run int, info bool, at int, ok bool) {
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	if i > 3 || i >= len(line) || (line[i] != '`' && line[i] != '~') {
		return 0, 0, false, 0, false
	}
	c = line[i]
	j := i
	for j < len(line) && line[j] == c {
		j++
	}
	if j-i < 3 {
		return 0, 0, false, 0, false
	}
	for k := j; k < len(line); k++ {
		switch line[k] {
		case ' ', '\t', '\r':
		case '`':
			if c == '`' {
				return 0, 0, false, 0, false
			}
			info = true
		default:
			info = true
		}
	}
	return c, j - i, info, i, true
}

// parseRecovering parses body with goldmark and recovers the fence
// mistakes it finds, re-parsing a masked copy for each. It returns the
// recoveries in document order; p.tree lists the final tree's nodes.
func (p *docParser) parseRecovering(body []byte, base int) []*recovery {
	p.parseBody(body)
	if p.asRuntime {
		return nil
	}
	var recs []*recovery
	from, spent := base, 0
	copied := false // body is p.masked, sfmd's own copy
	for tries := 0; tries < maxCandidates && len(recs) < maxRecoveries; tries++ {
		c := p.nextCandidate(base, from)
		if c == nil {
			break
		}
		from = c.end
		for _, r := range p.plans(c, base) {
			if spent += len(body); spent > recoveryBudget {
				return recs
			}
			// the masks add up: the first goes on a copy of body (the
			// source's bytes), the next on the same copy
			if !copied {
				p.masked = append(p.masked[:0], body...)
				body, copied = p.masked, true
			}
			r.apply(body, base)
			p.parseBody(body)
			recs = append(recs, r)
			from = r.end
			break
		}
	}
	return recs
}

// parseBody parses body with goldmark and lists in p.tree the nodes sfmd
// reads from the tree (see collectTree); readBlocks reads them itself
// when it can (blockfast.go). The code spans codeParagraphs
// reads itself are left in p.ownSpans (see codespans.go). What an
// earlier parse left is dropped.
func (p *docParser) parseBody(body []byte) {
	var root ast.Node
	if ownCodeSpans && fastBlocks {
		p.ownSpans.spans = p.ownSpans.spans[:0]
		var ok bool
		if b := len(p.src) - len(body); len(body) > 0 && b >= 0 && &body[0] == &p.src[b] && len(p.li.src) == len(p.src) && &p.li.src[0] == &p.src[0] {
			// body is the tail of the file, unmasked: its lines are the
			// line index's
			p.tree, ok = p.blocks.readTail(body, p.li, &p.ownSpans, p.tree[:0])
		} else {
			p.tree, ok = p.blocks.read(body, &p.ownSpans, p.tree[:0])
		}
		if ok {
			return
		}
		clear(p.tree)
	}
	if ownCodeSpans {
		p.ownSpans.spans = p.ownSpans.spans[:0]
		pc := parser.NewContext()
		pc.Set(codeSpanSinkKey, &p.ownSpans)
		root = mdParser.Parse(text.NewReader(body), parser.WithContext(pc))
	} else {
		root = mdParser.Parse(text.NewReader(body))
	}
	p.tree = collectTree(root, p.tree[:0])
}

// block is what sfmd reads of a fenced code block, an indented code
// block or a code span of the document's block structure: goldmark's
// node's position (Pos, -1 for none), a fence's info string
// (FencedCodeBlock.Info, when hasInfo) and lines (Lines), and a code
// span's node. readBlocks makes them without goldmark's nodes, which
// cost five times the memory (a fence's node and its info string's);
// collectTree copies them from goldmark's. An event points to one.
type block struct {
	kind    blockKind
	hasInfo bool
	// whole: the lines are count whole lines of the file from the one
	// that starts at li.starts[first] (readTail's fences at the top
	// level: see blockLines), and lines is empty
	whole        bool
	first, count int
	pos          int
	info         text.Segment
	lines        text.Segments
	span         *ast.CodeSpan // kind blockSpan
}

// nLines is the number of b's lines.
func (b *block) nLines() int {
	if b.whole {
		return b.count
	}
	return b.lines.Len()
}

// openLine is the line of fence b's opening line, in the body that
// starts at file offset base: for whole lines, the line before the
// first line start after it (readTail's lineEnd stopped there), without
// a search of the line index.
func (p *docParser) openLine(b *block, base int) int {
	if b.whole {
		return b.first
	}
	return p.li.LineOf(base + b.pos)
}

// blockLines reads the lines of a block as goldmark's segments, in the
// offsets of the body that starts at file offset base: its segments, or
// for whole lines, the segment goldmark makes of each (the line with its
// terminator, ForceNewline set).
type blockLines struct {
	segs *text.Segments
	// whole lines: the file's line starts from the block's first line on,
	// the file's length
	starts    []int
	n         int
	base, end int
}

// linesOf returns the reader of b's lines.
func (p *docParser) linesOf(b *block, base int) blockLines {
	if !b.whole {
		return blockLines{segs: &b.lines}
	}
	return blockLines{starts: p.li.starts[b.first:], n: b.count, base: base, end: len(p.src)}
}

// Len is the number of lines.
func (l blockLines) Len() int {
	if l.segs != nil {
		return l.segs.Len()
	}
	return l.n
}

// At returns line k.
func (l blockLines) At(k int) text.Segment {
	if l.segs != nil {
		return l.segs.At(k)
	}
	stop := l.end
	if k+1 < len(l.starts) {
		stop = l.starts[k+1]
	}
	return text.Segment{Start: l.starts[k] - l.base, Stop: stop - l.base, ForceNewline: true}
}

type blockKind uint8

const (
	blockFence blockKind = iota + 1 // *ast.FencedCodeBlock
	blockCode                       // *ast.CodeBlock
	blockSpan                       // *ast.CodeSpan
)

// collectTree appends to blocks the fenced code blocks, indented code
// blocks and code spans of the tree at root, in document order: all that
// sfmd reads from goldmark's tree, so that the tree is walked once a
// parse (nextCandidate and parseMarkdown read the list).
func collectTree(root ast.Node, blocks []*block) []*block {
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			b := block{kind: blockFence, pos: n.Pos(), lines: *n.Lines()}
			if n.Info != nil {
				b.info, b.hasInfo = n.Info.Segment, true
			}
			blocks = append(blocks, &b)
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			blocks = append(blocks, &block{kind: blockCode, pos: n.Pos(), lines: *n.Lines()})
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			blocks = append(blocks, &block{kind: blockSpan, pos: n.Pos(), span: n})
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return blocks
}

// apply masks body (which starts at file offset base) for r.
func (r *recovery) apply(body []byte, base int) {
	for _, m := range r.masks {
		for i := m.start; i < m.end; i++ {
			body[i-base] = maskChar
		}
		if r.head != 0 {
			body[m.start-base] = r.head
			for i := m.start + 1; i < m.end; i++ {
				body[i-base] = ' '
			}
		}
	}
}

// nextCandidate returns the first fence of p.tree opening at or after
// file offset from that holds an inner opening line of its kind, or that is an
// unclosed act.<id> block; nil when there is none.
func (p *docParser) nextCandidate(base, from int) *candidate {
	for _, fc := range p.tree {
		if fc.kind != blockFence || fc.pos < 0 || base+fc.pos < from {
			continue
		}
		var c candidate
		if p.candidate(&c, fc, base) && (c.inner != 0 || (c.action && !c.closed)) {
			found := new(candidate) // c stays on the stack
			*found = c
			return found
		}
	}
	return nil
}

// candidate describes the fence n in c, or returns false when it is
// inside a container (a list item marker or a blockquote on its opening
// line): recovery is only attempted where lines are read without
// prefixes.
func (p *docParser) candidate(c *candidate, n *block, base int) bool {
	pos := base + n.pos
	open := p.openLine(n, base)
	ls := p.li.LineStart(open)
	if pos-ls > 3 || strings.TrimLeft(p.str(ls, pos), " ") != "" {
		return false
	}
	*c = candidate{n: n, pos: pos, open: open, char: p.src[pos], last: open}
	for i := pos; i < len(p.src) && p.src[i] == c.char; i++ {
		c.run++
	}
	if n.hasInfo {
		c.action = isActionInfo(p.src[base+n.info.Start : base+n.info.Stop])
	}
	lines := p.linesOf(n, base)
	for k := 0; k < lines.Len(); k++ {
		seg := lines.At(k)
		s, e := base+seg.Start, min(base+seg.Stop, len(p.src))
		if c.inner != 0 || s >= e || !startsWithAfterSpaces(p.src[s:e], c.char) {
			continue
		}
		ch, run, info, at, ok := fenceLine(p.src[s:e])
		if ok && ch == c.char && info && run >= c.run {
			c.inner = p.li.LineOf(s)
			c.innerAct = strings.HasPrefix(strings.TrimLeft(p.str(s+at+run, e), " \t"), "act.")
		}
	}
	switch {
	case n.whole:
		c.last = open + n.count // open when it has none
	case lines.Len() > 0:
		c.last = p.li.LineOf(base + lines.At(lines.Len()-1).Start)
	}
	if c.last+1 <= p.li.LineCount() && isClosingFence(p.li.Line(c.last+1), c.char, c.run) {
		c.closed = true
		c.end = p.li.LineEnd(c.last + 1)
	} else {
		c.end = p.li.LineEnd(c.last)
	}
	return true
}

// startsWithAfterSpaces reports whether b starts with c after spaces.
func startsWithAfterSpaces(b []byte, c byte) bool {
	for _, x := range b {
		if x != ' ' {
			return x == c
		}
	}
	return false
}

// plans returns the recoveries to try for c, best first.
func (p *docParser) plans(c *candidate, base int) []*recovery {
	if c.action {
		last, stop := p.actionExtent(c, base)
		// cut only where the rest of the document then pairs up
		if stop != 0 && (!c.closed || (c.inner != 0 && c.inner >= stop)) && p.pairsUp(c, last) {
			return []*recovery{p.cut(c, base, last)}
		}
		return nil
	}
	var out []*recovery
	if c.inner != 0 && c.closed {
		if r := p.nest(c); r != nil {
			out = append(out, r)
		}
	}
	if c.innerAct && len(out) == 0 {
		// not a nesting, and an act block opens inside: this block's
		// closing line is missing before it
		last := c.inner - 1
		for last > c.open && len(bytes.TrimSpace(p.li.Line(last))) == 0 {
			last--
		}
		if last > c.open && p.pairsUp(c, last) {
			out = append(out, p.cut(c, base, last))
		}
	}
	return out
}

// nest plans the recovery of a nesting: the outer fence of c runs on to
// the closing line left for it when the inner fences are matched as a
// stack, from c's first inner opening line on.
func (p *docParser) nest(c *candidate) *recovery {
	stack := []int{c.run, p.runAt(c.inner)} // runs; the first is the outer fence's
	need := stack[1]
	var masks []byteRange
	for n := c.inner + 1; n <= p.li.LineCount(); n++ {
		ch, run, info, at, ok := fenceLine(p.li.Line(n))
		if !ok || ch != c.char || run < c.run {
			continue
		}
		if info {
			stack = append(stack, run)
			need = max(need, run)
			continue
		}
		if run >= stack[len(stack)-1] {
			stack = stack[:len(stack)-1]
		}
		ls := p.li.LineStart(n)
		if len(stack) == 0 {
			if !p.pairsUp(c, n) {
				return nil
			}
			return &recovery{pos: c.pos, masks: masks, end: p.li.LineEnd(n), nest: &Nesting{
				Inner:      p.lineSpan(c.inner),
				InnerClose: p.lineSpan(c.last + 1),
				Close:      p.span(ls+at, p.li.LineEnd(n)),
				Need:       need + 1,
			}}
		}
		need = max(need, run)
		// a closing line inside: it must not close the outer fence
		masks = append(masks, byteRange{ls + at, ls + at + run})
	}
	return nil
}

// pairsUp reports whether recovering c so that it ends on line end
// leaves the rest of the document at least as well paired as
// CommonMark's reading, which ends c on its closing line (or runs it to
// the end of the document): see leftAfter. A later, independent mistake
// counts the same in both readings.
func (p *docParser) pairsUp(c *candidate, end int) bool {
	if !c.closed {
		return p.leftAfter(end) == 0
	}
	return p.leftAfter(end) <= p.leftAfter(c.last+1)
}

// leftAfter counts the fences left open at the end of the document when
// the fence lines after line n are read as fences that may nest: outside
// a fence any fence line opens one; inside a fence of character c and
// length r, a line of c with an info string and at least r long opens an
// inner one, a bare line at least as long as the innermost open fence
// closes it, and every other line is content. This is the reading that
// recovering a fence mistake assumes. An act.<id> block never holds a
// fence: an opening line inside one starts the next block (its closing
// line is missing, see cut), and an act.<id> block left open at the end
// is not counted for the same reason.
func (p *docParser) leftAfter(n int) int {
	type open struct {
		run    int
		action bool
	}
	var outer byte
	var stack []open
	for n++; n <= p.li.LineCount(); n++ {
		line := p.li.Line(n)
		ch, run, info, at, ok := fenceLine(line)
		if !ok {
			continue
		}
		o := open{run, info && isActionInfo(line[at+run:])}
		switch {
		case len(stack) == 0:
			outer, stack = ch, append(stack, o)
		case ch != outer || run < stack[0].run:
		case info && stack[len(stack)-1].action:
			stack[len(stack)-1] = o
		case info:
			stack = append(stack, o)
		case run >= stack[len(stack)-1].run:
			stack = stack[:len(stack)-1]
		}
	}
	left := 0
	for _, o := range stack {
		if !o.action {
			left++
		}
	}
	return left
}

// isActionInfo reports whether the info string info (untrimmed) names an
// action: act.<id> with an ID without dots and nothing after it.
func isActionInfo(info []byte) bool {
	s := strings.TrimSpace(string(info))
	id, ok := strings.CutPrefix(s, "act.")
	return ok && id != "" && indexBlank(s) < 0 && !strings.Contains(id, ".")
}

// runAt is the length of the fence run on line n (0 when none).
func (p *docParser) runAt(n int) int {
	_, run, _, _, _ := fenceLine(p.li.Line(n))
	return run
}

// lineSpan is line n without its indentation and terminator.
func (p *docParser) lineSpan(n int) Span {
	ls, le := p.li.LineStart(n), p.li.LineEnd(n)
	for ls < le && (p.src[ls] == ' ' || p.src[ls] == '\t') {
		ls++
	}
	return p.span(ls, le)
}

// cut plans the recovery of an act.<id> block whose closing line is
// missing after line last: the opening line becomes a heading for
// goldmark, and the block is rebuilt from its lines up to last.
func (p *docParser) cut(c *candidate, base, last int) *recovery {
	lines := p.linesOf(c.n, base)
	var segs text.Segments
	for k := 0; k < lines.Len(); k++ {
		seg := lines.At(k)
		if p.li.LineOf(base+seg.Start) > last {
			break
		}
		segs.Append(seg)
	}
	node := &block{kind: blockFence, pos: c.n.pos, info: c.n.info, hasInfo: c.n.hasInfo, lines: segs}
	until := c.last
	if c.closed {
		until = c.last + 1
	}
	return &recovery{
		pos: c.pos, node: node, head: '#',
		masks: []byteRange{{c.pos, c.pos + c.run}},
		from:  p.li.LineStart(c.open), to: p.li.LineEnd(last), end: p.li.LineEnd(last),
		miss: &MissingClose{Last: p.lineSpan(last), Until: p.lineSpan(until), AtEnd: !c.closed},
	}
}

// actionExtent reads the content lines of the act.<id> block c as an
// action: it returns the line of the last line that belongs to the
// action and the line of the first that cannot (prose at column 0, a
// heading, a fence line), or 0 when every line can.
func (p *docParser) actionExtent(c *candidate, base int) (last, stop int) {
	lines := p.linesOf(c.n, base)
	if lines.Len() == 0 {
		return 0, 0
	}
	texts := make([]string, lines.Len())
	for k := range texts {
		seg := lines.At(k)
		s, e := base+seg.Start, min(base+seg.Stop, len(p.src))
		texts[k] = strings.TrimRight(p.str(s, e), "\r\n")
	}
	if strings.TrimSpace(texts[0]) == "" {
		return 0, 0
	}
	lineOf := func(k int) int { return p.li.LineOf(base + lines.At(k).Start) }
	lastK := continuedLines(len(texts), func(i int) string { return texts[i] })
	inBody, bodyIndent := false, 0
	for k := lastK + 1; k < len(texts); k++ {
		t := texts[k]
		trimmed := strings.TrimSpace(t)
		indent := skipSpace(t, 0)
		if inBody {
			if trimmed == "" || indent > bodyIndent {
				if trimmed != "" {
					lastK = k
				}
				continue
			}
			inBody = false
		}
		if trimmed == "" {
			continue
		}
		if _, _, _, _, ok := fenceLine([]byte(t)); ok {
			return lineOf(lastK), lineOf(k)
		}
		switch {
		case trimmed == "body:":
			inBody, bodyIndent = true, indent
		case indent > 0 || isParamHead(t) || strings.HasPrefix(trimmed, "-H") || strings.HasPrefix(trimmed, "-d"):
		default:
			return lineOf(lastK), lineOf(k)
		}
		lastK = k
	}
	return lineOf(lastK), 0
}

// noteRecoveries indexes recs by the file offset of their fence for
// p.fence, and returns the recoveries that rebuilt a block, in order.
func (p *docParser) noteRecoveries(recs []*recovery) []*recovery {
	var rebuilt []*recovery
	for _, r := range recs {
		if p.recovered == nil {
			p.recovered = make(map[int]*recovery, len(recs))
		}
		p.recovered[r.pos] = r
		if r.node != nil {
			rebuilt = append(rebuilt, r)
		}
	}
	return rebuilt
}

// insertRebuilt appends to events the rebuilt blocks that precede the
// event at file offset at, and reports whether the event lies on a
// rebuilt block's lines (drop it). An offset below zero (a node other
// than a fence or a code span) passes unchanged.
func insertRebuilt(events []event, rebuilt []*recovery, at int) ([]event, []*recovery, bool) {
	if at < 0 {
		return events, rebuilt, false
	}
	for len(rebuilt) > 0 && rebuilt[0].from <= at {
		if at <= rebuilt[0].to {
			return events, rebuilt, true
		}
		events = append(events, event{b: rebuilt[0].node})
		rebuilt = rebuilt[1:]
	}
	return events, rebuilt, false
}

// eventAt is the file offset insertRebuilt orders block b by: a fence's
// first character, a code span's first content byte; -1 for other blocks.
func eventAt(b *block, base int) int {
	switch b.kind {
	case blockFence:
		if b.pos >= 0 {
			return base + b.pos
		}
	case blockSpan:
		if t, ok := b.span.FirstChild().(*ast.Text); ok {
			return base + t.Segment.Start
		}
	}
	return -1
}
