package sfmd

import (
	"bytes"
	"strings"
)

// maxFetchLen bounds the search for the "}}" of a {{fetch:…}} binding so
// that a line full of unclosed bindings stays linear.
const (
	maxFetchLen = 4096
)

// indexWithin is strings.Index limited to the first n bytes of s.
func indexWithin(s, sub string, n int) int {
	if len(s) > n+len(sub) {
		s = s[:n+len(sub)]
	}
	return strings.Index(s, sub)
}

type markerParts struct {
	id    string
	idOff int
	open  bool
	exact bool
}

// parseMarker reads "<!--(sp)[#/](sp)id(sp)-->" (one comment, nothing
// else); exact is the canonical spacing "<!-- #id -->".
func parseMarker(raw string) (markerParts, bool) {
	var m markerParts
	if !strings.HasPrefix(raw, "<!--") || !strings.HasSuffix(raw, "-->") || len(raw) < 8 {
		return m, false
	}
	inner := raw[4 : len(raw)-3]
	s1 := skipSpace(inner, 0)
	if s1 >= len(inner) || (inner[s1] != '#' && inner[s1] != '/') {
		return m, false
	}
	m.open = inner[s1] == '#'
	s3 := skipSpace(inner, s1+1)
	e := len(trimBlankRight(inner))
	if s3 >= e || containsByteOf(inner[s3:e], markerIDStop) {
		return m, false
	}
	m.id, m.idOff = inner[s3:e], 4+s3
	m.exact = inner[:s1] == " " && s3 == s1+1 && inner[e:] == " "
	return m, true
}

// scanProse walks every line outside frontmatter and code blocks and
// collects comments, block markers, directives, shortcuts, links and $VARs.
func (p *docParser) scanProse() {
	li := p.li
	if n := countUpTo(p.src, []byte("<!--"), maxReserve); n > 0 {
		p.markers.reserve(n)
		p.doc.Markers = take(docPool(p, func(a *Arena) *arenaPool[*Marker] { return &a.docMarkers }), n)
	}
	n := li.LineCount()
	skipIdx := 0
	var open []string // stack of open block IDs
	// nextComment is the offset of the first "<!--" at or after the line
	// last searched (-1: none): a line where none starts is not searched
	// (scanProseComments turns this off to hold it to searching each line)
	nextComment := bytes.Index(p.src, []byte("<!--"))
lines:
	for line := 1; line <= n; line++ {
		for skipIdx < len(p.skip) && p.skip[skipIdx].to < line {
			skipIdx++
		}
		if skipIdx < len(p.skip) && p.skip[skipIdx].from <= line {
			line = p.skip[skipIdx].to
			continue
		}
		ls, le := li.LineStart(line), li.LineEnd(line)
		if ls >= le {
			continue
		}
		text := p.src[ls:le]
		// strip the container prefix: indentation and blockquote markers
		c := 0
		for c < len(text) && (text[c] == ' ' || text[c] == '\t' || text[c] == '>') {
			c++
		}
		content := p.str(ls+c, le)
		base := ls + c
		trimmed := trimBlankRight(content)
		if trimmed == "" {
			continue
		}
		if nextComment >= 0 && nextComment < base {
			if k := bytes.Index(p.src[base:], []byte("<!--")); k >= 0 {
				nextComment = base + k
			} else {
				nextComment = -1
			}
		}
		// HTML comments (possibly spanning lines), every one on the line
		for from := 0; from < len(trimmed) && (!skipCommentless || (nextComment >= 0 && nextComment < le)); {
			k := strings.Index(trimmed[from:], "<!--")
			if k < 0 {
				break
			}
			i := from + k
			if p.inCode(base + i) {
				from = i + 4
				continue
			}
			endLine, consumed, endOff := p.comment(line, base, trimmed, i, &open)
			if consumed {
				line = endLine
				continue lines
			}
			if endOff < 0 || endLine != line {
				break // unclosed, or continues on the next lines
			}
			from = endOff - base
		}
		if strings.HasPrefix(trimmed, "[@") {
			if id, u, ok := refDef(trimmed); ok {
				sc := p.newShortcut(Shortcut{Form: ShortcutRefDef, ID: trimmed[id[0]:id[1]], IDSpan: p.span(base+id[0], base+id[1]),
					URL: trimmed[u[0]:u[1]], URLSpan: p.span(base+u[0], base+u[1]), Span: p.span(base, base+u[1])})
				p.doc.Shortcuts = append(p.doc.Shortcuts, sc)
				p.destination(sc.URL)
				continue
			}
		}
		p.inline(trimmed, base, strings.TrimSpace(trimmed), open)
	}
	if len(p.doc.Markers) == 0 {
		p.doc.Markers = nil // as without the reservation
	}
}

