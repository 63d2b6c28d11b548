package sfmd

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/yuin/goldmark/ast"
)

// Problem codes the parser emits. Each is also the name of the lint rule
// that reports it.
const (
	CodeFileNotUTF8            = "file-not-utf8"
	CodeFileContainsNUL        = "file-contains-nul"
	CodeFrontmatterUnclosed    = "frontmatter-unclosed"
	CodeFrontmatterInvalidYAML = "frontmatter-invalid-yaml"
	CodeFrontmatterNotMapping  = "frontmatter-not-mapping"
	CodeFenceUnclosed          = "fence-unclosed"
	CodeActionBlockEmpty       = "action-block-empty"
	CodeActionUnrecognizedLine = "action-unrecognized-line"
	CodeParamSyntaxInvalid     = "param-syntax-invalid"
	CodeBodyInlineUnterminated = "body-inline-unterminated"
	CodeForUnclosed            = "for-unclosed"
)

// ProblemCodes lists every code Parse can emit.
var ProblemCodes = []string{
	CodeFileNotUTF8,
	CodeFileContainsNUL,
	CodeFrontmatterUnclosed,
	CodeFrontmatterInvalidYAML,
	CodeFrontmatterNotMapping,
	CodeFenceUnclosed,
	CodeActionBlockEmpty,
	CodeActionUnrecognizedLine,
	CodeParamSyntaxInvalid,
	CodeBodyInlineUnterminated,
	CodeForUnclosed,
}

type docParser struct {
	doc *Document
	src []byte
	li  *LineIndex

	// lines that belong to code blocks or the frontmatter: prose scanning
	// skips them. Sorted, non-overlapping, 1-based inclusive.
	skip []lineRange
	// byte ranges of inline code spans (backticks included), sorted.
	codeSpans []byteRange

	// noCommentClose: no "-->" exists at or after this offset (-1: unknown)
	noCommentClose int

	// asRuntime: read fences as CommonMark does, without recovery
	asRuntime bool
	// the recovered fence mistakes by the file offset of their fence
	recovered map[int]*recovery

	// the code spans goldmark's last parse left to sfmd (codespans.go)
	ownSpans codeSpanSink
	// what sfmd reads from goldmark's last tree (collectTree), or
	// readBlocks from the document, in blocks' nodes
	tree   []*block
	blocks *blockScan

	// the hints read so far (newHint)
	nHints int
	// dollars counts the '$' of the texts Placeholders rescans (response
	// template lines, hints, shortcut and link destinations): see places
	dollars int
	// destRefs: a shortcut's or a link's destination holds a $NAME
	// (hasDollarRef)
	destRefs bool
	// firstAct is the first action of each ID read so far, and
	// respFacts and respPlaces what the parse notes of each response
	// template (respFact), when the document has response templates
	firstAct   map[string]*Action
	respFacts  []respFact
	respPlaces []placeRef
	// actPlaces and actEnds are the places of the actions'
	// placeholders (Document.actionFacts)
	actPlaces []placeRef
	actEnds   []int32

	// the arena the document's memory comes from (nil: none)
	arena *Arena

	// parseMarkdown's, sizeSlabs' and parseRecovering's buffers (from
	// the parseScratch)
	events []event
	kinds  []fenceKind
	masked []byte

	// bracket matching of the current prose line from pairsFrom on, each
	// match plus one, 0 for none (see pairBrackets)
	pairs          []int32
	pairsFrom      int
	stackA, stackB []int32

	nodes
}

type lineRange struct{ from, to int }

// event is a fence or a code span of the block structure, in document
// order: b is a fence or a code span of p.tree (or a rebuilt fence), or
// nil for a code span sfmd read itself (codespans.go), whose content
// lies at body offsets [s, e).
type event struct {
	b    *block
	s, e int
}

type byteRange struct{ start, end int }

// Parse parses one SFMD document. It never fails: everything it cannot read
// is reported in Document.Problems and kept in the AST where it can be.
// Like a compiler it recovers from mistakes that would change how the rest
// of the document reads (a fence nested in a fence of its kind, an
// act.<id> block without its closing line, a command continued on later
// lines): it records them and reads the document as its author meant it.
// A src longer than MaxSource is not parsed: its one problem is
// file-too-large.
func Parse(path string, src []byte) *Document { return parse(path, src, false) }

