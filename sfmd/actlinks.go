package sfmd

import (
	"net/url"
	"strings"
)

// act: URIs and the act: links the document writes outside its prose.

// parseActDest reads an act: URI, "act:id?k=v&k2=v2#frag", written at
// offset off: the action ID, the query (keys and values unescaped, each
// key's span as written, made by span) and the fragment.
func parseActDest(dest string, off int, span func(s, e int) Span) (id string, query []QueryParam, frag string, hasFrag bool) {
	rest := strings.TrimPrefix(dest, "act:")
	if h := strings.IndexByte(rest, '#'); h >= 0 {
		frag, hasFrag = rest[h+1:], true
		rest = rest[:h]
	}
	id, q, _ := strings.Cut(rest, "?")
	if q == "" {
		return id, nil, frag, hasFrag
	}
	at := off + len("act:") + len(id) + 1
	for _, kv := range strings.Split(q, "&") {
		k, v, _ := strings.Cut(kv, "=")
		dk, err := url.QueryUnescape(k)
		if err != nil {
			dk = k
		}
		dv, err := url.QueryUnescape(v)
		if err != nil {
			dv = v
		}
		query = append(query, QueryParam{Key: dk, Value: dv, KeySpan: span(at, at+len(k))})
		at += len(kv) + 1
	}
	return id, query, frag, hasFrag
}

// lineSpan makes spans with lines and columns from the document's line
// index (built when a document made by hand has none).
func (d *Document) lineSpan(s, e int) Span {
	if d.Index == nil {
		d.Index = NewLineIndex(d.Src)
	}
	return d.Index.Span(s, e)
}

// ActLink reads dest, an act: URI written at offset off of the document
// (a shortcut's target, a link in a response template), as a Link: its
// action ID, query and fragment, DestSpan where it is written.
func (d *Document) ActLink(dest string, off int) *Link {
	l := &Link{Dest: dest, DestSpan: d.lineSpan(off, off+len(dest)), IsAct: true}
	l.ActID, l.ActQuery, l.Fragment, l.HasFrag = parseActDest(dest, off, d.lineSpan)
	return l
}

// TemplateLink is an act: link written in an output line of a response
// template, which the runtime renders as a link like the prose's
// (renderer.ts render): the parser does not read templates as prose, so
// they are not among Document.Links.
type TemplateLink struct {
	*Link
	Response *Response
	Line     int // in Response.Lines
}

// TemplateActLinks returns the act: links of the response templates'
// output lines: each "](act:…" destination up to a ')' or a blank, outside
// inline code. It skips the templates the parse saw no "](act:" in
// (responseFacts).
func (d *Document) TemplateActLinks() []TemplateLink {
	var out []TemplateLink
	facts := d.responseFacts()
	for k, r := range d.Responses {
		if facts != nil && !facts[k].actLinks {
			continue
		}
		for i, tl := range r.Lines {
			if tl.Kind != LineOutput {
				continue
			}
			text, sp := tl.Line.Text, tl.Line.Span
			off := sp.Start.Off()
			if !sp.IsValid() || off < 0 || off+len(text) > len(d.Src) || string(d.Src[off:off+len(text)]) != text {
				continue
			}
			for _, m := range actLinkDests(text) {
				if !inCodeSpan(text, m[0]) {
					out = append(out, TemplateLink{Link: d.ActLink(text[m[0]:m[1]], off+m[0]), Response: r, Line: i})
				}
			}
		}
	}
	return out
}

// actLinkDests finds link destinations starting with act: in a line: the
// [start, end) of group 1 of each match of `\]\((act:[^)\s]*)`, leftmost
// first and not overlapping, with a byte scan.
func actLinkDests(text string) [][2]int {
	var out [][2]int
	for i := 0; ; {
		k := strings.Index(text[i:], "](act:")
		if k < 0 {
			return out
		}
		start := i + k + len("](")
		end := start + len("act:")
		for end < len(text) && !strings.ContainsRune(")\t\n\f\r ", rune(text[end])) {
			end++
		}
		out = append(out, [2]int{start, end})
		i = end
	}
}

// inCodeSpan reports whether byte i of a line is inside inline code.
func inCodeSpan(text string, i int) bool {
	for _, r := range CodeSpans(text) {
		if i >= r[0] && i < r[1] {
			return true
		}
		if r[0] > i {
			break
		}
	}
	return false
}

// maxCodeSpanScan bounds the search for the run that closes a code span,
// so that megabyte lines of unmatched backticks stay linear.
const maxCodeSpanScan = 4096

// CodeSpans returns the inline code spans of a line as [start, end)
// byte ranges, in order: a backtick run opens a span that the next run of
// exactly the same length closes (looked for within maxCodeSpanScan
// bytes); an unclosed run is literal text.
func CodeSpans(text string) [][2]int {
	var spans [][2]int
	for j := strings.IndexByte(text, '`'); j >= 0 && j < len(text); {
		n := 0
		for j+n < len(text) && text[j+n] == '`' {
			n++
		}
		open := j
		j += n
		closed := -1
		for k, limit := j, min(len(text), j+maxCodeSpanScan); k < limit; {
			if text[k] != '`' {
				k++
				continue
			}
			m := 0
			for k+m < len(text) && text[k+m] == '`' {
				m++
			}
			if m == n {
				closed = k
				break
			}
			k += m
		}
		if closed >= 0 {
			spans = append(spans, [2]int{open, closed + n})
			j = closed + n
		}
		next := strings.IndexByte(text[j:], '`')
		if next < 0 {
			break
		}
		j += next
	}
	return spans
}
