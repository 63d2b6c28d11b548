package sfmd

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// Small byte scanners for the hot paths. strings.IndexAny builds a lookup
// table on every call for strings longer than 8 bytes; these loops stop at
// the first hit, which is usually a few bytes away.

// indexEither returns the index of the first a or b in s, or -1, eight
// bytes at a time as indexInline reads them (TestIndexEither).
func indexEither(s string, a, b byte) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := load64(s[i : i+8])
		if m := (bytesEqual(x, a) | bytesEqual(x, b)) & hi8; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == a || c == b {
			return i
		}
	}
	return -1
}

// countUpTo is min(bytes.Count(b, sep), limit) for a non-empty sep
// (occurrences counted without overlaps, as bytes.Count counts them),
// without counting past limit: the 10 MB document's 34,200 "<!--" (its
// block markers) are not all looked for to reserve 4,096 markers.
func countUpTo(b, sep []byte, limit int) int {
	n := 0
	for n < limit {
		i := bytes.Index(b, sep)
		if i < 0 {
			break
		}
		n++
		b = b[i+len(sep):]
	}
	return n
}

// indexBlank returns the index of the first space or tab in s, or -1.
func indexBlank(s string) int { return indexEither(s, ' ', '\t') }

// byteSet is a set of ASCII bytes, a bit each: a byte is tested with a
// shift, not compared with each byte of a list.
type byteSet [2]uint64

// newByteSet is the set of the bytes of chars, which are ASCII.
func newByteSet(chars string) *byteSet {
	var b byteSet
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		if c >= utf8.RuneSelf {
			panic("newByteSet: not ASCII: " + chars)
		}
		b[c>>6] |= 1 << (c & 63)
	}
	return &b
}

// has reports whether c is in the set.
func (b *byteSet) has(c byte) bool { return c < utf8.RuneSelf && b[c>>6&1]>>(c&63)&1 != 0 }

// The sets of bytes the parse looks for with containsByteOf.
var (
	markerIDStop  = newByteSet(" \t\r\n")       // parseMarker: a block marker's id ends
	refNameStop   = newByteSet(" \t\"':,")      // braceRef: not a placeholder's name
	tokenRefStop  = newByteSet(" \t\"':,{}()=") // looksLikePlaceholder in bodies, outputs, commands
	placeholdStop = newByteSet("\"':,{}()=")    // looksLikePlaceholder elsewhere
)

// containsByteOf reports whether s contains any of the bytes in set.
func containsByteOf(s string, set *byteSet) bool {
	for i := 0; i < len(s); i++ {
		if set.has(s[i]) {
			return true
		}
	}
	return false
}

// indexInline returns the index of the first '[', '$' or '{' in s at or
// after i (the bytes inline looks at), or len(s), eight bytes at a time:
// in a word, the lowest byte that equals one of them is the lowest set
// bit of the zero-byte test of the word xor that byte (borrows only mark
// bytes above a true zero).
func indexInline(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		x := load64(s[i : i+8])
		if m := (bytesEqual(x, '[') | bytesEqual(x, '$') | bytesEqual(x, '{')) & hi8; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == '[' || c == '$' || c == '{' {
			return i
		}
	}
	return len(s)
}

// indexCodeSpecial returns the index of the first byte of inlineSpecial
// ('`', '<', '\\', '\n': the bytes readCodeSpans stops at) in b at or
// after i, or len(b), eight bytes at a time as indexInline reads them
// (TestIndexCodeSpecial).
func indexCodeSpecial(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		if m := (bytesEqual(x, '`') | bytesEqual(x, '<') | bytesEqual(x, '\\') | bytesEqual(x, '\n')) & hi8; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(b) && !inlineSpecial[b[i]]; i++ {
	}
	return i
}

// indexBracket returns the index of the first '\\', '[', ']', '(' or ')'
// (the bytes pairBrackets acts on) in s at or after i, or len(s) (i when
// i > len(s)), eight bytes at a time as indexInline reads them: '(' and
// ')', '\\' and ']' differ only in their low bit, which is set in every
// byte before comparing (TestIndexBracket).
func indexBracket(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		x := load64(s[i : i+8])
		if m := (bytesEqual(x|lo8, ')') | bytesEqual(x|lo8, ']') | bytesEqual(x, '[')) & hi8; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\', '[', ']', '(', ')':
			return i
		}
	}
	return i
}

// lo8 has the low bit of each byte of a word set, hi8 the high bit.
const lo8, hi8 = 0x0101010101010101, 0x8080808080808080

// bytesEqual marks the bytes of the word x that equal c in the high bit
// of each byte, to be kept with hi8 (once, for a union of several): the
// lowest byte that equals c is marked, and no byte below it is (a borrow
// only marks bytes above a true zero of x^c), so the scanners above take
// bits.TrailingZeros64 of the union for the first hit; nothing is marked
// when no byte equals c.
func bytesEqual(x uint64, c byte) uint64 {
	y := x ^ (uint64(c) * lo8)
	return (y - lo8) &^ y
}

// load64 reads the first eight bytes of s as a little-endian word (one
// load where the compiler combines them).
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// trimBlankRight is strings.TrimRight(s, " \t"), without the cutset
// strings builds on every call.
func trimBlankRight(s string) string {
	i := len(s)
	for i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') {
		i--
	}
	return s[:i]
}

// trimBlankLeft is strings.TrimLeft(s, " \t") (see trimBlankRight).
func trimBlankLeft(s string) string { return s[skipSpace(s, 0):] }

// isPerlSpace matches regexp's \s: [\t\n\f\r ].
func isPerlSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// isASCII reports whether b has no byte >= 0x80, eight bytes at a time.
func isASCII(b []byte) bool {
	const hi = 0x8080808080808080
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&hi != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// forArgs matches a for: argument against ^(\S+)[ \t]+in[ \t]+(\S+)[ \t]*$
// and returns the bounds of the item variable and of the path.
func forArgs(arg string) (item, path [2]int, ok bool) {
	i := 0
	for i < len(arg) && !isPerlSpace(arg[i]) {
		i++
	}
	j := skipSpace(arg, i)
	if i == 0 || j == i || !strings.HasPrefix(arg[j:], "in") {
		return item, path, false
	}
	k := skipSpace(arg, j+2)
	if k == j+2 {
		return item, path, false
	}
	m := k
	for m < len(arg) && !isPerlSpace(arg[m]) {
		m++
	}
	if m == k || skipSpace(arg, m) != len(arg) {
		return item, path, false
	}
	return [2]int{0, i}, [2]int{k, m}, true
}

// refDef matches a shortcut definition line against
// ^\[@([^\]\s]*)\]:[ \t]*(\S*) and returns the bounds of the ID and of the
// URL (whose end is the end of the match).
func refDef(t string) (id, url [2]int, ok bool) {
	if !strings.HasPrefix(t, "[@") {
		return id, url, false
	}
	i := 2
	for i < len(t) && t[i] != ']' && !isPerlSpace(t[i]) {
		i++
	}
	if !strings.HasPrefix(t[i:], "]:") {
		return id, url, false
	}
	j := skipSpace(t, i+2)
	k := j
	for k < len(t) && !isPerlSpace(t[k]) {
		k++
	}
	return [2]int{2, i}, [2]int{j, k}, true
}
