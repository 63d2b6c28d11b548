package sfmd

import (
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

var (
	forLooseRe = lazyre.New(`^[ \t]*for[ \t]+\w+[ \t]+in[ \t]+`)
)

// assignLHS returns the end of an assignment's left side at t[i] ({var},
// {@name}, {anything-without-braces} or $NAME), or 0.
func assignLHS(t string, i int) int {
	if i >= len(t) {
		return 0
	}
	switch t[i] {
	case '{':
		j := indexEither(t[i+1:], '{', '}')
		if j >= 0 && t[i+1+j] == '}' {
			return i + 1 + j + 1
		}
	case '$':
		if i+1 < len(t) && isIdentStart(t[i+1]) {
			j := i + 2
			for j < len(t) && isWordByte(t[j]) {
				j++
			}
			return j
		}
	}
	return 0
}

// response parses an act.<id>.response block, classifying every line.
func (p *docParser) response(f *Fence, id string, idSpan Span) {
	r := p.responses.new()
	r.ActionID, r.IDSpan, r.Fence, r.Span = id, idSpan, f, f.Span
	r.Lines = p.linePtrs.carve(len(f.Lines))
	p.doc.Responses = append(p.doc.Responses, r)
	var loops []int32 // indices of the open for: lines, innermost last (fewer than the source's bytes: see MaxSource)
	// the owner is nil when no action of the ID came before: found at the
	// end (keepResponseFacts)
	fact := respFact{owner: p.firstAct[id], from: int32(len(p.respPlaces))}
	for i, l := range f.Lines {
		n := countDollars(l.Text) // LineDollarRefs rescans the line
		p.dollars += n
		tl := p.templateLine(l)
		p.respPlaces = appendLinePlaces(p.respPlaces, tl, i, n > 0 && hasDollarRef(l.Text))
		if tl.Kind == LineOutput && !fact.actLinks {
			fact.actLinks = strings.Contains(l.Text, "](act:")
		}
		tl.Loop = -1
		if n := len(loops); n > 0 {
			tl.Loop = loops[n-1]
		}
		switch tl.Kind {
		case LineFor:
			if tl.ForValid {
				loops = append(loops, int32(len(r.Lines)))
			}
		case LineEnd:
			if n := len(loops); n > 0 {
				loops = loops[:n-1]
			}
		}
		r.Lines = append(r.Lines, tl)
		p.responseHints(tl, id)
	}
	fact.to = int32(len(p.respPlaces))
	p.respFacts = append(p.respFacts, fact)
	for _, open := range loops {
		fl := r.Lines[open]
		p.problem(CodeForUnclosed, fl.Line.Span.Start.Off(), fl.Line.Span.End.Off(),
			"loop %q is never closed, add an \"end:\" line after its body", strings.TrimSpace(fl.Line.Text))
	}
}

func (p *docParser) templateLine(l Line) *TemplateLine {
	t := l.Text
	base := l.Span.Start.Off()
	tl := p.lines.new()
	tl.Line, tl.Loop = l, -1
	trimmed := strings.TrimSpace(t)
	if trimmed == "" {
		tl.Kind = LineBlank
		return tl
	}
	i := skipSpace(t, 0)
	rest := t[i:]
	if lhsEnd := assignLHS(t, i); lhsEnd > 0 {
		k := skipSpace(t, lhsEnd)
		if k < len(t) && t[k] == '=' {
			rs := skipSpace(t, k+1)
			lhs := t[i:lhsEnd]
			tl.LHSRaw = lhs
			tl.LHSSpan = p.span(base+i, base+lhsEnd)
			rhsText := trimBlankRight(t[rs:])
			tl.RHS = p.template(rhsText, base+rs, refsOutput)
			tl.Template = tl.RHS
			switch {
			case strings.HasPrefix(lhs, "{@"):
				tl.Kind = LineValueShortcut
				tl.LHS = lhs[2 : len(lhs)-1]
			case lhs[0] == '$':
				tl.Kind = LineAssign
				tl.LHS = lhs[1:]
			default:
				tl.Kind = LineAssign
				tl.LHS = lhs[1 : len(lhs)-1]
				// the runtime's ^\{(\w+)\}\s*=\s*\{Response\.(.+)\}$
				tl.StrictAssign = i == 0 && isIdent(tl.LHS) && strings.HasPrefix(t[rs:], "{Response.") &&
					strings.HasSuffix(t, "}") && len(t)-rs > len("{Response.}")
			}
			return tl
		}
	}
	switch {
	case strings.HasPrefix(rest, "for:"):
		tl.Kind = LineFor
		raw := t[i+4:]
		arg := strings.TrimSpace(raw)
		argStart := base + i + 4 + skipSpace(raw, 0)
		if item, path, ok := forArgs(arg); ok {
			tl.ItemVar = arg[item[0]:item[1]]
			tl.ItemVarSpan = p.span(argStart+item[0], argStart+item[1])
			tl.Arg = arg[path[0]:path[1]]
			tl.ArgSpan = p.span(argStart+path[0], argStart+path[1])
			tl.ForValid = isIdent(tl.ItemVar)
		} else {
			tl.Arg = arg
			tl.ArgSpan = p.span(argStart, argStart+len(arg))
		}
		return tl
	case (strings.HasPrefix(rest, "for ") || strings.HasPrefix(rest, "for\t")) && forLooseRe.MatchString(t):
		tl.Kind = LineFor // "for x in y" without the colon: for-syntax-invalid
		tl.Arg = trimmed
		tl.ArgSpan = p.span(base+i, base+i+len(trimmed))
		return tl
	case trimBlankRight(rest) == "end:":
		tl.Kind = LineEnd
		return tl
	}
	for _, kw := range [...]struct {
		word string
		kind LineKind
	}{{"save:", LineSave}, {"decode:", LineDecode}, {"to:", LineTo}} {
		if !strings.HasPrefix(rest, kw.word) {
			continue
		}
		tl.Kind = kw.kind
		raw := t[i+len(kw.word):]
		lead := skipSpace(raw, 0)
		argOff := i + len(kw.word) + lead
		tl.Arg = strings.TrimSpace(raw)
		tl.ArgSpan = p.span(base+argOff, base+argOff+len(tl.Arg))
		if tl.Kind != LineDecode {
			tl.Template = p.template(tl.Arg, base+argOff, refsOutput)
		}
		return tl
	}
	tl.Kind = LineOutput
	tl.Template = p.templates.new()
	tl.Template.Text, tl.Template.Span, tl.Template.Refs = t, l.Span, p.refs(t, base, refsOutput)
	return tl
}

// responseHints records invocation hints inside a template: inline code
// spans and bare lines starting with /act or /action.
func (p *docParser) responseHints(tl *TemplateLine, id string) {
	if tl.Kind != LineOutput {
		return
	}
	t := tl.Line.Text
	base := tl.Line.Span.Start.Off()
	trimmed := trimBlankLeft(t)
	if strings.HasPrefix(trimmed, "/act") || strings.HasPrefix(trimmed, "/tool:") {
		off := len(t) - len(trimmed)
		p.hint(trimBlankRight(trimmed), base+off, id)
		return
	}
	if strings.HasPrefix(trimmed, "next:") && !strings.Contains(trimmed, "`") {
		p.nextHints(t, base, id)
		return
	}
	for i := 0; i < len(t); {
		s := strings.IndexByte(t[i:], '`')
		if s < 0 {
			return
		}
		s += i
		n := 0
		for s+n < len(t) && t[s+n] == '`' {
			n++
		}
		closeAt := strings.Index(t[s+n:], strings.Repeat("`", n))
		if closeAt < 0 {
			return
		}
		content := t[s+n : s+n+closeAt]
		p.hint(content, base+s+n, id)
		i = s + n + closeAt + n
	}
}

// nextHints records the calls of a `next: /act.a · /act.b --x 1` line,
// the convention of response templates for what the agent may call next:
// each "·"-separated part that starts with a call (after any prose such as
// "then") is a hint up to the next "·".
func (p *docParser) nextHints(t string, base int, id string) {
	start := strings.Index(t, "next:") + len("next:")
	for _, part := range strings.Split(t[start:], "·") {
		at := strings.Index(part, "/act")
		if tool := strings.Index(part, "/tool:"); tool >= 0 && (at < 0 || tool < at) {
			at = tool
		}
		if at >= 0 && (at == 0 || part[at-1] == ' ') {
			p.hint(trimBlankRight(part[at:]), base+start+at, id)
		}
		start += len(part) + len("·")
	}
}

// hint records an inline code span (or template line) that is an
// invocation: /act.x, /act x, /action.x, /action x, /tool:name[.act].
func (p *docParser) hint(content string, base int, inResponse string) {
	if !mayBeHint(content) {
		return
	}
	lead := len(content) - len(strings.TrimLeft(content, " "))
	c := strings.TrimSpace(content)
	base += lead
	var verb, rest string
	var restOff int
	if off, ok := ActCallTarget(c); ok {
		verb, rest, restOff = "act", c[off:], off
	} else if strings.HasPrefix(c, "/tool:") {
		verb, rest, restOff = "tool", c[len("/tool:"):], len("/tool:")
	} else {
		return
	}
	e := indexBlank(rest)
	if e < 0 {
		e = len(rest)
	}
	h := p.newHint()
	*h = Hint{Text: c, Span: p.span(base, base+len(c)), Verb: verb, Target: rest[:e],
		TargetSpan: p.span(base+restOff, base+restOff+e), InResponse: inResponse}
	a := skipSpace(rest, e)
	h.Args = rest[a:]
	h.ArgsSpan = p.span(base+restOff+a, base+restOff+len(rest))
	h.Refs = p.refs(h.Args, base+restOff+a, refsHint)
	p.doc.Hints = append(p.doc.Hints, h)
	p.dollars += countDollars(c) // listPlaceholders rescans the hint's text
}

// mayBeHint is false for a text hint reads no invocation from without
// trimming it: one whose first byte that is not ASCII white space (what
// strings.TrimSpace trims first) is an ASCII byte other than '/', with
// which every invocation starts (TestMayBeHint).
func mayBeHint(content string) bool {
	for i := 0; i < len(content); i++ {
		switch c := content[i]; c {
		case ' ', '\t', '\n', '\v', '\f', '\r':
		default:
			return c == '/' || c >= utf8.RuneSelf
		}
	}
	return false
}

// newHint returns a new hint: the first hintsAlone of a document one by
// one, the others from a slab, so that a document with a few hints does
// not get a chunk of them and one with thousands few allocations.
func (p *docParser) newHint() *Hint {
	if p.nHints++; p.nHints <= hintsAlone && p.arena == nil {
		return new(Hint)
	}
	return p.hints.new()
}

// hintsAlone is how many hints of a document newHint allocates one by one.
const hintsAlone = 32

// keepResponseFacts gives the document the places of its actions'
// placeholders (actionFacts) and the facts of its response templates
// (respFact), the owners of those read before their action found now
// that every action is read.
func (p *docParser) keepResponseFacts() {
	d := p.doc
	d.actPlaces, d.actEnds, d.factActions = p.actPlaces, p.actEnds, d.Actions
	p.actPlaces, p.actEnds = nil, nil
	if len(p.respFacts) == 0 {
		return
	}
	for i := range p.respFacts {
		if p.respFacts[i].owner == nil {
			p.respFacts[i].owner = p.firstAct[d.Responses[i].ActionID]
		}
	}
	d.respFacts, d.respPlaces, d.factActions, d.factResponses = p.respFacts, p.respPlaces, d.Actions, d.Responses
	p.firstAct, p.respFacts, p.respPlaces = nil, nil, nil
}

// appendLinePlaces appends to out the places of the placeholders of l,
// line i of its template (see placeRef), whose text holds a $NAME
// (hasDollarRef) when dollar.
func appendLinePlaces(out []placeRef, l *TemplateLine, i int, dollar bool) []placeRef {
	if t := placedTemplate(l); t != nil {
		for _, ref := range t.Refs {
			if ref.Kind != RefPersistent { // read from the text
				out = append(out, placeRef{ref, i})
			}
		}
	}
	if dollar {
		out = append(out, placeRef{nil, i})
	}
	return out
}

// placedTemplate is the template whose references Placeholders lists for
// a response template line: the right side of an assignment, or its
// Template.
func placedTemplate(l *TemplateLine) *Template {
	if l.Kind == LineAssign && l.RHS != nil {
		return l.RHS
	}
	return l.Template
}
