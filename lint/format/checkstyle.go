package format

import (
	"bytes"
	"encoding/xml"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/lint"
)

// checkstyleStream writes the checkstyle format: one <file> element per
// run of findings of one path.
type checkstyleStream struct {
	w       io.Writer
	started bool
	open    bool
	path    string
	b       bytes.Buffer
}

func (s *checkstyleStream) begin() {
	if !s.started {
		s.started = true
		s.b.WriteString(xml.Header)
		s.b.WriteString("<checkstyle version=\"4.3\">\n")
	}
}

func (s *checkstyleStream) write(diags []lint.Diagnostic) error {
	s.b.Reset()
	s.begin()
	for i := range diags {
		d := &diags[i]
		b := s.b.AvailableBuffer()
		if p := slashPath(d.Path); !s.open || p != s.path {
			if s.open {
				b = append(b, "  </file>\n"...)
			}
			s.open, s.path = true, p
			b = append(b, "  <file name=\""...)
			b = appendXMLAttr(b, p)
			b = append(b, "\">\n"...)
		}
		line, col := start(d)
		b = append(b, "    <error line=\""...)
		b = strconv.AppendInt(b, int64(line), 10)
		b = append(b, "\" column=\""...)
		b = strconv.AppendInt(b, int64(col), 10)
		b = append(b, "\" severity=\""...)
		b = append(b, d.Severity.String()...)
		b = append(b, "\" message=\""...)
		b = appendXMLAttr(b, d.Message)
		b = append(b, "\" source=\"sfmd."...)
		b = appendXMLAttr(b, d.Rule)
		b = append(b, "\"/>\n"...)
		s.b.Write(b)
		if err := spill(s.w, &s.b); err != nil {
			return err
		}
	}
	return flush(s.w, &s.b)
}

func (s *checkstyleStream) close() error {
	s.b.Reset()
	s.begin()
	if s.open {
		s.b.WriteString("  </file>\n")
	}
	s.b.WriteString("</checkstyle>\n")
	_, err := s.w.Write(s.b.Bytes())
	return err
}

// groupByPath orders diags by the first appearance of their path,
// keeping their order within a path, as one <file> element per path
// needs.
func groupByPath(diags []lint.Diagnostic) []lint.Diagnostic {
	first := map[string]int{}
	for i := range diags {
		p := slashPath(diags[i].Path)
		if _, ok := first[p]; !ok {
			first[p] = len(first)
		}
	}
	out := slices.Clone(diags)
	slices.SortStableFunc(out, func(a, b lint.Diagnostic) int {
		return first[slashPath(a.Path)] - first[slashPath(b.Path)]
	})
	return out
}

// xmlPlain marks the bytes xml.EscapeText writes as they are: ASCII from
// the space on but the two quotes, &, < and >.
var xmlPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = !strings.ContainsRune("\"'&<>", rune(c))
	}
	return t
}()

// appendXMLAttr appends s escaped for a double-quoted attribute value as
// xml.EscapeText escapes it: quotes, tabs and line breaks become
// character references too, so attribute values survive normalization,
// and characters XML cannot carry (and bytes that are not UTF-8) become
// U+FFFD. TestXMLAttrIsEscapeText holds it to xml.EscapeText.
func appendXMLAttr(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		if xmlPlain[s[i]] {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		var esc string
		switch {
		case r == '"':
			esc = "&#34;"
		case r == '\'':
			esc = "&#39;"
		case r == '&':
			esc = "&amp;"
		case r == '<':
			esc = "&lt;"
		case r == '>':
			esc = "&gt;"
		case r == '\t':
			esc = "&#x9;"
		case r == '\n':
			esc = "&#xA;"
		case r == '\r':
			esc = "&#xD;"
		case r == utf8.RuneError && size == 1, !xmlChar(r):
			esc = "\uFFFD"
		default:
			i += size
			continue
		}
		b = append(b, s[start:i]...)
		b = append(b, esc...)
		i += size
		start = i
	}
	return append(b, s[start:]...)
}

// xmlChar says whether XML 1.0 can carry r (its Char production).
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}
