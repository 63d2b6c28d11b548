package lsp

import (
	"bytes"
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"unicode/utf8"
)

// encoding is the unit of Position.Character negotiated at initialize.
type encoding int

const (
	utf16 encoding = iota // the LSP default
	utf8Enc
	utf32
)

func (e encoding) String() string {
	switch e {
	case utf8Enc:
		return "utf-8"
	case utf32:
		return "utf-32"
	}
	return "utf-16"
}

// chooseEncoding picks UTF-8 when the client offers it (byte offsets are
// what the parser has), else UTF-32, else UTF-16, which every client
// supports.
func chooseEncoding(offered []string) encoding {
	best := utf16
	for _, o := range offered {
		switch o {
		case "utf-8":
			return utf8Enc
		case "utf-32":
			best = utf32
		}
	}
	return best
}

// text is one version of a document: its bytes, never modified once
// built, and where its lines start. Lines end at "\n", "\r\n" or a lone
// "\r", as LSP counts them (sfmd's own columns count lines at "\n" only;
// conversions go through byte offsets, so both agree).
type text struct {
	src   []byte
	lines []int // byte offset of the start of each line
}

func newText(src []byte) *text {
	t := &text{src: src, lines: make([]int, 1, bytes.Count(src, []byte{'\n'})+1)}
	if bytes.IndexByte(src, '\r') < 0 {
		for i := 0; ; {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			t.lines = append(t.lines, i)
		}
		return t
	}
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			t.lines = append(t.lines, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			t.lines = append(t.lines, i+1)
		}
	}
	return t
}

// lineEnd is the offset of the end of line n (0-based) before its
// terminator.
func (t *text) lineEnd(n int) int {
	if n+1 >= len(t.lines) {
		return len(t.src)
	}
	end := t.lines[n+1]
	if end > 0 && t.src[end-1] == '\n' {
		end--
	}
	if end > t.lines[n] && t.src[end-1] == '\r' {
		end--
	}
	return end
}

// lineOf returns the 0-based line holding offset.
func (t *text) lineOf(off int) int {
	return sort.Search(len(t.lines), func(i int) bool { return t.lines[i] > off }) - 1
}

// position converts a byte offset (clamped to the text) to a position.
func (t *text) position(off int, enc encoding) Position {
	off = min(max(off, 0), len(t.src))
	line := t.lineOf(off)
	start := t.lines[line]
	if end := t.lineEnd(line); off > end {
		off = end // inside a "\r\n"
	}
	return Position{Line: line, Character: units(t.src[start:off], enc)}
}

// units counts the characters of b in enc; an invalid byte counts as one
// (it reaches the client as U+FFFD, one unit in every encoding).
func units(b []byte, enc encoding) int {
	if enc == utf8Enc {
		return len(b)
	}
	n := 0
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			i++
			n++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		i += size
		n++
		if enc == utf16 && r >= 0x10000 {
			n++
		}
	}
	return n
}

// offset converts a position to a byte offset: a line past the end means
// the end of the text, a character past the end of its line the end of
// the line, a character inside a character the end of that character.
func (t *text) offset(p Position, enc encoding) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(t.lines) {
		return len(t.src)
	}
	start, end := t.lines[p.Line], t.lineEnd(p.Line)
	if p.Character <= 0 {
		return start
	}
	if enc == utf8Enc {
		off := end
		if p.Character < end-start { // never start+p.Character: it may overflow
			off = start + p.Character
		}
		for off < end && off > start && !utf8.RuneStart(t.src[off]) {
			off++
		}
		return off
	}
	n := 0
	i := start
	for i < end && n < p.Character {
		r, size := utf8.DecodeRune(t.src[i:end])
		i += size
		n++
		if enc == utf16 && r >= 0x10000 {
			n++
		}
	}
	return i
}

// rng converts a pair of byte offsets to a range. A range ending between
// the "\r" and "\n" of a line break (a finding about the "\r") ends at
// the start of the next line: it covers the whole break.
func (t *text) rng(start, end int, enc encoding) Range {
	start = min(max(start, 0), len(t.src))
	end = min(max(end, start), len(t.src))
	r := Range{Start: t.position(start, enc), End: t.position(end, enc)}
	if end > start && end < len(t.src) && t.src[end-1] == '\r' && t.src[end] == '\n' {
		r.End = Position{Line: r.End.Line + 1}
	}
	return r
}

// maxUinteger is the largest value of LSP's uinteger, the type of a
// position's line and character.
const maxUinteger = 1<<31 - 1

// checkRange refuses a range with a line or character that is no LSP
// uinteger (negative, or past 2^31-1). A position past the end of its
// line or of the text is valid: offset clamps it, as LSP prescribes.
func checkRange(r *Range) error {
	for _, p := range []Position{r.Start, r.End} {
		if p.Line < 0 || p.Line > maxUinteger || p.Character < 0 || p.Character > maxUinteger {
			return fmt.Errorf("position %d:%d is out of LSP's range (0 to %d)", p.Line, p.Character, maxUinteger)
		}
	}
	return nil
}

// apply returns the text after one content change (a whole new text when
// change.Range is nil), or an error for a range checkRange refuses.
func (t *text) apply(change TextDocumentContentChangeEvent, enc encoding) (*text, error) {
	if change.Range == nil {
		return newText([]byte(change.Text)), nil
	}
	if err := checkRange(change.Range); err != nil {
		return nil, err
	}
	start, end := t.offset(change.Range.Start, enc), t.offset(change.Range.End, enc)
	if end < start {
		start, end = end, start
	}
	src := make([]byte, 0, len(t.src)-(end-start)+len(change.Text))
	src = append(src, t.src[:start]...)
	src = append(src, change.Text...)
	src = append(src, t.src[end:]...)
	return newText(src), nil
}

// uriToPath returns the file path of a file: URI, or "" for other
// schemes (untitled:, …).
func uriToPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/") // "/C:/x" -> "C:/x"
	}
	return filepath.Clean(filepath.FromSlash(p))
}

// pathToURI returns the file: URI of an absolute path.
func pathToURI(p string) string {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