// ParseAsRuntime parses a document as the String runtime reads it: fences
// exactly as CommonMark ends them and every line of an action block on
// its own, without Parse's recovery. The runner emulates the runtime on
// it.
func ParseAsRuntime(path string, src []byte) *Document { return parse(path, src, true) }

func parse(path string, src []byte, asRuntime bool) *Document {
	return parseIn(path, src, asRuntime, nil)
}

// parseIn is parse with the document's memory carved from a (nil: newly
// allocated).
func parseIn(path string, src []byte, asRuntime bool, a *Arena) *Document {
	if len(src) > MaxSource {
		return tooLong(path, src)
	}
	var p *docParser
	if a != nil {
		doc := one(&a.docs)
		*doc = Document{Path: path, Src: src, Index: newLineIndex(src, a), names: &namesCache{}, arena: a}
		p = &a.parser
		*p = docParser{doc: doc, src: src, li: doc.Index, noCommentClose: -1, asRuntime: asRuntime, arena: a}
		p.attach(a)
	} else {
		doc := &Document{Path: path, Src: src, Index: NewLineIndex(src), names: &namesCache{}}
		p = &docParser{doc: doc, src: src, li: doc.Index, noCommentClose: -1, asRuntime: asRuntime}
	}
	doc := p.doc
	var sc *parseScratch
	if recycleScratch {
		sc = parseScratches.Get().(*parseScratch)
	} else {
		sc = new(parseScratch)
	}
	sc.lend(p)
	p.checkEncoding()
	base := p.parseFrontmatter()
	p.parseMarkdown(base)
	p.scanProse()
	slices.SortStableFunc(doc.Problems, func(a, b Problem) int {
		return cmp.Compare(a.Span.Start.Off(), b.Span.Start.Off())
	})
	doc.maxPlaces = p.places()
	p.keepResponseFacts()
	doc.destFacts, doc.destRefs, doc.factLinks, doc.factShortcuts = true, p.destRefs, doc.Links, doc.Shortcuts
	sc.takeBack(p)
	parseScratches.Put(sc)
	return doc
}

// parseScratch holds the buffers a parse uses and drops (none of them
// ends up in the Document), recycled so that a document does not
// allocate them again: with the upstream documents they were a tenth of
// the bytes sfmd.Parse allocated. blocks holds the nodes readBlocks
// makes (blockfast.go).
type parseScratch struct {
	tree           []*block
	ownSpans       []byteRange
	codeSpans      []byteRange
	skip           []lineRange
	pairs          []int32
	stackA, stackB []int32
	blocks         blockScan
	events         []event
	kinds          []fenceKind
	masked         []byte
}

var parseScratches = sync.Pool{New: func() any { return new(parseScratch) }}

// recycleScratch switches parseScratches on; a test switches it off to
// count what the recycling saves.
var recycleScratch = true

// maxKept bounds the elements of a buffer a parseScratch keeps, so that a
// huge document's buffers are not held after it.
const maxKept = 1 << 14

// maxKeptBytes bounds the masked copy of a body a parseScratch keeps.
const maxKeptBytes = 1 << 20

// lend gives p the scratch's buffers, empty.
func (sc *parseScratch) lend(p *docParser) {
	p.tree, p.ownSpans.spans, p.codeSpans, p.skip = sc.tree[:0], sc.ownSpans[:0], sc.codeSpans[:0], sc.skip[:0]
	p.pairs, p.stackA, p.stackB = sc.pairs[:0], sc.stackA[:0], sc.stackB[:0]
	p.events, p.kinds, p.masked = sc.events[:0], sc.kinds[:0], sc.masked[:0]
	p.blocks = &sc.blocks
}

