package sfmd

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
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
// bytes it allocated. readCodeSpans reads the code spans itself, as
// goldmark's inline loop (parser.parseBlock: backslash escapes, the
// escape carried over a line ending in an odd run of backslashes, hard
// line breaks) and its code span parser (parser.codeSpanParser: a run of
// backticks closed by the next run of the same length, one leading and
// one trailing space or newline trimmed when both are there and the
// content is not blank) read them; at a '<' it calls goldmark's autolink
// and raw HTML parsers, the other inline parsers sfmd gives goldmark,
// which can take a backtick. codeParagraphs then hands goldmark the
// paragraph emptied. An opener without a closer, a tab expanded into
// padding or a line not ending in a newline before the last leaves the
// paragraph to goldmark as before. TestOwnCodeSpansMatchGoldmark compares
// the two readings on the corpora, generated documents, fuzz seeds and
// random documents.

// codeSpanSink collects the code spans codeParagraphs read itself during
// one goldmark parse, as body offsets (the first byte of the content and
// the byte after it, as goldmark's first and last text segments of the
// span give them). A parse without a sink in its context (the tests that
// compare trees) leaves every code span to goldmark.
type codeSpanSink struct {
	spans []byteRange
	// pc is the context of the raw HTML parser readCodeSpans calls, made
	// on first use. It is not goldmark's: the parser caches where a
	// search for a closer failed, which holds only while the calls come
	// in document order, and goldmark's inline pass comes after every
	// paragraph was closed.
	pc parser.Context
}

var codeSpanSinkKey = parser.NewContextKey()

// ownCodeSpans switches codeSpanSink on for Parse; the tests switch it
// off to compare with goldmark's reading.
var ownCodeSpans = true

// htmlParsers are the inline parsers sfmd gives goldmark for a '<', in
// their order (markdownParser).
var htmlParsers = [...]parser.InlineParser{parser.NewAutoLinkParser(), parser.NewRawHTMLParser()}

// readCodeSpans appends to s.spans the code spans of the lines of the
// paragraph node (cut by codeLines) in src, read as goldmark's inline
// pass reads them, and reports whether it could; when it could not,
// s.spans is left as it was. A '<' that can open an autolink or raw HTML
// is read by goldmark's parsers of those, which the inline pass would
// call there.
func (s *codeSpanSink) readCodeSpans(node ast.Node, lines *text.Segments, src []byte) bool {
	hi := lines.Len()
	if hi == 0 {
		return true
	}
	for k := range hi {
		seg := lines.At(k)
		if seg.Padding != 0 || seg.ForceNewline || seg.Start >= seg.Stop || seg.Stop > len(src) ||
			(k < hi-1 && src[seg.Stop-1] != '\n') {
			return false
		}
	}
	n0 := len(s.spans)
	last := lines.At(hi - 1).Stop
	escaped := false
	var block text.BlockReader
	k, pos := 0, lines.At(0).Start
	for k < hi && pos < last {
		stop := lines.At(k).Stop
		if pos >= stop {
			s.spans = s.spans[:n0]
			return false
		}
		line := src[pos:stop]
		resumed := false
		n := inlineLength(line)
		for i := 0; i < n; i++ {
			if !escaped {
				// skip to the next byte that does something (the others
				// only clear an escape, and none is set)
				i = indexCodeSpecial(line[:n], i)
				if i == n {
					break
				}
			}
			c := line[i]
			if c == '\n' {
				break
			}
			if (c == '`' || c == '<') && (!escaped || i == 0) {
				if c == '`' {
					sp, nk, npos, ok := codeSpanAt(lines, k, hi, pos+i, src)
					if !ok {
						s.spans = s.spans[:n0]
						return false
					}
					s.spans = append(s.spans, sp)
					k, pos, resumed = nk, npos, true
					break
				}
				if block == nil {
					block = text.NewBlockReader(src, lines)
				}
				if nk, npos, ok := s.html(node, block, k, pos+i, stop); ok {
					k, pos, resumed = nk, npos, true
					break
				}
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
	return true
}

// html calls goldmark's autolink and raw HTML parsers at src[at] on line
// k (which ends at stop), as the inline pass does at a '<', and returns
// where reading resumes after what they read; ok is false when neither
// read anything.
func (s *codeSpanSink) html(node ast.Node, block text.BlockReader, k, at, stop int) (nk, npos int, ok bool) {
	if s.pc == nil {
		s.pc = parser.NewContext()
	}
	for _, p := range htmlParsers {
		block.SetPosition(k, text.NewSegment(at, stop))
		if p.Parse(node, block, s.pc) != nil {
			l, seg := block.Position()
			return l, seg.Start, true
		}
	}
	return 0, 0, false
}

// inlineSpecial are the bytes readCodeSpans stops at when no escape is
// set: the triggers of the inline parsers, the escape and the newline.
var inlineSpecial = [256]bool{'`': true, '<': true, '\\': true, '\n': true}

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
func codeSpanAt(lines *text.Segments, k, hi, o int, src []byte) (span byteRange, nk, npos int, ok bool) {
	stop := lines.At(k).Stop
	run := o
	for run < stop && src[run] == '`' {
		run++
	}
	n := run - o
	if run == stop {
		return span, 0, 0, false // the run ends the paragraph
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
				s, e := spanContent(lines, k, l, run, i, src)
				return byteRange{s, e}, l, m, true
			}
			i = m
		}
	}
	return span, 0, 0, false
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
