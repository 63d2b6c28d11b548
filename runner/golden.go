package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// scalarEdit replaces the value of an inline `output:` scalar.
type scalarEdit struct {
	node  *yaml.Node // the scalar value
	key   *yaml.Node // its key (for the indentation)
	flow  bool       // inside a flow mapping: only a quoted scalar fits
	value string
}

// textEdit replaces src[start:end] with text.
type textEdit struct {
	start, end int
	text       string
}

// applyEdits rewrites the given scalars (inline outputs) and byte ranges
// (recorded http lists) in the YAML source text in one pass and leaves
// every other byte as it was (comments, order, quoting). The result is
// parsed again and each edited scalar checked, so a suite is never written
// back broken.
func applyEdits(src []byte, root *yaml.Node, edits []scalarEdit, raw []textEdit) ([]byte, error) {
	type repl = textEdit
	rs := append([]repl(nil), raw...)
	for _, e := range edits {
		start, end, err := scalarRange(src, e.node, e.key, e.flow)
		if err != nil {
			return nil, err
		}
		comment := ""
		isBlock := e.node.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0
		if isBlock {
			// A comment on the block header line stays there.
			comment = headerComment(src[start:lineEnd(src, start)])
		} else if !e.flow {
			// Keep a trailing comment: it moves to the block header.
			le := lineEnd(src, end)
			if rest := strings.TrimSpace(string(src[end:le])); strings.HasPrefix(rest, "#") {
				if strings.HasSuffix(string(src[end:le]), "\r") {
					le-- // keep the CR of a CRLF line ending
				}
				comment, end = rest, le
			}
		}
		rs = append(rs, repl{start, end, renderScalar(e.value, e.key.Column-1, e.flow, end == len(src) || src[end-1] == '\n', comment)})
	}
	if bytes.Contains(src, []byte("\r\n")) {
		// Keep CRLF files CRLF.
		for i := range rs {
			rs[i].text = strings.ReplaceAll(strings.ReplaceAll(rs[i].text, "\r\n", "\n"), "\n", "\r\n")
		}
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].start > rs[j].start })
	out := append([]byte(nil), src...)
	for i, r := range rs {
		if i > 0 && r.end > rs[i-1].start {
			return nil, fmt.Errorf("overlapping edits at byte %d", r.start)
		}
		out = append(out[:r.start], append([]byte(r.text), out[r.end:]...)...)
	}

	// Verify: the same paths now hold the new values.
	var doc yaml.Node
	if err := yaml.Unmarshal(out, &doc); err != nil {
		return nil, fmt.Errorf("rewritten suite does not parse (%v)", err)
	}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("rewritten suite is empty")
	}
	for _, e := range edits {
		path := yamlpos.PathTo(root, e.node)
		if path == nil {
			return nil, fmt.Errorf("cannot locate the output at line %d", e.node.Line)
		}
		n := yamlpos.Follow(yamlpos.Deref(doc.Content[0]), path)
		if n == nil || n.Kind != yaml.ScalarNode || n.Value != e.value {
			return nil, fmt.Errorf("rewriting the output at line %d did not round-trip", e.node.Line)
		}
	}
	return out, nil
}

// headerComment returns the comment of a block scalar's header line
// ("|2- # note" gives "# note"), or "".
func headerComment(header []byte) string {
	h := strings.TrimRight(string(header), "\r")
	i := 1 // past | or >
	for i < len(h) && strings.IndexByte("+-0123456789", h[i]) >= 0 {
		i++
	}
	rest := strings.TrimLeft(h[i:], " \t")
	if strings.HasPrefix(rest, "#") && rest != h[i:] {
		return rest
	}
	return ""
}

// offsetOf converts a yaml.v3 line/column (1-based, columns in
// characters) into a byte offset.
func offsetOf(src []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return len(src)
		}
		off += i + 1
	}
	for c := 1; c < col && off < len(src) && src[off] != '\n'; c++ {
		_, w := utf8.DecodeRune(src[off:])
		off += w
	}
	return off
}

func lineEnd(src []byte, off int) int {
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(src)
}

func indentOf(line []byte) int {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	return n
}

func blank(line []byte) bool {
	return len(bytes.TrimSpace(line)) == 0
}