// takeBack takes p's buffers back into the scratch (those not too large),
// dropping the tree's nodes.
func (sc *parseScratch) takeBack(p *docParser) {
	clear(p.tree)
	sc.tree = keep(p.tree)
	clear(p.events) // the tree's blocks and goldmark's nodes
	clear(p.kinds)  // their ids alias the source
	sc.events, sc.kinds = keep(p.events), keep(p.kinds)
	sc.masked = p.masked[:0]
	if cap(p.masked) > maxKeptBytes {
		sc.masked = nil
	}
	p.events, p.kinds, p.masked = nil, nil, nil
	sc.ownSpans, sc.codeSpans, sc.skip = keep(p.ownSpans.spans), keep(p.codeSpans), keep(p.skip)
	sc.pairs, sc.stackA, sc.stackB = keep(p.pairs), keep(p.stackA), keep(p.stackB)
	p.tree, p.ownSpans.spans, p.codeSpans, p.skip, p.pairs, p.stackA, p.stackB = nil, nil, nil, nil, nil, nil, nil
	sc.blocks.keepBlocks()
	p.blocks = nil
}

// keep returns b emptied, or nil when it is too large to keep.
func keep[T any](b []T) []T {
	if cap(b) > maxKept {
		return nil
	}
	return b[:0]
}

func (p *docParser) problem(code string, start, end int, format string, args ...any) {
	p.doc.Problems = append(p.doc.Problems, Problem{
		Code:    code,
		Message: fmt.Sprintf(format, args...),
		Span:    p.li.Span(start, end),
	})
}

func (p *docParser) span(start, end int) Span { return p.li.Span(start, end) }

// str returns src[s:e] as a string without copying. Strings in the AST
// alias Document.Src, which must not be modified after Parse.
func (p *docParser) str(s, e int) string {
	if e <= s {
		return ""
	}
	return unsafe.String(&p.src[s], e-s)
}

// checkEncoding reports invalid UTF-8 and NUL bytes, and counts CRLF lines.
func (p *docParser) checkEncoding() {
	src := p.src
	p.doc.HasBOM = p.li.bom > 0
	p.doc.CRLF = bytes.Count(src, []byte("\r\n"))
	if !p.li.ascii && !p.li.valid {
		n, first := 0, -1
		for i := 0; i < len(src); {
			r, sz := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && sz == 1 {
				if first < 0 {
					first = i
				}
				n++
			}
			i += sz
		}
		more := ""
		if n > 1 {
			more = fmt.Sprintf(" (and %d more)", n-1)
		}
		p.problem(CodeFileNotUTF8, first, first+1,
			"file is not valid UTF-8: invalid byte 0x%02X%s, save the file as UTF-8", src[first], more)
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		p.problem(CodeFileContainsNUL, i, i+1,
			"file contains a NUL byte, is it a binary file? remove the byte or exclude the file")
	}
}

