package sfmd

import (
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"go.yaml.in/yaml/v3"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

// decodeYAML decodes frontmatter YAML into the node tree yaml.Unmarshal
// gives: through fastYAML when raw is in the small subset of YAML that
// frontmatter is written in, else through yaml.v3 itself. yaml.v3 costs
// about a fifth of the whole parse for a few lines per document (it
// scans into tokens and events, allocating each), while the trees the
// rules read must stay exactly the same, so the fast path builds the
// identical tree or declines, and every error still comes from yaml.v3.
//
// With an arena a, the fast path's nodes are carved from it.
func decodeYAML(raw []byte, a *Arena) (*yaml.Node, error) {
	if n, ok := fastYAML(raw, a); ok {
		return n, nil
	}
	root := new(yaml.Node)
	if err := yaml.Unmarshal(raw, root); err != nil {
		return nil, err
	}
	return root, nil
}

// fastYAML decodes raw when it is a block mapping of one-line scalars,
// nested block mappings and sequences, and one-line flow sequences of
// scalars; it returns ok=false for anything else (comments, block
// scalars, anchors, tags, flow mappings, multi-line scalars, escapes,
// tabs, CR, duplicate keys, a scalar whose type yaml.v3 might resolve
// otherwise than fastYAML would, …). Whenever ok is true the tree is
// reflect.DeepEqual to yaml.Unmarshal's (TestFastYAMLCorpus,
// TestFastYAMLCases, FuzzYAMLFastPath).
func fastYAML(raw []byte, a *Arena) (*yaml.Node, bool) {
	est, ok := fastYAMLChars(raw)
	if !ok {
		return nil, false
	}
	d := fastDecoder{line: 1}
	if a != nil {
		// raw is the document's source (or its copy without CRs), which
		// the scalars alias as the rest of the tree does
		d.src = unsafe.String(unsafe.SliceData(raw), len(raw))
		d.nodes.from, d.ptrs.from = &a.yamlNodes, &a.yamlPtrs
		d.stack = a.yamlStack[:0]
		defer a.keepYAMLStack(&d)
	} else {
		var stack [64]*yaml.Node // one allocation instead of growing from nil
		d.src, d.stack = string(raw), stack[:0]
	}
	d.nodes.reserve(est)
	d.ptrs.reserve(est)
	l, ok := d.peek()
	if !ok {
		return nil, false
	}
	root, ok := d.mapping(l, l.start+l.ind)
	if !ok {
		return nil, false
	}
	if _, more := d.peek(); more {
		return nil, false // a line less indented than the first
	}
	doc := d.nodes.new()
	d.stack = append(d.stack[:0], root)
	*doc = yaml.Node{Kind: yaml.DocumentNode, Line: root.Line, Column: root.Column, Content: d.ptrs.slice(d.stack)}
	return doc, true
}

// fastYAMLChars reports whether raw holds only characters the fast path
// handles, and estimates how many nodes its tree has. It refuses '#' (a
// comment may start almost anywhere), tabs (indentation rules), CR (line
// numbering), other control characters and what yaml.v3's reader
// refuses, and the Unicode line breaks NEL, LS, PS and the BOM, which
// yaml.v3 treats apart.
func fastYAMLChars(raw []byte) (int, bool) {
	est := 2
	for i := 0; i < len(raw); {
		c := raw[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '\n':
			case c < 0x20 || c == 0x7f || c == '#':
				return 0, false
			case c == ':' || c == '-':
				est += 2
			case c == ',' || c == '[':
				est++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(raw[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return 0, false
		case r < 0xA0, r == 0x2028, r == 0x2029, r == 0xFEFF, r == 0xFFFE, r == 0xFFFF:
			return 0, false
		}
		i += size
	}
	return est, true
}

// fastDecoder reads raw line by line; scalars are substrings of src, nodes
// and their Content slices come from slabs.
type fastDecoder struct {
	src   string
	pos   int // offset of the next unread line
	line  int // its 1-based number
	depth int
	nodes slab[yaml.Node]
	ptrs  ptrs[yaml.Node]
	stack []*yaml.Node // children of the collections being read
}

// yline is a non-blank line of src: [start, end) without the newline,
// ind leading spaces, num its 1-based number.
type yline struct{ start, end, ind, num int }

// maxFastDepth bounds the nesting the fast path reads (yaml.v3 has its
// own, much higher limits and their errors).
const maxFastDepth = 32

// lineEnd returns where the line that starts at pos ends: at its '\n',
// or at the end of the source.
func (d *fastDecoder) lineEnd(pos int) int {
	if end := strings.IndexByte(d.src[pos:], '\n'); end >= 0 {
		return pos + end
	}
	return len(d.src)
}

// peek returns the next line that is not blank, without consuming it.
func (d *fastDecoder) peek() (yline, bool) {
	pos, num := d.pos, d.line
	for pos < len(d.src) {
		end := d.lineEnd(pos)
		ind := 0
		for pos+ind < end && d.src[pos+ind] == ' ' {
			ind++
		}
		if pos+ind < end {
			return yline{pos, end, ind, num}, true
		}
		pos, num = end+1, num+1
	}
	return yline{}, false
}

func (d *fastDecoder) advance(l yline) { d.pos, d.line = l.end+1, l.num+1 }

// node returns a new node starting at offset at of line l.
func (d *fastDecoder) node(kind yaml.Kind, tag, value string, l yline, at int) *yaml.Node {
	n := d.nodes.new()
	*n = yaml.Node{Kind: kind, Tag: tag, Value: value, Line: l.num, Column: d.column(l, at)}
	return n
}

// column is yaml.v3's 1-based column of offset at: it counts characters.
func (d *fastDecoder) column(l yline, at int) int {
	return utf8.RuneCountInString(d.src[l.start:at]) + 1
}

// children pops the nodes pushed since base as a Content slice.
func (d *fastDecoder) children(base int) []*yaml.Node {
	c := d.ptrs.slice(d.stack[base:])
	d.stack = d.stack[:base]
	return c
}

// isDash reports whether l starts a block sequence item ("-" then a space
// or the end of the line).
func (d *fastDecoder) isDash(l yline) bool {
	p := l.start + l.ind
	return d.src[p] == '-' && (p+1 == l.end || d.src[p+1] == ' ')
}

// mapping reads a block mapping whose first key starts at offset at of
// line l; its keys are all at that column.
func (d *fastDecoder) mapping(l yline, at int) (*yaml.Node, bool) {
	ind := at - l.start
	m := d.node(yaml.MappingNode, "!!map", "", l, at)
	base := len(d.stack)
	for {
		if !d.entry(l, at) {
			return nil, false
		}
		next, ok := d.peek()
		if !ok || next.ind < ind {
			break
		}
		if next.ind > ind {
			return nil, false // a continuation line or bad indentation
		}
		l, at = next, next.start+next.ind
	}
	m.Content = d.children(base)
	return m, !duplicateKeys(m.Content)
}

// duplicateKeys reports whether two keys of a mapping's Content are
// equal. yaml.v3 keeps both in a node tree; the fast path leaves such
// documents to it rather than reason about which one consumers see.
func duplicateKeys(c []*yaml.Node) bool {
	if len(c) > 128 {
		return true
	}
	for i := 0; i < len(c); i += 2 {
		for j := i + 2; j < len(c); j += 2 {
			if c[i].Value == c[j].Value {
				return true
			}
		}
	}
	return false
}

// keyColon returns the offset in s of the ':' that ends a plain key (the
// first ':' followed by a space or the end), or -1.
func keyColon(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' && (i+1 == len(s) || s[i+1] == ' ') {
			return i
		}
	}
	return -1
}

// maxFastKey is far below yaml.v3's 1024-character limit on a simple key.
const maxFastKey = 256

// entry reads one "key: value" of a mapping starting at offset at of line
// l, and pushes its key and value.
func (d *fastDecoder) entry(l yline, at int) bool {
	text := strings.TrimRight(d.src[at:l.end], " ")
	colon := keyColon(text)
	if colon <= 0 {
		return false
	}
	key := strings.TrimRight(text[:colon], " ")
	tag := plainTag(key, false)
	if tag == "" || len(key) > maxFastKey {
		return false
	}
	d.stack = append(d.stack, d.node(yaml.ScalarNode, tag, key, l, at))
	rest := strings.TrimLeft(text[colon+1:], " ")
	if rest == "|" {
		v, ok := d.literal(l, at+len(text)-1, at-l.start)
		if !ok {
			return false
		}
		d.stack = append(d.stack, v)
		return true
	}
	if rest != "" {
		v, ok := d.inline(l, at+len(text)-len(rest), rest)
		if !ok {
			return false
		}
		d.stack = append(d.stack, v)
		d.advance(l)
		return true
	}
	d.advance(l)
	ind := at - l.start
	next, ok := d.peek()
	if !ok || next.ind < ind || next.ind == ind && !d.isDash(next) {
		// an empty value: yaml.v3 places the null just after the ':'
		v := d.node(yaml.ScalarNode, "!!null", "", l, at+colon)
		v.Column++
		d.stack = append(d.stack, v)
		return true
	}
	v, ok := d.block(next)
	if !ok {
		return false
	}
	d.stack = append(d.stack, v)
	return true
}

// literal reads the literal block scalar whose "|" is at offset at of
// line l, the value of a key indented ind spaces: its lines are those
// after l indented more than the key, less the indentation of the first,
// each with its line break, empty lines between them kept and those after
// them dropped (clip chomping: "description: |" in real frontmatter). It
// declines a block with no content line, a blank line holding spaces, a
// line indented less than the first but more than the key (an error for
// yaml.v3), and every other header ("|-", "|2", ">").
func (d *fastDecoder) literal(l yline, at, ind int) (*yaml.Node, bool) {
	d.advance(l)
	var b strings.Builder
	indent, blanks := -1, 0
	pos, num := d.pos, d.line
	for pos < len(d.src) {
		end := d.lineEnd(pos)
		line := d.src[pos:end]
		sp := 0
		for sp < len(line) && line[sp] == ' ' {
			sp++
		}
		switch {
		case line == "":
			blanks++
		case sp == len(line):
			return nil, false
		case sp <= ind:
			end = -1 // the next key: the block has ended
		case indent < 0:
			indent = sp
		case sp < indent:
			return nil, false
		}
		if end < 0 {
			break
		}
		if line != "" {
			for ; blanks > 0; blanks-- {
				b.WriteByte('\n')
			}
			b.WriteString(line[indent:])
			if end < len(d.src) { // a last line without a line break has none
				b.WriteByte('\n')
			}
			d.pos, d.line = end+1, num+1
		}
		pos, num = end+1, num+1
	}
	if indent < 0 {
		return nil, false
	}
	n := d.node(yaml.ScalarNode, "!!str", b.String(), l, at)
	n.Style = yaml.LiteralStyle
	return n, true
}

// block reads the nested block collection that starts on line l.
func (d *fastDecoder) block(l yline) (*yaml.Node, bool) {
	if d.depth++; d.depth > maxFastDepth {
		return nil, false
	}
	defer func() { d.depth-- }()
	if d.isDash(l) {
		return d.sequence(l)
	}
	return d.mapping(l, l.start+l.ind)
}

// sequence reads a block sequence whose first "-" is on line l.
func (d *fastDecoder) sequence(l yline) (*yaml.Node, bool) {
	ind := l.ind
	s := d.node(yaml.SequenceNode, "!!seq", "", l, l.start+ind)
	base := len(d.stack)
	for {
		if !d.item(l) {
			return nil, false
		}
		next, ok := d.peek()
		if !ok || next.ind < ind || next.ind == ind && !d.isDash(next) {
			break
		}
		if next.ind > ind {
			return nil, false // a continuation line or bad indentation
		}
		l = next
	}
	s.Content = d.children(base)
	return s, true
}

// item reads the sequence item on line l: a scalar, a flow sequence, or
// a mapping whose first key follows the "- ".
func (d *fastDecoder) item(l yline) bool {
	at := l.start + l.ind + 1
	for at < l.end && d.src[at] == ' ' {
		at++
	}
	text := strings.TrimRight(d.src[at:l.end], " ")
	if text == "" || text[0] == '-' {
		return false // an empty item, or a nested "- - x"
	}
	if keyColon(text) > 0 && plainStart(text[0]) {
		if d.depth++; d.depth > maxFastDepth {
			return false
		}
		m, ok := d.mapping(l, at)
		d.depth--
		if !ok {
			return false
		}
		d.stack = append(d.stack, m)
		return true
	}
	v, ok := d.inline(l, at, text)
	if !ok {
		return false
	}
	d.stack = append(d.stack, v)
	d.advance(l)
	return true
}

// inline reads a value that is all of text (trimmed), starting at offset
// at of line l: a quoted or plain scalar or a flow sequence.
func (d *fastDecoder) inline(l yline, at int, text string) (*yaml.Node, bool) {
	switch text[0] {
	case '"', '\'':
		n, ok := quoted(text)
		if !ok || n != len(text) {
			return nil, false
		}
		return d.quotedNode(l, at, text), true
	case '[':
		return d.flow(l, at, text)
	}
	tag := plainTag(text, false)
	if tag == "" {
		return nil, false
	}
	return d.node(yaml.ScalarNode, tag, text, l, at), true
}

// quoted returns the length of the one-line quoted scalar at the start of
// s, or ok=false when it has a backslash (escapes), a doubled single
// quote, or no closing quote on the line.
func quoted(s string) (int, bool) {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case q:
			if q == '\'' && i+1 < len(s) && s[i+1] == '\'' {
				return 0, false
			}
			return i + 1, true
		case '\\':
			if q == '"' {
				return 0, false
			}
		}
	}
	return 0, false
}

