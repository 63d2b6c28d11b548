package sfmd

import (
	"strconv"
	"strings"
)

// refContext says where a text sits; it decides which braces are
// placeholders (JSON braces in bodies are not).
type refContext int

const (
	refsURL refContext = iota
	refsCLI
	refsHeader
	refsBody
	refsDefault
	refsOutput
	refsHint
)

// template builds a single-line template whose text starts at byte offset
// base.
func (p *docParser) template(text string, base int, ctx refContext) *Template {
	t := p.templates.new()
	t.Text, t.Span, t.Refs = text, p.span(base, base+len(text)), p.refs(text, base, ctx)
	return t
}

// refs finds the variable references in text (a contiguous slice of the
// source starting at base).
func (p *docParser) refs(text string, base int, ctx refContext) []*VarRef {
	if indexEither(text, '$', '{') < 0 {
		return nil // appendRefs reads nothing else
	}
	var buf [16]*VarRef
	return p.refSlice(p.appendRefs(buf[:0], text, base, ctx))
}

// appendRefs appends the references in text to out.
func (p *docParser) appendRefs(out []*VarRef, text string, base int, ctx refContext) []*VarRef {
	for i := 0; i < len(text); i++ {
		k := indexEither(text[i:], '$', '{') // the bytes below: skip the rest
		if k < 0 {
			break
		}
		i += k
		switch text[i] {
		case '$':
			if r, n := p.dollarRef(text, i, base); r != nil {
				out = append(out, r)
				i += n - 1
			}
		case '{':
			if strings.HasPrefix(text[i:], "{{fetch:") {
				if e := indexWithin(text[i:], "}}", maxFetchLen); e >= 0 {
					out = append(out, p.newRef(VarRef{Kind: RefLiveFetch, Raw: text[i : i+e+2], Name: text[i+8 : i+e],
						Span: p.span(base+i, base+i+e+2), Index: -1}))
					i += e + 1
					continue
				}
			}
			r, n := p.braceRef(text, i, base, ctx)
			if r != nil {
				out = append(out, r)
			}
			if n > 0 {
				i += n - 1
			}
		}
	}
	return out
}

// dollarRef reads $NAME at text[i] (ScanDollar).
func (p *docParser) dollarRef(text string, i, base int) (*VarRef, int) {
	end, invalid := ScanDollar(text, i)
	if end == 0 {
		return nil, 0
	}
	r := VarRef{Kind: RefPersistent, Raw: text[i:end], Name: text[i+1 : end], Span: p.span(base+i, base+end), Index: -1}
	if invalid {
		r.Problem = "a persistent variable name must start with a letter"
	}
	return p.newRef(r), end - i
}

// ScanDollar reads a $NAME at text[i] (text[i] is '$') as the runtime
// finds one, `\$([a-zA-Z_]\w*)` (helpers.ts resolveEnvVars; the caller
// check of substituteVars reads the same): end is the end of the
// reference, 0 when there is none ($5, $@, $( and a '$' at the end are
// not references). A name that starts with a digit and holds a letter
// ($2TOKEN) is read too, invalid: the runtime leaves it as written, sfmd
// reports it. The parser's references and the rules' rescans of texts the
// parser does not read (Document.DollarRefs) read $NAME through it.
func ScanDollar(text string, i int) (end int, invalid bool) {
	j := i + 1
	if j >= len(text) {
		return 0, false
	}
	c := text[j]
	switch {
	case c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
		for j < len(text) && isWordByte(text[j]) {
			j++
		}
		return j, false
	case c >= '0' && c <= '9':
		k := j
		letter := false
		for k < len(text) && isWordByte(text[k]) {
			letter = letter || text[k] >= 'A' && text[k] <= 'Z' || text[k] >= 'a' && text[k] <= 'z'
			k++
		}
		if !letter {
			return 0, false // $1, $42: shell positionals or prices
		}
		return k, true
	}
	return 0, false
}

// DollarRefs reads the $NAME references (ScanDollar) of text, which the
// document holds at span: the texts the parser does not read for
// references (a response template's save:, decode: and for: arguments,
// link and shortcut destinations, a hint's whole text). Invalid names are
// left out, and so is a '$' right after '$' or a backslash ("$$X", "\$X": an
// escape in a shell or a price, not meant as a variable). It returns
// nothing when text is not the document's text at span.
func (d *Document) DollarRefs(text string, span Span) []*VarRef {
	first := strings.IndexByte(text, '$')
	if first < 0 || !d.holds(text, span) {
		return nil // most texts have no '$': no comparison with the source
	}
	s := span.Start.Off()
	li := d.Index
	if li == nil {
		li = NewLineIndex(d.Src)
		d.Index = li
	}
	var refs []*VarRef
	for i, end := nextDollarRef(text, first); i >= 0; i, end = nextDollarRef(text, nextDollar(text, end)) {
		refs = append(refs, &VarRef{Kind: RefPersistent, Raw: text[i:end], Name: text[i+1 : end], Span: li.Span(s+i, s+end), Index: -1})
	}
	return refs
}