// parseMarkdown runs goldmark over src[base:] and collects fences, code
// blocks and code spans. A first walk over goldmark's tree records the
// fences and code spans in document order; the act.* fences are parsed
// only after that, once the node slabs are sized from their contents (see
// sizeSlabs), so that a document's nodes cost a few allocations.
func (p *docParser) parseMarkdown(base int) {
	body, long := p.maskForGoldmark(p.src[base:], base)
	recs := p.parseRecovering(body, base)
	// fences and code spans, in order; all but the rare rebuilt blocks
	// fit: no regrowth
	events := slices.Grow(p.events[:0], len(p.tree)+len(p.ownSpans.spans))
	nFences, nLines := 0, 0
	rebuilt := p.noteRecoveries(recs)
	own := p.ownSpans.spans
	if !slices.IsSortedFunc(own, func(a, b byteRange) int { return cmp.Compare(a.start, b.start) }) {
		slices.SortStableFunc(own, func(a, b byteRange) int { return cmp.Compare(a.start, b.start) })
	}
	// flush appends the code spans sfmd read that start before file
	// offset limit; add appends ev, at file offset at (-1: unknown),
	// after them. Both put the blocks rebuilt after a missing closing
	// line in their place in document order and leave out what lies on
	// their lines (add reports that ev was left out).
	flush := func(limit int) {
		for len(own) > 0 && base+own[0].start < limit {
			var drop bool
			if events, rebuilt, drop = insertRebuilt(events, rebuilt, base+own[0].start); !drop {
				events = append(events, event{s: own[0].start, e: own[0].end})
			}
			own = own[1:]
		}
	}
	add := func(ev event, at int) bool {
		if at >= 0 {
			flush(at)
		}
		var drop bool
		if events, rebuilt, drop = insertRebuilt(events, rebuilt, at); !drop {
			events = append(events, ev)
		}
		return drop
	}
	for _, n := range p.tree {
		switch n.kind {
		case blockFence:
			if !add(event{b: n}, eventAt(n, base)) {
				nFences++
				nLines += n.nLines()
			}
		case blockCode:
			lines := &n.lines
			if lines.Len() > 0 {
				first := p.li.LineOf(base + lines.At(0).Start)
				last := p.li.LineOf(base + lines.At(lines.Len()-1).Start)
				p.skip = append(p.skip, lineRange{first, last})
			}
		case blockSpan:
			add(event{b: n}, eventAt(n, base))
		}
	}
	flush(len(p.src) + 1)
	for _, r := range rebuilt {
		events = append(events, event{b: r.node})
	}
	for _, r := range recs {
		if r.node != nil {
			nFences++
			nLines += r.node.nLines()
		}
	}
	p.events = events // back to the scratch
	p.fenceLines = take(p.linePool, nLines)
	p.fences.reserve(nFences)
	p.doc.Fences = take(docPool(p, func(a *Arena) *arenaPool[*Fence] { return &a.docFences }), nFences)
	p.skip = slices.Grow(p.skip, nFences)
	for _, ev := range events {
		if ev.b != nil && ev.b.kind == blockFence {
			p.fence(ev.b, base)
		}
	}
	kinds := p.sizeSlabs()
	k := 0
	for _, ev := range events {
		switch {
		case ev.b == nil:
			p.codeSpanAt(base+ev.s, base+ev.e)
		case ev.b.kind == blockFence:
			if ev.b.pos >= 0 { // p.fence skipped the others
				p.actFence(p.doc.Fences[k], kinds[k])
				k++
			}
		case ev.b.kind == blockSpan:
			p.codeSpan(ev.b.span, base)
		}
	}
	// mostly in order already (frontmatter, then blocks in document order)
	slices.SortStableFunc(p.skip, func(a, b lineRange) int { return cmp.Compare(a.from, b.from) })
	for _, n := range long {
		if !p.skipped(n) {
			p.longLineCodeSpans(p.li.LineStart(n), p.li.LineEnd(n))
		}
	}
	if len(long) > 0 {
		slices.SortStableFunc(p.codeSpans, func(a, b byteRange) int { return cmp.Compare(a.start, b.start) })
		// hints of long lines came last: keep Hints in source order
		slices.SortStableFunc(p.doc.Hints, func(a, b *Hint) int { return cmp.Compare(a.Span.Start.Off(), b.Span.Start.Off()) })
	}
}

// maxMarkdownLine is the longest line handed to goldmark as is. goldmark's
// inline parser is quadratic on some adversarial lines (a long run of
// "[a](" takes minutes at 1 MB), so longer lines reach it as spaces: block
// structure and byte offsets stay the same, and the AST still reads the
// original bytes through those offsets. Code spans on such lines are found
// by longLineCodeSpans instead. See bounds.go for the other bounds.
const maxMarkdownLine = 16 << 10

// skipped reports whether line n is in a code block or the frontmatter
// (p.skip must be sorted).
func (p *docParser) skipped(n int) bool {
	k := sort.Search(len(p.skip), func(i int) bool { return p.skip[i].to >= n })
	return k < len(p.skip) && p.skip[k].from <= n
}

// longLineCodeSpans records code spans on one long line: a backtick run
// opens a span that the next run of the same length closes.
func (p *docParser) longLineCodeSpans(s, e int) {
	src := p.src
	for i := s; i < e; {
		if src[i] != '`' {
			i++
			continue
		}
		j := i
		for j < e && src[j] == '`' {
			j++
		}
		n := j - i
		k := j
		closed := -1
		for k < e {
			if src[k] != '`' {
				k++
				continue
			}
			m := k
			for m < e && src[m] == '`' {
				m++
			}
			if m-k == n {
				closed = m
				break
			}
			k = m
		}
		if closed < 0 {
			return // no closing run: the rest of the line has no code span
		}
		p.codeSpans = append(p.codeSpans, byteRange{i, closed})
		p.hint(p.str(j, closed-n), j, "")
		i = closed
	}
}

func (p *docParser) codeSpan(n *ast.CodeSpan, base int) {
	first, last := n.FirstChild(), n.LastChild()
	if first == nil {
		return
	}
	ft, ok1 := first.(*ast.Text)
	lt, ok2 := last.(*ast.Text)
	if !ok1 || !ok2 {
		return
	}
	p.codeSpanAt(base+ft.Segment.Start, base+lt.Segment.Stop)
}

