package sfmd

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"unicode/utf8"
)

// Pos is a position in a source file: a byte offset plus the 1-based line
// and the 1-based column counted in Unicode characters (what editors,
// GitHub annotations and problem matchers expect). Invalid UTF-8 bytes
// count as one column each.
//
// The three are 32-bit: a source must be shorter than MaxSource bytes,
// which every reader of files checks (see MaxSource).
type Pos struct {
	Offset int32 `json:"offset"`
	Line   int32 `json:"line"`
	Col    int32 `json:"col"`
}

// at is the position of byte offset off on 1-based line line, column col,
// of a source shorter than MaxSource bytes (so that none of the three
// overflows 32 bits).
func at(off, line, col int) Pos { return Pos{Offset: int32(off), Line: int32(line), Col: int32(col)} }

// Off is the byte offset as an int, for indexing the source.
func (p Pos) Off() int { return int(p.Offset) }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// IsValid reports whether the position was set.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Span is a half-open range [Start, End) of source bytes.
type Span struct {
	Start Pos `json:"start"`
	End   Pos `json:"end"`
}

// IsValid reports whether the span was set.
func (s Span) IsValid() bool { return s.Start.IsValid() }

// Len is the length of the span in bytes.
func (s Span) Len() int { return int(s.End.Offset - s.Start.Offset) }

// LineIndex maps byte offsets of one source buffer to line and column.
// Building it is a single memchr-style pass over the bytes; column lookups
// count runes from the start of the line, memoising the last lookup so that
// many tokens on one huge line stay linear.
type LineIndex struct {
	src    []byte
	starts []int // byte offset of the start of each line
	bom    int   // length of a leading UTF-8 byte order mark (0 or 3)

	// ascii: the whole source is ASCII, so every column is a byte
	// distance. Otherwise lineKind caches, per line, whether it is pure
	// ASCII: 0 unknown, 1 ASCII, 2 not.
	ascii    bool
	lineKind []uint8
	// valid: the source is valid UTF-8, so that the characters between
	// two character boundaries are the bytes that do not continue one
	valid bool

	// memo of the last column computation on a non-ASCII line
	memoOff, memoCol, memoLine int
	// [memoLo, memoHi): the offsets a span may start and end at to lie on
	// memoLine when that is an ASCII line after the first (its start, and
	// the next line's start or one past the source); empty otherwise.
	// Set only by setMemoLine, with memoLine.
	memoLo, memoHi int
}

// setMemoLine makes 1-based line n, whose ASCII-ness the caller knows, the
// line of the last lookup.
func (li *LineIndex) setMemoLine(n int, ascii bool) {
	li.memoLine = n
	li.memoLo, li.memoHi = 1, 0
	if ascii && n > 1 && n <= len(li.starts) {
		li.memoLo, li.memoHi = li.starts[n-1], len(li.src)+1
		if n < len(li.starts) {
			li.memoHi = li.starts[n]
		}
	}
}

// NewLineIndex indexes src, which must be at most MaxSource bytes long
// (Parse's positions are 32-bit).
func NewLineIndex(src []byte) *LineIndex { return newLineIndex(src, nil) }

// newLineIndex is NewLineIndex with the index and its line starts carved
// from a (nil: allocated).
func newLineIndex(src []byte, a *Arena) *LineIndex {
	var from *arenaPool[int]
	var li *LineIndex
	if a != nil {
		from, li = &a.starts, one(&a.lineIndexes)
	} else {
		li = new(LineIndex)
	}
	starts, ascii := lineStarts(src, take(from, bytes.Count(src, []byte{'\n'})+1)[:1])
	*li = LineIndex{src: src, starts: starts, memoLine: -1, memoLo: 1, ascii: ascii}
	if !li.ascii {
		li.lineKind = make([]uint8, len(starts))
		li.valid = utf8.Valid(src)
	}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		li.bom = 3
	}
	return li
}

