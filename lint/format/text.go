package format

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/sfmd-dev/sfmd/internal/ansi"
	"github.com/sfmd-dev/sfmd/lint"
)

const (
	tabWidth     = 4   // tab stops in snippets
	maxLineWidth = 200 // snippet lines wider than this are cut to a window
	windowLead   = 40  // columns kept before the marker in a cut line
	// A snippet examines at most this many bytes of its line before and
	// after the span's start: enough for windowLead and maxLineWidth
	// columns of 4-byte characters.
	renderBytesBefore = 4 * windowLead
	renderBytesAfter  = 4 * maxLineWidth
)

type painter bool

func (p painter) paint(style, s string) string {
	if !p || s == "" {
		return s
	}
	return style + s + ansi.Reset
}

// open writes style to w when p paints; close ends it: paint without
// making the string.
func (p painter) open(w *bytes.Buffer, style string) {
	if p {
		w.WriteString(style)
	}
}

func (p painter) close(w *bytes.Buffer) {
	if p {
		w.WriteString(ansi.Reset)
	}
}

func severityStyle(s lint.Severity) string {
	switch s {
	case lint.Error:
		return ansi.Red
	case lint.Warning:
		return ansi.Yellow
	default:
		return ansi.Cyan
	}
}

// appendHeadline appends the line format's line for d (without newline)
// to b: path:line:col: severity: message [rule], the location bold, the
// severity in its colour and the rule dim when p paints.
func appendHeadline(b []byte, d *lint.Diagnostic, p painter) []byte {
	line, col := start(d)
	if p {
		b = append(b, ansi.Bold...)
	}
	b = append(b, flattenPath(d.Path)...)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(line), 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(col), 10)
	b = append(b, ':')
	if p {
		b = append(b, ansi.Reset...)
	}
	b = append(b, ' ')
	b = append(b, p.paint(severityStyle(d.Severity), d.Severity.String())...)
	b = append(b, ": "...)
	b = append(b, flatten(d.Message)...)
	b = append(b, ' ')
	// p.paint(ansi.Dim, "["+rule+"]") without making the string
	if p {
		b = append(b, ansi.Dim...)
	}
	b = append(b, '[')
	b = append(b, flatten(d.Rule)...)
	b = append(b, ']')
	if p {
		b = append(b, ansi.Reset...)
	}
	return b
}

// lineStream writes the line format: one line per finding.
type lineStream struct {
	w io.Writer
	p painter
	b bytes.Buffer
}

func (s *lineStream) write(diags []lint.Diagnostic) error {
	s.b.Reset()
	for i := range diags {
		s.b.Write(appendHeadline(s.b.AvailableBuffer(), &diags[i], s.p))
		s.b.WriteByte('\n')
		if err := spill(s.w, &s.b); err != nil {
			return err
		}
	}
	return flush(s.w, &s.b)
}

func (s *lineStream) close() error { return nil }

// textStream writes the text format: each finding with its snippet,
// then the summary line (nothing at all without findings).
type textStream struct {
	w   io.Writer
	p   painter
	src *sources
	n   counts
	b   bytes.Buffer
	// cells is the scratch of the snippets (appendRender)
	cells []cell
}

func (s *textStream) write(diags []lint.Diagnostic) error {
	s.b.Reset()
	s.n.add(diags)
	for i := range diags {
		d := &diags[i]
		s.b.Write(appendHeadline(s.b.AvailableBuffer(), d, s.p))
		s.b.WriteByte('\n')
		writeSnippet(&s.b, d, s.src, s.p, &s.cells)
		s.b.WriteByte('\n')
		if err := spill(s.w, &s.b); err != nil {
			return err
		}
	}
	return flush(s.w, &s.b)
}

func (s *textStream) close() error {
	if s.n.total == 0 {
		return nil
	}
	_, err := io.WriteString(s.w, s.n.String()+"\n")
	return err
}

// writeSnippet writes the gutter, source line, marker, help and note lines
// of d. cells is the scratch of appendRender, kept by the stream: the snippet
// of a finding is written into w without allocating (a 10 MB document
// has 55,000 findings).
func writeSnippet(w *bytes.Buffer, d *lint.Diagnostic, src *sources, p painter, cells *[]cell) {
	line, _ := start(d)
	var numBuf [20]byte
	num := strconv.AppendInt(numBuf[:0], int64(line), 10)
	gutter := func() { // p.paint(ansi.Blue, pad+" |")
		p.open(w, ansi.Blue)
		writeSpaces(w, len(num))
		w.WriteString(" |")
		p.close(w)
	}

	if text, from, to, ok := snippetRange(d, src); ok {
		gutter()
		w.WriteByte('\n')
		p.open(w, ansi.Blue)
		w.Write(num)
		w.WriteString(" |")
		p.close(w)
		// " " + the line shown, when it is not empty
		b := append(w.AvailableBuffer(), ' ')
		var markAt, markWidth int
		b, *cells, markAt, markWidth = appendRender(b, text, from, to, *cells)
		if len(b) > 1 {
			w.Write(b)
		}
		w.WriteByte('\n')
		gutter()
		w.WriteByte(' ')
		writeSpaces(w, markAt)
		p.open(w, severityStyle(d.Severity))
		w.WriteByte('^')
		for range markWidth - 1 {
			w.WriteByte('~')
		}
		p.close(w)
		w.WriteByte('\n')
	}
	if len(d.Fixes) == 0 && len(d.Related) == 0 {
		return
	}
	pad := strings.Repeat(" ", len(num))
	for _, f := range d.Fixes {
		msg := flatten(f.Message)
		if msg == "" {
			msg = "apply the suggested fix"
		}
		if !f.Safe {
			msg += " (unsafe fix, needs --unsafe-fixes)"
		}
		w.WriteString(pad + " = " + p.paint(ansi.Green, "help") + ": " + msg + "\n")
	}
	for _, r := range d.Related {
		rl, rc := startOf(r.Span)
		rp := d.Path
		if r.Path != "" {
			rp = r.Path
		}
		fmt.Fprintf(w, "%s = %s: %s:%d:%d: %s\n", pad, p.paint(ansi.Bold, "note"), flattenPath(rp), rl, rc, flatten(r.Message))
	}
}