// codeSpanAt records the code span whose content goldmark reads from
// file offset start to end.
func (p *docParser) codeSpanAt(start, end int) {
	// widen to the backtick runs (and the single padding space CommonMark strips)
	s := start
	for s > 0 && (p.src[s-1] == ' ') {
		s--
	}
	for s > 0 && p.src[s-1] == '`' {
		s--
	}
	e := end
	for e < len(p.src) && p.src[e] == ' ' {
		e++
	}
	for e < len(p.src) && p.src[e] == '`' {
		e++
	}
	p.codeSpans = append(p.codeSpans, byteRange{s, e})
	content := p.str(start, end)
	p.hint(content, start, "")
}

// fence records a fenced code block and, for act.* info strings, parses the
// action or response template inside it.
func (p *docParser) fence(n *block, base int) {
	src := p.src
	pos := n.pos
	if pos < 0 {
		return
	}
	openLine := p.openLine(n, base)
	pos += base
	f := p.fences.new()
	f.Char = src[pos]
	i := pos
	for i < len(src) && src[i] == f.Char {
		i++
	}
	f.Length = i - pos
	f.Indent = pos - p.li.LineStart(openLine)
	openEnd := p.li.LineEnd(openLine)
	// the opening line is known: no search for its spans
	f.OpenSpan = p.li.spanOnLine(openLine, p.li.LineStart(openLine), openEnd)
	if n.hasInfo {
		s, e := base+n.info.Start, base+n.info.Stop
		f.Info = p.str(s, e)
		f.InfoSpan = p.li.spanOnLine(openLine, s, e)
	} else {
		f.InfoSpan = p.li.spanOnLine(openLine, i, i)
	}
	f.Lines = p.lineSlice(n.nLines())
	var lastLine int
	if n.whole {
		lastLine = p.wholeLines(f, n.first, n.count)
	} else {
		lastLine = p.segLines(f, n, base, openLine)
	}
	p.closeFence(f, pos, openLine, lastLine)
}

// wholeLines appends to f.Lines the count whole lines of the file after
// line first (a block of whole lines: see blockLines), each without its
// line terminators, and returns the number of the last line. It reads
// what segLines reads from the lines' segments from the line index.
func (p *docParser) wholeLines(f *Fence, first, count int) int {
	li, src := p.li, p.src
	starts := li.starts
	memo := 0 // the last line, when ASCII: spanOnLine leaves the memo there
	for n := first + 1; n <= first+count; n++ {
		s, e := starts[n-1], len(src)
		if n < len(starts) {
			e = starts[n]
		}
		for e > s && (src[e-1] == '\n' || src[e-1] == '\r') {
			e--
		}
		var sp Span
		if li.asciiLine(n) {
			memo = n
			sp = Span{Start: at(s, n, 1), End: at(e, n, e-s+1)}
		} else {
			memo = 0
			sp = li.spanOnLine(n, s, e)
		}
		f.Lines = append(f.Lines, Line{Text: p.str(s, e), Span: sp})
	}
	if memo > 0 {
		li.setMemoLine(memo, true)
	}
	return first + count
}

// segLines is wholeLines for a block read as goldmark's segments (in the
// offsets of the body that starts at file offset base), whose opening
// line is openLine.
func (p *docParser) segLines(f *Fence, n *block, base, openLine int) int {
	src := p.src
	lines := p.linesOf(n, base)
	lastLine := openLine
	starts := p.li.starts
	for k := 0; k < lines.Len(); k++ {
		seg := lines.At(k)
		s, e := base+seg.Start, base+seg.Stop
		if e > len(src) {
			e = len(src)
		}
		for e > s && (src[e-1] == '\n' || src[e-1] == '\r') {
			e--
		}
		// content lines come in order: advance instead of searching
		for lastLine < len(starts) && starts[lastLine] <= s {
			lastLine++
		}
		f.Lines = append(f.Lines, Line{Text: p.str(s, e), Span: p.li.spanOnLine(lastLine, s, e)})
	}
	return lastLine
}