// skipCommentless switches on scanProse's skip of the lines where no
// "<!--" starts; TestScanProseSkipsCommentless switches it off.
var skipCommentless = true

// inCode reports whether the byte offset lies in an inline code span.
func (p *docParser) inCode(off int) bool {
	// binary search over sorted spans
	lo, hi := 0, len(p.codeSpans)
	for lo < hi {
		m := (lo + hi) / 2
		switch r := p.codeSpans[m]; {
		case off < r.start:
			hi = m
		case off >= r.end:
			lo = m + 1
		default:
			return true
		}
	}
	return false
}

// comment handles an HTML comment starting at trimmed[i] on line. It
// returns the last line of the comment, whether the whole line was
// consumed (own-line comments and markers) and the offset just past the
// comment (-1 when it is never closed).
func (p *docParser) comment(line, base int, trimmed string, i int, open *[]string) (int, bool, int) {
	start := base + i
	var endOff int
	endLine := line
	if k := strings.Index(trimmed[i+4:], "-->"); k >= 0 {
		endOff = base + i + 4 + k + 3 // on this line
	} else {
		// spans lines: find "-->" further on
		from := base + len(trimmed)
		if p.noCommentClose >= 0 && from >= p.noCommentClose {
			return line, false, -1 // no "-->" anywhere after an earlier opener
		}
		rest := p.str(from, len(p.src))
		k := strings.Index(rest, "-->")
		if k < 0 {
			p.noCommentClose = from
			return line, false, -1
		}
		endOff = base + len(trimmed) + k + 3
		endLine = p.li.LineOf(endOff - 1)
	}
	raw := p.str(start, endOff)
	ownLine := i == 0 && strings.TrimSpace(p.str(endOff, p.li.LineEnd(endLine))) == ""
	if m, ok := parseMarker(raw); ok && endLine == line {
		mk := p.markers.new()
		*mk = Marker{ID: m.id, IDSpan: p.li.spanOnLine(line, start+m.idOff, start+m.idOff+len(m.id)), Open: m.open,
			Span: p.li.spanOnLine(line, start, endOff), OwnLine: ownLine, Exact: m.exact}
		p.doc.Markers = append(p.doc.Markers, mk)
		if ownLine {
			if mk.Open {
				*open = append(*open, mk.ID)
			} else {
				for k := len(*open) - 1; k >= 0; k-- {
					if (*open)[k] == mk.ID {
						*open = (*open)[:k]
						break
					}
				}
			}
		}
	} else {
		txt := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(raw, "<!--"), "-->"))
		span := Span{Start: p.li.posOnLine(line, start), End: p.li.posOnLine(endLine, endOff)}
		p.doc.Comments = append(p.doc.Comments, &Comment{Text: txt, Span: span, OwnLine: ownLine})
	}
	if ownLine {
		return endLine, true, endOff
	}
	return endLine, false, endOff
}