// writeSpaces writes n spaces.
func writeSpaces(w *bytes.Buffer, n int) {
	const spaces = "                                "
	for n > len(spaces) {
		w.WriteString(spaces)
		n -= len(spaces)
	}
	w.WriteString(spaces[:max(n, 0)])
}

// snippetRange finds the source line of d's start and the byte range of the
// span on that line. ok is false when the source is unavailable or does not
// contain the position.
func snippetRange(d *lint.Diagnostic, src *sources) (text []byte, from, to int, ok bool) {
	li := src.index(d.Path)
	if li == nil || !d.Span.Start.IsValid() || int(d.Span.Start.Line) > li.LineCount() {
		return nil, 0, 0, false
	}
	n := int(d.Span.Start.Line)
	text = li.Line(n)
	ls := li.LineStart(n)
	from = d.Span.Start.Off() - ls
	if from < 0 || from > len(text) || li.LineOf(d.Span.Start.Off()) != n {
		// The offset disagrees with the line: trust the column.
		from = byteOfColumn(text, int(d.Span.Start.Col))
	}
	el, _ := endOf(d.Span)
	switch {
	case el > n:
		to = len(text)
	case d.Span.End.Off()-ls >= from && d.Span.End.Off()-ls <= len(text):
		to = d.Span.End.Off() - ls
	default:
		to = from
	}
	return text, from, to, true
}

// byteOfColumn returns the byte index of 1-based character column col.
func byteOfColumn(text []byte, col int) int {
	i := 0
	for c := 1; c < col && i < len(text); c++ {
		_, sz := utf8.DecodeRune(text[i:])
		i += sz
	}
	return i
}

// cell is one rendered character of a snippet line: a rune (a space for
// an expanded tab) and its display width.
type cell struct {
	r rune
	w int
}

// appendRender turns a source line into display text, appended to dst,
// and returns where the marker for bytes [from, to) starts (display
// column, 0-based) and how wide it is. Huge lines are first cut to a byte
// window around the span so that many findings on one minified line stay
// linear. cells is its scratch (returned grown, for the next call).
func appendRender(dst, text []byte, from, to int, cells []cell) (out []byte, scratch []cell, markAt, markWidth int) {
	cutLeft, cutRight := false, false
	if lo := from - renderBytesBefore; lo > 0 {
		for lo < from && !utf8.RuneStart(text[lo]) {
			lo++
		}
		text, from, to, cutLeft = text[lo:], from-lo, to-lo, true
	}
	if hi := from + renderBytesAfter; hi < len(text) {
		for hi > from && !utf8.RuneStart(text[hi]) {
			hi--
		}
		text, to, cutRight = text[:hi], min(to, hi), true
	}

	cells = cells[:0]
	col := 0
	startCell, endCell := -1, -1
	for i := 0; i <= len(text); {
		if i >= from && startCell < 0 {
			startCell = len(cells)
		}
		if i >= to && endCell < 0 && startCell >= 0 {
			endCell = len(cells)
		}
		if i == len(text) {
			break
		}
		r, sz := utf8.DecodeRune(text[i:])
		var c cell
		switch {
		case r == '\t':
			c = cell{' ', tabWidth - col%tabWidth}
		case r == utf8.RuneError && sz == 1, unicode.IsControl(r):
			c = cell{'\uFFFD', 1}
		default:
			c = cell{r, runeWidth(r)}
		}
		cells = append(cells, c)
		col += c.w
		i += sz
	}
	if startCell < 0 {
		startCell = len(cells)
	}
	if endCell < 0 {
		endCell = len(cells)
	}

	// Choose the visible window of cells.
	lo, hi := 0, len(cells)
	if col > maxLineWidth || cutLeft || cutRight {
		w := 0
		lo = startCell
		for lo > 0 && w+cells[lo-1].w <= windowLead {
			lo--
			w += cells[lo].w
		}
		hi = lo
		for w = 0; hi < len(cells) && w+cells[hi].w <= maxLineWidth; hi++ {
			w += cells[hi].w
		}
	}
	base := len(dst)
	if lo > 0 || cutLeft {
		dst = append(dst, "…"...)
		markAt = 1
	}
	for i := lo; i < hi; i++ {
		c := cells[i]
		if i < startCell {
			markAt += c.w
		} else if i < endCell {
			markWidth += c.w
		}
		if c.r == ' ' && c.w > 1 {
			for range c.w {
				dst = append(dst, ' ')
			}
		} else {
			dst = utf8.AppendRune(dst, c.r)
		}
	}
	if hi < len(cells) || cutRight {
		dst = append(dst, "…"...)
	}
	for len(dst) > base && dst[len(dst)-1] == ' ' { // strings.TrimRight(shown, " ")
		dst = dst[:len(dst)-1]
	}
	return dst, cells, markAt, markWidth
}

// runeWidth is the number of terminal columns r occupies.
func runeWidth(r rune) int {
	if r < 0x7f {
		return 1 // printable ASCII (controls are replaced before)
	}
	if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) {
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}