// closeFence finishes fence f, opened at file offset pos on line
// openLine, whose last content line is lastLine: its closing line, span
// and problems.
func (p *docParser) closeFence(f *Fence, pos, openLine, lastLine int) {
	// Closed? goldmark consumes the closing fence without recording it: look
	// at the line after the last content line.
	end := p.li.LineEnd(lastLine)
	closeLine := lastLine + 1
	if closeLine <= p.li.LineCount() && isClosingFence(p.li.Line(closeLine), f.Char, f.Length) {
		f.Closed = true
		lastLine = closeLine
		end = p.li.LineEnd(closeLine)
	}
	f.Span = Span{Start: p.li.posOnLine(openLine, p.li.LineStart(openLine)+f.Indent), End: p.li.posOnLine(lastLine, end)}
	p.skip = append(p.skip, lineRange{openLine, lastLine})
	p.doc.Fences = append(p.doc.Fences, f)
	if r := p.recovered[pos]; r != nil {
		f.Nested, f.MissingClose = r.nest, r.miss
	}
	switch {
	case f.MissingClose != nil:
		m := f.MissingClose
		until := "the end of the document"
		if !m.AtEnd {
			until = fmt.Sprintf("the closing line of a later block (line %d)", m.Until.Start.Line)
		}
		p.problem(CodeFenceUnclosed, pos, pos+f.Length,
			"code fence opened here is never closed, so the block runs on to %s and the runtime reads everything after line %d as part of it; add a closing %s line after line %d",
			until, m.Last.Start.Line, strings.Repeat(string(f.Char), f.Length), m.Last.Start.Line)
	case !f.Closed:
		p.problem(CodeFenceUnclosed, pos, pos+f.Length,
			"code fence opened here is never closed, add a closing %s line", strings.Repeat(string(f.Char), f.Length))
	}
}

// isClosingFence reports whether line (container prefixes allowed) closes
// a fence of char c and at least n characters.
func isClosingFence(line []byte, c byte, n int) bool {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '>') {
		i++
	}
	j := i
	for j < len(line) && line[j] == c {
		j++
	}
	if j-i < n {
		return false
	}
	for ; j < len(line); j++ {
		if line[j] != ' ' && line[j] != '\t' && line[j] != '\r' {
			return false
		}
	}
	return true
}

// fenceKind says what an act.* info string makes of a fence.
type fenceKind struct {
	kind    uint8 // fencePlain, fenceAction or fenceResponse
	id      string
	idStart int
}

const (
	fencePlain uint8 = iota
	fenceAction
	fenceResponse
)

// classifyFence reads act.<id> and act.<id>.response info strings.
func classifyFence(f *Fence) fenceKind {
	info := f.Info
	if !strings.HasPrefix(info, "act.") || indexBlank(info) >= 0 {
		return fenceKind{}
	}
	rest := info[len("act."):]
	idStart := f.InfoSpan.Start.Off() + len("act.")
	if id, ok := strings.CutSuffix(rest, ".response"); ok && id != "" && !strings.Contains(id, ".") {
		return fenceKind{fenceResponse, id, idStart}
	}
	if rest == "" || strings.Contains(rest, ".") {
		return fenceKind{} // act-info-string-invalid: plain code for the runtime
	}
	return fenceKind{fenceAction, rest, idStart}
}

// actFence dispatches act.<id> and act.<id>.response fences.
func (p *docParser) actFence(f *Fence, k fenceKind) {
	if k.kind != fenceResponse && k.kind != fenceAction {
		return
	}
	idSpan := p.li.spanOnLine(int(f.OpenSpan.Start.Line), k.idStart, k.idStart+len(k.id)) // the id is on the opening line
	if k.kind == fenceResponse {
		p.response(f, k.id, idSpan)
	} else {
		p.action(f, k.id, idSpan)
	}
}