// nextDollarRef returns where the first $NAME DollarRefs reads lies in
// text from byte i on (i is a '$' or -1 for none), or -1.
func nextDollarRef(text string, i int) (start, end int) {
	for i >= 0 {
		end, invalid := ScanDollar(text, i)
		escaped := i > 0 && (text[i-1] == '$' || text[i-1] == '\\')
		if end > 0 && !invalid && !escaped {
			return i, end
		}
		i = nextDollar(text, max(end, i+1))
	}
	return -1, -1
}

// nextDollar is the index of the first '$' of text from byte i on, or -1.
func nextDollar(text string, i int) int {
	if k := strings.IndexByte(text[i:], '$'); k >= 0 {
		return i + k
	}
	return -1
}

// hasDollarRef reports whether DollarRefs reads a $NAME in text (which
// the document holds at its span).
func hasDollarRef(text string) bool {
	i, _ := nextDollarRef(text, strings.IndexByte(text, '$'))
	return i >= 0
}

// braceRef reads a {…} reference at text[i]. It returns the reference (nil
// when the braces are not a placeholder) and how many bytes it covers.
func (p *docParser) braceRef(text string, i, base int, ctx refContext) (*VarRef, int) {
	rest := text[i+1:]
	e := indexEither(rest, '{', '}')
	if e < 0 || rest[e] == '{' {
		// unclosed: only worth reporting where braces are never JSON
		if ctx != refsBody && ctx != refsOutput && ctx != refsCLI && len(rest) > 0 && isIdentStart(rest[0]) {
			stop := len(rest)
			if e >= 0 {
				stop = e
			}
			if sp := strings.IndexAny(rest[:stop], " \t/?&"); sp >= 0 { // rare: unclosed
				stop = sp
			}
			return p.newRef(VarRef{Kind: RefInvalid, Raw: text[i : i+1+stop], Name: rest[:stop], Index: -1,
				Span: p.span(base+i, base+i+1+stop), Problem: "the placeholder has no closing '}'"}), 1 + stop
		}
		return nil, 0
	}
	inner := rest[:e]
	if inner == "" {
		return nil, e + 2
	}
	// the reference is built on the stack and copied to the slab only when
	// the braces turn out to be one (JSON braces are not)
	r := VarRef{Raw: text[i : i+e+2], Index: -1}
	r.QuotedBefore = i > 0 && text[i-1] == '"'
	r.QuotedAfter = i+e+2 < len(text) && text[i+e+2] == '"'
	found := func() (*VarRef, int) {
		r.Span = p.span(base+i, base+i+e+2)
		return p.newRef(r), e + 2
	}
	switch {
	case strings.HasPrefix(inner, "Response.") || inner == "Response":
		r.Kind = RefResponse
		r.PathText = strings.TrimPrefix(inner, "Response")
		r.PathText = strings.TrimPrefix(r.PathText, ".")
		r.Name, r.Path, r.Problem = parsePath(r.PathText, true, p.pathBuf(r.PathText))
		return found()
	case inner == "...args":
		r.Kind, r.Name = RefSpread, "args"
		return found()
	case inner[0] == '@':
		r.Kind, r.Name = RefShortcut, inner[1:]
		if !isIdent(r.Name) {
			r.Problem = "a value shortcut name must be an identifier"
		}
		return found()
	}
	// {name}, {name[N]}, {name.path}, {name|mod|mod}
	name, mods, hasMods := strings.Cut(inner, "|")
	if name == "" {
		return nil, 1
	}
	if !isIdentStart(name[0]) || containsByteOf(name, refNameStop) {
		if looksLikePlaceholder(inner, ctx) {
			if hasMods {
				r.Modifiers = p.splitMods(mods)
			}
			r.Kind, r.Name, r.Problem = RefInvalid, inner, "not a valid placeholder name"
			return found()
		}
		return nil, 1 // JSON or prose braces: keep scanning inside
	}
	if hasMods {
		r.Modifiers = p.splitMods(mods)
	}
	head := name
	if k := indexEither(name, '.', '['); k >= 0 {
		head = name[:k]
		r.PathText = name[k:]
		if name[k] == '[' {
			// {name[N]} tuple index or a path starting with an index
			if cl := strings.IndexByte(name[k:], ']'); cl == len(name[k:])-1 {
				if n, ok := atoi(name[k+1 : len(name)-1]); ok {
					r.Index = n
					r.PathText = ""
				}
			}
		}
		if r.PathText != "" {
			pt := strings.TrimPrefix(r.PathText, ".")
			_, r.Path, r.Problem = parsePath(pt, false, p.pathBuf(pt))
		}
	}
	if !isIdent(head) {
		r.Kind, r.Name, r.Problem = RefInvalid, inner, "not a valid placeholder name"
		return found()
	}
	r.Kind, r.Name = RefVar, head
	return found()
}

