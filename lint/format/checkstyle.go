package format

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"

	"github.com/sfmd-dev/sfmd/lint"
)

func writeCheckstyle(w io.Writer, diags []lint.Diagnostic, _ *Context) error {
	// Group by path in order of first appearance.
	var order []string
	byPath := map[string][]*lint.Diagnostic{}
	for i := range diags {
		p := slashPath(diags[i].Path)
		if _, ok := byPath[p]; !ok {
			order = append(order, p)
		}
		byPath[p] = append(byPath[p], &diags[i])
	}

	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString("<checkstyle version=\"4.3\">\n")
	for _, p := range order {
		fmt.Fprintf(&b, "  <file name=\"%s\">\n", xmlAttr(p))
		for _, d := range byPath[p] {
			line, col := start(d)
			fmt.Fprintf(&b, "    <error line=\"%d\" column=\"%d\" severity=\"%s\" message=\"%s\" source=\"%s\"/>\n",
				line, col, d.Severity, xmlAttr(d.Message), xmlAttr("sfmd."+d.Rule))
		}
		b.WriteString("  </file>\n")
	}
	b.WriteString("</checkstyle>\n")
	_, err := w.Write(b.Bytes())
	return err
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