// inline scans one prose line (container prefix removed) for directives,
// shortcuts, links and $VARs, skipping inline code.
func (p *docParser) inline(t string, base int, whole string, open []string) {
	if f := strings.IndexByte(t, '['); f >= 0 {
		p.pairBrackets(t, f)
	}
	for i := 0; i < len(t); i++ {
		if i = indexInline(t, i); i == len(t) {
			break
		}
		c := t[i]
		if p.inCode(base + i) {
			continue
		}
		switch c {
		case '$', '{':
			if c == '$' {
				if r, n := p.dollarRef(t, i, base); r != nil {
					p.doc.ProseVars = append(p.doc.ProseVars, r)
					i += n - 1
				}
			} else if strings.HasPrefix(t[i:], "{{fetch:") {
				if e := indexWithin(t[i:], "}}", maxFetchLen); e >= 0 {
					p.doc.ProseVars = append(p.doc.ProseVars, &VarRef{Kind: RefLiveFetch, Raw: t[i : i+e+2],
						Name: t[i+8 : i+e], Span: p.span(base+i, base+i+e+2), Index: -1})
					i += e + 1
				}
			}
		case '[':
			if i > 0 && t[i-1] == '!' { // image
				continue
			}
			if n := p.bracket(t, i, base, whole, open); n > 0 {
				i += n - 1
			}
		}
	}
}

// bracket handles "[…](…)" and "[…][…]" at t[i]; it returns the bytes
// consumed (0 when nothing matched).
func (p *docParser) bracket(t string, i, base int, whole string, open []string) int {
	closeAt := p.match(i)
	if closeAt < 0 {
		return 0
	}
	label := t[i+1 : closeAt]
	if closeAt+1 < len(t) && t[closeAt+1] == '(' {
		destEnd := p.match(closeAt + 1)
		if destEnd < 0 {
			return 0
		}
		destRaw := t[closeAt+2 : destEnd]
		dest, destOff := linkDest(destRaw)
		ds := base + closeAt + 2 + destOff
		span := p.span(base+i, base+destEnd+1)
		switch {
		case strings.HasPrefix(label, "!"):
			p.directive(t, i, closeAt, destEnd, base, dest, ds, whole, open)
		case strings.HasPrefix(label, "@"):
			idEnd := indexBlank(label)
			sc := p.newShortcut(Shortcut{Span: span, URL: dest, URLSpan: p.span(ds, ds+len(dest))})
			p.destination(dest)
			if idEnd < 0 || strings.TrimSpace(label[idEnd:]) == "" {
				sc.Form = ShortcutNoLabel
				sc.ID = strings.TrimSpace(label[1:])
				sc.IDSpan = p.span(base+i+2, base+i+2+len(sc.ID))
			} else {
				sc.Form = ShortcutInline
				sc.ID = label[1:idEnd]
				sc.IDSpan = p.span(base+i+2, base+i+1+idEnd)
				ls := skipSpace(label, idEnd)
				sc.Label = strings.TrimSpace(label[idEnd:])
				sc.LabelSpan = p.span(base+i+1+ls, base+i+1+ls+len(sc.Label))
			}
			p.doc.Shortcuts = append(p.doc.Shortcuts, sc)
		default:
			l := p.newLink(Link{Label: label, LabelSpan: p.span(base+i+1, base+closeAt), Dest: dest,
				DestSpan: p.span(ds, ds+len(dest)), Span: span})
			p.destination(dest)
			if strings.HasPrefix(dest, "act:") {
				p.actLink(l, ds)
			}
			p.doc.Links = append(p.doc.Links, l)
		}
		return destEnd + 1 - i
	}
	if closeAt+1 < len(t) && t[closeAt+1] == '[' {
		refEnd := p.match(closeAt + 1)
		if refEnd < 0 {
			return 0
		}
		ref := t[closeAt+2 : refEnd]
		if strings.HasPrefix(ref, "@") {
			p.doc.Shortcuts = append(p.doc.Shortcuts, p.newShortcut(Shortcut{Form: ShortcutRefUse, ID: ref[1:],
				IDSpan: p.span(base+closeAt+3, base+refEnd), Label: label,
				LabelSpan: p.span(base+i+1, base+closeAt), Span: p.span(base+i, base+refEnd+1)}))
		}
		return refEnd + 1 - i
	}
	return 0
}