// sizeSlabs classifies every fence and reserves the node slabs from cheap
// counts of the act.* fences' lines: one response-template line per line,
// at most one parameter per parameter-like line, at most one reference
// per '{' or '$', and so on. The counts are upper bounds, kept close so
// that little reserved memory goes unused.
func (p *docParser) sizeSlabs() []fenceKind {
	kinds, n := p.countSlabs(true, p.kinds)
	p.kinds = kinds // back to the scratch
	p.doc.Actions = take(docPool(p, func(a *Arena) *arenaPool[*Action] { return &a.docActions }), n.act)
	p.doc.Responses = take(docPool(p, func(a *Arena) *arenaPool[*Response] { return &a.docResponses }), n.resp)
	if n.act > 0 {
		p.actEnds = make([]int32, 0, n.act)
		p.actPlaces = make([]placeRef, 0, 4*n.act)
	}
	if n.resp > 0 {
		p.respFacts = make([]respFact, 0, n.resp)
		p.respPlaces = make([]placeRef, 0, n.tLines) // about one a line
		p.firstAct = make(map[string]*Action, n.act)
	}
	p.actions.reserve(n.act)
	p.responses.reserve(n.resp)
	p.lines.reserve(n.tLines)
	p.linePtrs.reserve(n.tLines)
	p.params.reserve(n.params)
	p.paramPtrs.reserve(n.params)
	p.cons.reserve(n.cons)
	p.consPtrs.reserve(n.cons)
	p.headers.reserve(n.headers)
	p.templates.reserve(n.templates)
	p.nodes.refs.reserve(n.refs)
	p.refPtrs.reserve(n.refs)
	return kinds
}

// refMarks counts the bytes of b that may start a reference (mayStartRef).
func refMarks(b []byte) int {
	n := 0
	for _, c := range [2]byte{'$', '{'} {
		for i := bytes.IndexByte(b, c); i >= 0; {
			if mayStartRef(b, i) {
				n++
			}
			k := bytes.IndexByte(b[i+1:], c)
			if k < 0 {
				break
			}
			i += 1 + k
		}
	}
	return n
}

// mayStartRef reports whether b[i] may start a reference: a '$' before a
// word byte (ScanDollar) or a '{' before anything but '"', '{' (unless it
// opens "{{fetch:"), the end of the line or of b (braceRef reads no
// reference there: JSON keys, the first brace of "{{", a brace that ends
// its line).
func mayStartRef(b []byte, i int) bool {
	if i+1 >= len(b) {
		return false
	}
	switch next := b[i+1]; b[i] {
	case '$':
		return isWordByte(next)
	case '{':
		return next != '"' && next != '\n' && next != '\r' && (next != '{' || bytes.HasPrefix(b[i:], []byte("{{fetch:")))
	}
	return false
}

// slabCounts are sizeSlabs' counts.
type slabCounts struct{ act, resp, tLines, params, cons, headers, templates, refs int }

// countSlabs classifies the fences and counts for sizeSlabs. With capped
// it stops counting the costly counts (a scan of every line) once they
// reach maxReserve, where the reservations stop growing: a large
// document's lines are not read twice for nothing.
//
// kinds are written to buf (reallocated when too small).
func (p *docParser) countSlabs(capped bool, buf []fenceKind) ([]fenceKind, slabCounts) {
	kinds := slices.Grow(buf[:0], len(p.doc.Fences))[:len(p.doc.Fences)]
	var n slabCounts
	for i, f := range p.doc.Fences {
		k := classifyFence(f)
		kinds[i] = k
		switch k.kind {
		case fenceResponse:
			n.resp++
			n.tLines += len(f.Lines)
			n.templates += len(f.Lines)
		case fenceAction:
			n.act++
			if len(f.Lines) > 0 {
				h := strings.Count(f.Lines[0].Text, "-H")
				n.headers += h
				n.templates += 2 + h // target, inline body, header values
			}
			if capped && min(n.templates, n.params, n.cons) >= maxReserve {
				break
			}
			for j := 1; j < len(f.Lines); j++ {
				t := f.Lines[j].Text
				if strings.TrimSpace(t) == "body:" {
					n.templates++ // the body template
					continue
				}
				if !isParamHead(t) {
					continue
				}
				n.params++
				if o := strings.IndexByte(t, '('); o >= 0 {
					n.cons += 1 + strings.Count(t[o:], ",")
				}
			}
		default:
			continue
		}
		if len(f.Lines) > 0 && (!capped || n.refs < maxReserve) {
			// the content lines lie in order in one stretch of the source
			s, e := f.Lines[0].Span.Start.Off(), f.Lines[len(f.Lines)-1].Span.End.Off()
			if s <= e {
				n.refs += refMarks(p.src[s:e])
			}
		}
	}
	return kinds, n
}