// scalarRange finds the bytes [start, end) of a scalar value in src.
func scalarRange(src []byte, n, key *yaml.Node, flow bool) (int, int, error) {
	start := offsetOf(src, n.Line, n.Column)
	if start >= len(src) {
		return 0, 0, fmt.Errorf("output at line %d is out of range", n.Line)
	}
	parent := key.Column - 1
	switch n.Style & (yaml.DoubleQuotedStyle | yaml.SingleQuotedStyle | yaml.LiteralStyle | yaml.FoldedStyle) {
	case yaml.DoubleQuotedStyle:
		for i := start + 1; i < len(src); i++ {
			switch src[i] {
			case '\\':
				i++
			case '"':
				return start, i + 1, nil
			}
		}
		return 0, 0, fmt.Errorf("unterminated string at line %d", n.Line)
	case yaml.SingleQuotedStyle:
		for i := start + 1; i < len(src); i++ {
			if src[i] == '\'' {
				if i+1 < len(src) && src[i+1] == '\'' {
					i++
					continue
				}
				return start, i + 1, nil
			}
		}
		return 0, 0, fmt.Errorf("unterminated string at line %d", n.Line)
	case yaml.LiteralStyle, yaml.FoldedStyle:
		header := lineEnd(src, start)
		keep := bytes.Contains(src[start:header], []byte("+"))
		end := header
		if end < len(src) {
			end++ // the header's newline
		}
		last := end
		for off := end; off < len(src); {
			le := lineEnd(src, off)
			line := src[off:le]
			next := le
			if next < len(src) {
				next++
			}
			if !blank(line) && indentOf(line) <= parent {
				break
			}
			if !blank(line) || keep {
				last = next
			}
			off = next
		}
		return start, last, nil
	}
	// Plain scalar.
	end := start
	for off := start; ; {
		le := lineEnd(src, off)
		line := src[off:le]
		stop := len(line)
		if flow {
			if i := bytes.IndexAny(line, ",}]"); i >= 0 {
				stop = i
			}
		}
		if i := bytes.Index(line, []byte(" #")); i >= 0 && i < stop {
			stop = i
		}
		if e := off + len(bytes.TrimRight(line[:stop], " \t\r")); e > end {
			end = e
		}
		if flow || stop < len(line) || le >= len(src) {
			break
		}
		next := le + 1
		nle := lineEnd(src, next)
		nl := src[next:nle]
		if blank(nl) || indentOf(nl) <= parent || bytes.HasPrefix(bytes.TrimSpace(nl), []byte("#")) {
			break
		}
		off = next
	}
	return start, end, nil
}

// renderScalar writes value as YAML for a key indented by parent spaces:
// a literal block (|, |- or |+ by trailing newlines) when the text allows
// it, else a double-quoted string. eol says whether the replaced range
// ended with a newline; comment is a trailing comment to keep.
func renderScalar(value string, parent int, flow, eol bool, comment string) string {
	if flow || !literalOK(value) {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(value); err != nil {
			return `""`
		}
		s := strings.TrimSuffix(b.String(), "\n")
		if comment != "" {
			s += " " + comment
		}
		if eol {
			s += "\n"
		}
		return s
	}
	body := strings.TrimRight(value, "\n")
	trailing := len(value) - len(body)
	chomp := "-"
	switch {
	case trailing == 1:
		chomp = ""
	case trailing > 1:
		chomp = "+"
	}
	ind := ""
	for _, l := range strings.Split(body, "\n") {
		if strings.TrimSpace(l) != "" {
			if l[0] == ' ' {
				ind = "2"
			}
			break
		}
	}
	pad := strings.Repeat(" ", parent+2)
	var b strings.Builder
	b.WriteString("|" + ind + chomp)
	if comment != "" {
		b.WriteString(" " + comment)
	}
	b.WriteString("\n")
	for _, l := range strings.Split(body, "\n") {
		if l != "" {
			b.WriteString(pad)
			b.WriteString(l)
		}
		b.WriteString("\n")
	}
	for i := 1; i < trailing; i++ {
		b.WriteString("\n")
	}
	s := b.String()
	if !eol {
		s = strings.TrimSuffix(s, "\n")
	}
	return s
}

// literalOK reports whether value can be written as a literal block.
func literalOK(value string) bool {
	if strings.TrimRight(value, "\n") == "" || !utf8.ValidString(value) {
		return false
	}
	for _, r := range value {
		switch {
		case r == '\n' || r == '\t':
		case r < 0x20 || r == 0x7f || r == '\uFEFF' || (r >= 0x80 && r < 0xA0) || r == 0x2028 || r == 0x2029:
			return false
		}
	}
	// A whitespace-only line right before the end would be eaten by the
	// chomping rules.
	body := strings.TrimRight(value, "\n")
	lines := strings.Split(body, "\n")
	return strings.TrimSpace(lines[len(lines)-1]) != ""
}