// lineStarts appends to starts, which has room for them, the offset
// after each '\n' of src, and reports whether src is ASCII: one pass over
// words of eight bytes (an exact test of each byte: no borrow carries from
// one byte to the next) instead of a search from each line start and a
// second pass for the ASCII test.
func lineStarts(src []byte, starts []int) ([]int, bool) {
	const low7 = lo8 * 0x7F
	out, n := starts[:cap(starts)], len(starts)
	var seen uint64 // the bytes' bits, or-ed: a high bit set is a byte >= 0x80
	off := 0
	for ; off+8 <= len(src); off += 8 {
		x := binary.LittleEndian.Uint64(src[off : off+8])
		seen |= x
		t := x ^ (lo8 * '\n')
		for m := ^((t&low7 + low7) | t) & hi8; m != 0; m &= m - 1 {
			out[n] = off + bits.TrailingZeros64(m)/8 + 1
			n++
		}
	}
	for ; off < len(src); off++ {
		seen |= uint64(src[off])
		if src[off] == '\n' {
			out[n] = off + 1
			n++
		}
	}
	return out[:n], seen&hi8 == 0
}

// LineCount is the number of lines (a final line without newline counts;
// an empty trailing line after the last newline counts too).
func (li *LineIndex) LineCount() int { return len(li.starts) }

// LineStart is the byte offset where 1-based line n starts (after a BOM on
// line 1).
func (li *LineIndex) LineStart(n int) int {
	if n <= 1 {
		return li.bom
	}
	if n > len(li.starts) {
		return len(li.src)
	}
	return li.starts[n-1]
}

// LineEnd is the byte offset of the end of 1-based line n, excluding the
// line terminator ("\n" or "\r\n").
func (li *LineIndex) LineEnd(n int) int {
	var end int
	if n >= len(li.starts) {
		end = len(li.src)
	} else {
		end = li.starts[n] - 1 // the '\n'
	}
	if end > 0 && end <= len(li.src) && li.src[end-1] == '\r' && end > li.LineStart(n) {
		end--
	}
	return end
}

// Line returns the text of 1-based line n without its terminator.
func (li *LineIndex) Line(n int) []byte {
	if n < 1 || n > len(li.starts) {
		return nil
	}
	return li.src[li.LineStart(n):li.LineEnd(n)]
}

// LineOf returns the 1-based line containing offset.
func (li *LineIndex) LineOf(offset int) int { return li.lineIn(offset, 0, len(li.starts)) }

// lineAfter is LineOf for an offset at or after the start of 1-based line
// n (n >= 1): it gallops forward from n, so that a lookup a few lines
// further on (parsing moves forward) costs a few comparisons instead of a
// search of the whole index.
func (li *LineIndex) lineAfter(offset, n int) int {
	lo, step := n, 1 // starts[lo-1] <= offset
	for lo+step-1 < len(li.starts) && li.starts[lo+step-1] <= offset {
		lo += step
		step *= 2
	}
	return li.lineIn(offset, lo, min(lo+step-1, len(li.starts)))
}

