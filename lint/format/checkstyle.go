package format

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"slices"

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
		if p := slashPath(d.Path); !s.open || p != s.path {
			if s.open {
				s.b.WriteString("  </file>\n")
			}
			s.open, s.path = true, p
			fmt.Fprintf(&s.b, "  <file name=\"%s\">\n", xmlAttr(p))
		}
		line, col := start(d)
		fmt.Fprintf(&s.b, "    <error line=\"%d\" column=\"%d\" severity=\"%s\" message=\"%s\" source=\"%s\"/>\n",
			line, col, d.Severity, xmlAttr(d.Message), xmlAttr("sfmd."+d.Rule))
	}
	_, err := s.w.Write(s.b.Bytes())
	return err
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

// xmlAttr escapes s for a double-quoted attribute value. Characters XML
// cannot carry become U+FFFD.
func xmlAttr(s string) string {
	var b bytes.Buffer
	// EscapeText also escapes quotes, tabs and line breaks as character
	// references, so attribute values survive normalization.
	_ = xml.EscapeText(&b, []byte(s)) // writes to a bytes.Buffer cannot fail
	return b.String()
}