func (p *docParser) directive(t string, i, closeAt, destEnd, base int, dest string, ds int, whole string, open []string) {
	label := t[i+2 : closeAt] // after "[!"
	d := &Directive{Span: p.span(base+i, base+destEnd+1), Path: dest, PathSpan: p.span(ds, ds+len(dest))}
	typ, name, hasColon := strings.Cut(label, ":")
	d.Type, d.Name, d.HasColon = typ, name, hasColon
	d.TypeSpan = p.span(base+i+2, base+i+2+len(typ))
	if hasColon {
		d.NameSpan = p.span(base+i+3+len(typ), base+closeAt)
	}
	d.OwnLine = whole == t[i:destEnd+1]
	if len(open) > 0 {
		d.InBlock = open[len(open)-1]
	}
	p.doc.Directives = append(p.doc.Directives, d)
}

// actLink parses act:id?k=v&k2=v2#frag written at ds.
func (p *docParser) actLink(l *Link, ds int) {
	l.IsAct = true
	l.ActID, l.ActQuery, l.Fragment, l.HasFrag = parseActDest(l.Dest, ds, p.span)
}

// pairBrackets computes, in one pass with two stacks, the matching ']'
// of every '[' and ')' of every '(' in t (backslash escapes skipped), so
// that lines full of brackets stay linear. first is the offset of t's
// first '[': every bracket the parser looks up (a '[', the '(' or '['
// right after its ']') lies at or after it. The pass starts at the run of
// backslashes before first, where a pass from the start of t is too (a
// byte that is not a backslash ends any escape), and from there pairs
// every '[' and '(' as that pass does: a '(' before the start only ever
// pairs with a ')' that no later '(' is waiting for
// (TestPairBracketsFromFirst).
func (p *docParser) pairBrackets(t string, first int) {
	from := first
	for from > 0 && t[from-1] == '\\' {
		from--
	}
	n := len(t) - from
	if cap(p.pairs) < n {
		p.pairs = make([]int32, max(n, 256))
	}
	p.pairs, p.pairsFrom = p.pairs[:n], from
	clear(p.pairs) // a pair is held as its match plus one: 0 is none
	sq, pa := p.stackA[:0], p.stackB[:0]
	for j := indexBracket(t, from); j < len(t); j = indexBracket(t, j+1) {
		switch t[j] {
		case '\\':
			j++
		case '[':
			sq = append(sq, int32(j))
		case ']':
			if n := len(sq); n > 0 {
				p.pairs[sq[n-1]-int32(from)] = int32(j) + 1
				sq = sq[:n-1]
			}
		case '(':
			pa = append(pa, int32(j))
		case ')':
			if n := len(pa); n > 0 {
				p.pairs[pa[n-1]-int32(from)] = int32(j) + 1
				pa = pa[:n-1]
			}
		}
	}
	p.stackA, p.stackB = sq, pa
}

// match returns the index matching the bracket or parenthesis at i in the
// line last given to pairBrackets, or -1 (also before the offset its pass
// started at).
func (p *docParser) match(i int) int {
	i -= p.pairsFrom
	if i < 0 || i >= len(p.pairs) {
		return -1
	}
	return int(p.pairs[i]) - 1
}

// linkDest extracts the destination from the text between the parentheses
// (dropping a title and angle brackets) and returns its offset in raw.
func linkDest(raw string) (string, int) {
	lead := skipSpace(raw, 0)
	s := raw[lead:]
	if strings.HasPrefix(s, "<") {
		if e := strings.IndexByte(s, '>'); e >= 0 {
			return s[1:e], lead + 1
		}
	}
	if e := indexBlank(s); e >= 0 {
		s = s[:e]
	}
	return s, lead
}

// destination counts the '$' of a shortcut's or a link's destination,
// which DestinationDollarRefs rescans, and notes whether it holds a $NAME.
func (p *docParser) destination(dest string) {
	if n := countDollars(dest); n > 0 {
		p.dollars += n
		p.destRefs = p.destRefs || hasDollarRef(dest)
	}
}