// lineIn is LineOf when the number of line starts at or before offset
// lies in [lo, hi].
func (li *LineIndex) lineIn(offset, lo, hi int) int {
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if li.starts[m] <= offset {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// Pos converts a byte offset to a full position. Each line is checked for
// non-ASCII bytes once; on ASCII lines the column is a subtraction, on
// others lookups count characters from the nearer of the line start and
// the previous lookup.
func (li *LineIndex) Pos(offset int) Pos {
	if offset < 0 {
		offset = 0
	}
	if offset > len(li.src) {
		offset = len(li.src)
	}
	line := li.memoLine
	if line < 1 || offset < li.starts[line-1] || (line < len(li.starts) && offset >= li.starts[line]) {
		switch {
		case line >= 1 && offset >= li.starts[line-1] && (line+1 == len(li.starts) || offset < li.starts[line+1]):
			line++ // the next line: lookups mostly move forward
		case line >= 1 && offset >= li.starts[line-1]:
			line = li.lineAfter(offset, line+2)
		default:
			line = li.LineOf(offset)
		}
	}
	start := li.bom
	if line > 1 {
		start = li.starts[line-1]
	}
	if offset < start { // inside the BOM
		return at(offset, 1, 1)
	}
	if li.asciiLine(line) {
		li.setMemoLine(line, true)
		return at(offset, line, offset-start+1)
	}
	// Counting from the memo is exact only between character boundaries
	// (a byte that is not a UTF-8 continuation byte always starts one);
	// the memo only ever holds a boundary.
	boundary := li.boundary(offset)
	memo := boundary && li.memoLine == line && li.memoOff >= start
	count := runeCount
	if li.valid && boundary {
		count = runeCountValid // every slice below runs between boundaries
	}
	col := 0
	switch {
	case memo && li.memoOff <= offset:
		col = li.memoCol + count(li.src[li.memoOff:offset])
	case memo && offset-start > li.memoOff-offset:
		col = li.memoCol - count(li.src[offset:li.memoOff])
	default:
		col = 1 + count(li.src[start:offset])
	}
	if boundary {
		li.setMemoLine(line, false)
		li.memoOff, li.memoCol = offset, col
	}
	return at(offset, line, col)
}

// spanOnLine is Span for two offsets on 1-based line n, which the caller
// knows; on ASCII lines it needs no search.
func (li *LineIndex) spanOnLine(n, start, end int) Span {
	if end < start {
		end = start
	}
	if n >= 2 && n <= len(li.starts) {
		ls := li.starts[n-1]
		if start < ls || (n < len(li.starts) && end >= li.starts[n]) {
			return li.Span(start, end)
		}
		if li.asciiLine(n) {
			li.setMemoLine(n, true) // as Pos leaves it: the next lookup is likely on this line
			return Span{Start: at(start, n, start-ls+1), End: at(end, n, end-ls+1)}
		}
		if li.valid && end <= len(li.src) && li.boundary(start) && li.boundary(end) {
			// both ends on this line, at character boundaries of valid
			// UTF-8: the columns are the characters before them
			sc := 1 + runeCountValid(li.src[ls:start])
			ec := sc + runeCountValid(li.src[start:end])
			li.setMemoLine(n, false) // as Pos(end) leaves it
			li.memoOff, li.memoCol = end, ec
			return Span{Start: at(start, n, sc), End: at(end, n, ec)}
		}
	}
	return li.Span(start, end)
}

// boundary reports whether a character starts at offset (or offset is
// the end of the source): a byte that is not a UTF-8 continuation byte
// always starts one.
func (li *LineIndex) boundary(offset int) bool {
	return offset == len(li.src) || li.src[offset]&0xC0 != 0x80
}

// posOnLine is Pos for an offset on 1-based line n, which the caller
// knows (see spanOnLine).
func (li *LineIndex) posOnLine(n, offset int) Pos { return li.spanOnLine(n, offset, offset).Start }

// asciiLine reports whether 1-based line n is pure ASCII. It is inlined
// where it is called: an ASCII source or a line known to be ASCII costs no
// call.
func (li *LineIndex) asciiLine(n int) bool {
	return li.ascii || li.lineKind[n-1] == 1 || li.asciiLineSlow(n)
}

// asciiLineSlow checks one line of a non-ASCII source, caching the answer.
func (li *LineIndex) asciiLineSlow(n int) bool {
	kind := li.lineKind[n-1]
	if kind == 0 {
		kind = 2
		end := len(li.src)
		if n < len(li.starts) {
			end = li.starts[n]
		}
		if isASCII(li.src[li.LineStart(n):end]) {
			kind = 1
		}
		li.lineKind[n-1] = kind
	}
	return kind == 1
}

// Span converts a pair of byte offsets to a span.
func (li *LineIndex) Span(start, end int) Span {
	if end < start {
		end = start
	}
	if start >= li.memoLo && end < li.memoHi {
		// both ends on the (ASCII) line of the previous lookup
		n, ls := li.memoLine, li.memoLo
		return Span{Start: at(start, n, start-ls+1), End: at(end, n, end-ls+1)}
	}
	s := li.Pos(start)
	if n := int(s.Line); start >= li.bom && end <= len(li.src) && (n == len(li.starts) || end < li.starts[n]) && li.asciiLine(n) {
		// both ends on one ASCII line: no second lookup
		return Span{Start: s, End: at(end, n, int(s.Col)+end-start)}
	}
	return Span{Start: s, End: li.Pos(end)}
}

// runeCount counts characters, counting each invalid byte as one.
func runeCount(b []byte) int {
	n := 0
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
		} else {
			_, sz := utf8.DecodeRune(b[i:])
			i += sz
		}
		n++
	}
	return n
}

// runeCountValid is runeCount of valid UTF-8 that starts and ends at
// character boundaries: the bytes that do not continue a character
// (10xxxxxx), counted eight at a time.
func runeCountValid(b []byte) int {
	n := len(b)
	for len(b) >= 8 {
		x := binary.LittleEndian.Uint64(b)
		n -= bits.OnesCount64(x &^ (x << 1) & 0x8080808080808080)
		b = b[8:]
	}
	for _, c := range b {
		if c&0xC0 == 0x80 {
			n--
		}
	}
	return n
}