// looksLikePlaceholder decides whether an ill-formed {…} was meant as a
// placeholder ({City Name}, {2id}) rather than JSON or prose braces.
func looksLikePlaceholder(inner string, ctx refContext) bool {
	if ctx == refsHint {
		return false // "{City Name}" in a hint is a fill-in for the reader
	}
	if ctx == refsBody || ctx == refsOutput || ctx == refsCLI {
		// only "{2id}"-like single tokens
		return len(inner) <= 40 && !containsByteOf(inner, tokenRefStop) && inner[0] >= '0' && inner[0] <= '9'
	}
	return len(inner) <= 40 && !containsByteOf(inner, placeholdStop)
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdent(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isWordByte(s[i]) {
			return false
		}
	}
	return true
}

// parsePath parses a JSON path: "body.items[0].name", "body.items.0",
// "$.data". With root, the first key is returned as the root name and
// removed from the segments. A malformed path returns a problem text.
//
// Segments are appended to buf (which the caller may size with pathBuf).
func parsePath(s string, root bool, buf []PathSeg) (string, []PathSeg, string) {
	s = strings.TrimPrefix(s, "$.")
	s = strings.TrimPrefix(s, "$")
	segs := buf[:0]
	problem := ""
	i := 0
	for i < len(s) {
		switch c := s[i]; {
		case c == '.':
			if i+1 >= len(s) || s[i+1] == '.' || s[i+1] == '[' {
				problem = "empty path segment"
			}
			i++
		case c == '[':
			cl := strings.IndexByte(s[i:], ']')
			if cl < 0 {
				return rootOf(segs, root), nilIfEmpty(segs), "unclosed '[' in path"
			}
			n, ok := atoi(s[i+1 : i+cl])
			if !ok {
				problem = "array index " + strconv.Quote(s[i+1:i+cl]) + " is not a non-negative integer"
			}
			segs = append(segs, PathSeg{Index: n, IsIndex: true})
			i += cl + 1
		default:
			j := i
			for j < len(s) && s[j] != '.' && s[j] != '[' {
				j++
			}
			tok := s[i:j]
			if n, ok := atoi(tok); ok && len(segs) > 0 {
				segs = append(segs, PathSeg{Index: n, IsIndex: true, DotIndex: true})
			} else {
				if !isPathKey(tok) && problem == "" {
					problem = "path key " + strconv.Quote(tok) + " is not a valid key"
				}
				segs = append(segs, PathSeg{Key: tok, Index: -1})
			}
			i = j
		}
	}
	name := rootOf(segs, root)
	segs = nilIfEmpty(segs)
	if root && len(segs) > 0 {
		segs = segs[1:]
	}
	return name, segs, problem
}

func nilIfEmpty(segs []PathSeg) []PathSeg {
	if len(segs) == 0 {
		return nil
	}
	return segs
}

// pathBuf returns room for the segments of path s (one more than its '.'
// and '[' count) in shared storage.
func (p *docParser) pathBuf(s string) []PathSeg {
	n := 1 + strings.Count(s, ".") + strings.Count(s, "[")
	if n > cap(p.segs)-len(p.segs) {
		p.segs = take(p.segPool, max(n, min(2*cap(p.segs), 256), 32))
	}
	start := len(p.segs)
	p.segs = p.segs[:start+n]
	return p.segs[start : start : start+n]
}

func rootOf(segs []PathSeg, root bool) string {
	if !root || len(segs) == 0 {
		return ""
	}
	return segs[0].Key
}

// isPathKey matches [A-Za-z_][\w-]*.
func isPathKey(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isWordByte(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}

// atoi parses a non-negative decimal integer without allocating.
func atoi(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// holds reports whether text is the document's text at span.
func (d *Document) holds(text string, span Span) bool {
	s, e := span.Start.Off(), span.End.Off()
	return span.IsValid() && s >= 0 && e <= len(d.Src) && s <= e && e-s == len(text) && string(d.Src[s:e]) == text
}

// LineDollarRefs are the $NAME references of a response template line as
// written (DollarRefs of its text: the parser leaves save:, decode: and
// for: arguments unread), less the $NAME an assignment assigns
// (`$X = …`, which assigns no variable of the env). The index of names
// and the rules' symbol table read a template line's $NAME through it.
func (d *Document) LineDollarRefs(l *TemplateLine) []*VarRef {
	refs := d.DollarRefs(l.Line.Text, l.Line.Span)
	if l.Kind != LineAssign || !strings.HasPrefix(l.LHSRaw, "$") {
		return refs
	}
	out := refs[:0]
	for _, r := range refs {
		if r.Span.Start.Off() != l.LHSSpan.Start.Off() {
			out = append(out, r)
		}
	}
	return out
}

// DestinationDollarRefs are the $NAME references of the shortcuts' and
// then the links' destinations, which the parser does not read (a $VAR
// there is prose: spec.md §2.12).
func (d *Document) DestinationDollarRefs() []*VarRef {
	var out []*VarRef
	for _, sc := range d.Shortcuts {
		out = append(out, d.DollarRefs(sc.URL, sc.URLSpan)...)
	}
	for _, l := range d.Links {
		out = append(out, d.DollarRefs(l.Dest, l.DestSpan)...)
	}
	return out
}