func (d *fastDecoder) quotedNode(l yline, at int, text string) *yaml.Node {
	n := d.node(yaml.ScalarNode, "!!str", text[1:len(text)-1], l, at)
	n.Style = yaml.DoubleQuotedStyle
	if text[0] == '\'' {
		n.Style = yaml.SingleQuotedStyle
	}
	return n
}

// flow reads a one-line flow sequence of scalars, "[a, 'b', "c"]", which
// is all of text.
func (d *fastDecoder) flow(l yline, at int, text string) (*yaml.Node, bool) {
	s := d.node(yaml.SequenceNode, "!!seq", "", l, at)
	s.Style = yaml.FlowStyle
	base := len(d.stack)
	i := 1
	for {
		for i < len(text) && text[i] == ' ' {
			i++
		}
		if i == len(text) {
			return nil, false
		}
		if text[i] == ']' && len(d.stack) == base {
			i++
			break
		}
		var n int
		var v *yaml.Node
		if c := text[i]; c == '"' || c == '\'' {
			var ok bool
			if n, ok = quoted(text[i:]); !ok {
				return nil, false
			}
			v = d.quotedNode(l, at+i, text[i:i+n])
		} else {
			n = strings.IndexAny(text[i:], ",]")
			if n < 0 {
				return nil, false
			}
			item := strings.TrimRight(text[i:i+n], " ")
			tag := plainTag(item, true)
			if tag == "" {
				return nil, false
			}
			v = d.node(yaml.ScalarNode, tag, item, l, at+i)
		}
		d.stack = append(d.stack, v)
		for i += n; i < len(text) && text[i] == ' '; i++ {
		}
		if i == len(text) || text[i] != ',' && text[i] != ']' {
			return nil, false
		}
		if i++; text[i-1] == ']' {
			break
		}
	}
	if i != len(text) {
		return nil, false
	}
	s.Content = d.children(base)
	return s, true
}

