package sfmd

import (
	"bytes"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Code spans read without goldmark's inline pass.
//
// Of a paragraph goldmark's inline pass gives sfmd only its code spans
// (inlineskip.go), yet it walks every byte of the lines they can lie on
// and makes a node for every piece of text between them: on the upstream
// documents that pass was a seventh of sfmd.Parse and a fifth of the
// bytes it allocated. When those lines hold no '<' (so no raw HTML and no
// autolink, the other inline parsers sfmd gives goldmark, can take a
// backtick) readCodeSpans reads the code spans itself, as goldmark's
// inline loop (parser.parseBlock: backslash escapes, the escape carried
// over a line ending in an odd run of backslashes, hard line breaks) and
// its code span parser (parser.codeSpanParser: a run of backticks closed
// by the next run of the same length, one leading and one trailing space
// or newline trimmed when both are there and the content is not blank)
// read them, and codeParagraphs hands goldmark the paragraph emptied. An
// opener without a closer, a '<', a tab expanded into padding or a line
// not ending in a newline before the last leaves the paragraph to
// goldmark as before. TestOwnCodeSpansMatchGoldmark compares the two
// readings on the corpora, generated documents, fuzz seeds and random
// documents.

// codeSpanSink collects the code spans codeParagraphs read itself during
// one goldmark parse, as body offsets (the first byte of the content and
// the byte after it, as goldmark's first and last text segments of the
// span give them). A parse without a sink in its context (the tests that
// compare trees) leaves every code span to goldmark.
type codeSpanSink struct{ spans []byteRange }

var codeSpanSinkKey = parser.NewContextKey()

// ownCodeSpans switches codeSpanSink on for Parse; the tests switch it
// off to compare with goldmark's reading.
var ownCodeSpans = true

// readCodeSpans appends to out the code spans of the paragraph lines
// lines[lo:hi] of src, read as goldmark's inline pass reads them, and
// reports whether it could; when it could not, out is returned as it was.
func readCodeSpans(lines *text.Segments, lo, hi int, src []byte, out []byteRange) ([]byteRange, bool) {
	if lo >= hi {
		return out, true
	}
	for k := lo; k < hi; k++ {
		seg := lines.At(k)
		if seg.Padding != 0 || seg.ForceNewline || seg.Start >= seg.Stop || seg.Stop > len(src) ||
			(k < hi-1 && src[seg.Stop-1] != '\n') || bytes.IndexByte(src[seg.Start:seg.Stop], '<') >= 0 {
			return out, false
		}
	}
	n0 := len(out)
	last := lines.At(hi - 1).Stop
	escaped := false
	k, pos := lo, lines.At(lo).Start
	for k < hi && pos < last {
		line := src[pos:lines.At(k).Stop]
		resumed := false
		for i := range inlineLength(line) {
			c := line[i]
			if c == '\n' {
				break
			}
			if c == '`' && (!escaped || i == 0) {
				s, e, nk, npos, ok := codeSpanAt(lines, k, hi, pos+i, src)
				if !ok {
					return out[:n0], false
				}
				out = append(out, byteRange{s, e})
				k, pos, resumed = nk, npos, true
				break
			}
			if escaped {
				escaped = false
				continue
			}
			if c == '\\' {
				escaped = true
			}
		}
		if !resumed {
			k++
			if k < hi {
				pos = lines.At(k).Start
			}
		}
	}
	return out, true
}

// inlineLength is the part of a line goldmark's inline loop reads
// character by character: without the newline, and without the
// backslash or the two spaces of a hard line break (so that backslash
// sets no escape).
func inlineLength(line []byte) int {
	n := len(line)
	nl := line[n-1] == '\n'
	switch {
	case !nl:
	case (n >= 3 && line[n-2] == '\\' && line[n-3] != '\\') || (n == 2 && line[n-2] == '\\'):
		n -= 2
	case (n >= 4 && line[n-3] == '\\' && line[n-2] == '\r' && line[n-4] != '\\') || (n == 3 && line[n-3] == '\\' && line[n-2] == '\r'):
		n -= 3
	case n >= 3 && line[n-3] == ' ' && line[n-2] == ' ':
		n -= 3
	case n >= 4 && line[n-4] == ' ' && line[n-3] == ' ' && line[n-2] == '\r':
		n -= 4
	}
	return n
}

// codeSpanAt reads the code span whose opening run starts at src[o], on
// line k of lines[:hi]: it returns the content's bounds (goldmark's first
// text segment's start and last one's stop, after its trimming), and
// the line and offset where reading resumes, after the closing run; ok is
// false when no run of the same length closes it.
func codeSpanAt(lines *text.Segments, k, hi, o int, src []byte) (s, e, nk, npos int, ok bool) {
	stop := lines.At(k).Stop
	run := o
	for run < stop && src[run] == '`' {
		run++
	}
	n := run - o
	if run == stop {
		return 0, 0, 0, 0, false // the run ends the paragraph
	}
	for l := k; l < hi; l++ {
		seg := lines.At(l)
		from := seg.Start
		if l == k {
			from = run
		}
		for i := from; i < seg.Stop; {
			j := bytes.IndexByte(src[i:seg.Stop], '`')
			if j < 0 {
				break
			}
			i += j
			m := i
			for m < seg.Stop && src[m] == '`' {
				m++
			}
			if m-i == n {
				s, e = spanContent(lines, k, l, run, i, src)
				return s, e, l, m, true
			}
			i = m
		}
	}
	return 0, 0, 0, 0, false
}

// spanContent returns the bounds goldmark gives the content of a code
// span from src[run] on line k to the closing run at src[closeAt] on
// line l: its text segments are the rest of line k, the whole lines
// between and the start of line l (when not empty); when they are not
// all blank and the first starts and the last ends with a space or a
// newline, one byte is trimmed from each.
func spanContent(lines *text.Segments, k, l, run, closeAt int, src []byte) (s, e int) {
	if l == k {
		s, e = run, closeAt
		if !util.IsBlank(src[s:e]) && isSpaceOrNewline(src[s]) && isSpaceOrNewline(src[e-1]) {
			s, e = s+1, e-1
		}
		return s, e
	}
	firstStop := lines.At(k).Stop
	blank := util.IsBlank(src[run:firstStop])
	for m := k + 1; m < l && blank; m++ {
		seg := lines.At(m)
		blank = util.IsBlank(src[seg.Start:seg.Stop])
	}
	// the last text segment: the start of line l, or the whole line before
	lastStart, lastStop := lines.At(l).Start, closeAt
	if lastStop == lastStart {
		if l-1 == k {
			lastStart = run
		} else {
			lastStart = lines.At(l - 1).Start
		}
		lastStop = lines.At(l - 1).Stop
	} else if blank {
		blank = util.IsBlank(src[lastStart:lastStop])
	}
	s, e = run, lastStop
	if !blank && firstStop > run && isSpaceOrNewline(src[run]) && lastStop > lastStart && isSpaceOrNewline(src[lastStop-1]) {
		s, e = s+1, e-1
	}
	return s, e
}

// isSpaceOrNewline is what goldmark's code span parser trims.
func isSpaceOrNewline(c byte) bool { return c == ' ' || c == '\n' }