// plainStart reports whether a plain scalar the fast path reads may start
// with c: not an indicator, and not a character that makes yaml.v3's
// resolve look the scalar up or try it as a number ('-', '+', '.', '~',
// '<'); digits are handled by digitsTag.
func plainStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '/' || c == '$' || c == '(' || c >= utf8.RuneSelf
}

// plainTag returns the tag yaml.v3 resolves the plain scalar s to, or ""
// when s is not a plain scalar the fast path reads (in a flow sequence
// when flow) or its tag is not certain.
func plainTag(s string, flow bool) string {
	if s == "" || !plainStart(s[0]) {
		return ""
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' && (i+1 == len(s) || s[i+1] == ' ') {
			return "" // "a: b: c", "a: b:"
		}
		if flow && strings.IndexByte(",[]{}?:\"'", c) >= 0 {
			return ""
		}
	}
	if s[0] >= '0' && s[0] <= '9' {
		return digitsTag(s)
	}
	switch s {
	case "true", "True", "TRUE", "false", "False", "FALSE":
		return "!!bool"
	case "null", "Null", "NULL":
		return "!!null"
	case "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
		"on", "On", "ON", "off", "Off", "OFF":
		// YAML 1.1 booleans: yaml.v3 reads them as strings, but other
		// decoders do not; leave them to yaml.v3 rather than pin that
		return ""
	}
	return "!!str"
}

// yamlStyleFloat is yaml.v3's own (resolve.go).
var yamlStyleFloat = lazyre.New(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

// digitsTag resolves a plain scalar that starts with a digit as yaml.v3's
// resolve does: "!!int" for a plain decimal integer, "!!str" when it is
// neither a timestamp, an integer in any notation nor a float (a version
// "1.0.0", "3d-scan"), "" for everything else ("1.0", "0123", "1_000",
// "0x1F", "2001-12-14").
func digitsTag(s string) string {
	digits := 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		digits++
	}
	if digits == len(s) {
		if len(s) > 18 || len(s) > 1 && s[0] == '0' {
			return ""
		}
		return "!!int"
	}
	if digits == 4 && s[4] == '-' {
		return "" // maybe a timestamp
	}
	plain := s
	if strings.IndexByte(s, '_') >= 0 {
		plain = strings.ReplaceAll(s, "_", "")
	}
	if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return ""
	}
	if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return ""
	}
	if yamlStyleFloat.MatchString(plain) || strings.HasPrefix(plain, "0b") || strings.HasPrefix(plain, "0o") {
		return ""
	}
	return "!!str"
}
