package sfmd

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"strings"
	"unicode/utf8"
)

func decodeRune(b []byte) (rune, int) { return utf8.DecodeRune(b) }

// action parses an act.<id> block.
func (p *docParser) action(f *Fence, id string, idSpan Span) {
	a := p.actions.new()
	a.ID, a.IDSpan, a.Fence, a.Span = id, idSpan, f, f.Span
	p.doc.Actions = append(p.doc.Actions, a)
	if p.firstAct != nil {
		if _, ok := p.firstAct[id]; !ok {
			p.firstAct[id] = a
		}
	}
	if len(f.Lines) == 0 || strings.TrimSpace(f.Lines[0].Text) == "" {
		p.problem(CodeActionBlockEmpty, f.InfoSpan.Start.Off(), f.InfoSpan.End.Off(),
			"action %q has no definition line, put \"METHOD url-or-command\" on the first line of the block", id)
		if len(f.Lines) > 0 {
			a.FirstLine = f.Lines[0]
		}
	} else {
		a.FirstLine = f.Lines[0]
		p.firstLine(a, f.Lines[0])
	}
	rest := 1
	if !p.asRuntime && a.Target != nil {
		if n := continuedLines(len(f.Lines), func(i int) string { return f.Lines[i].Text }); n > 0 {
			a.Continuation = f.Lines[1 : 1+n : 1+n]
			rest += n
			p.continuedBody(a)
		}
	}
	if len(f.Lines) > rest {
		p.actionLines(a, f.Lines[rest:])
	}
	actionRefs(a, func(ref *VarRef, place Place) { p.actPlaces = append(p.actPlaces, placeRef{ref, int(place)}) })
	p.actEnds = append(p.actEnds, int32(len(p.actPlaces)))
}

// continuedBody rewrites the problem of an unterminated -d body whose
// text goes on over the continuation lines: the cause is that the runtime
// reads only the first line.
func (p *docParser) continuedBody(a *Action) {
	b := a.InlineBody
	if b == nil || b.Closed || b.Quote == 0 {
		return
	}
	for i := len(p.doc.Problems) - 1; i >= 0; i-- {
		pr := &p.doc.Problems[i]
		if pr.Code == CodeBodyInlineUnterminated && pr.Span.Start.Off() == b.Span.Start.Off() {
			last := a.Continuation[len(a.Continuation)-1].Span.Start.Line
			pr.Message = fmt.Sprintf("-d body goes on to line %d, but the runtime reads only the first line of an action, so the body is cut at the end of this line and the lines after it are ignored; write the whole body on this line", last)
			return
		}
	}
}

// firstLine parses "METHOD target [-H "K: V"]… [-d '…']".
func (p *docParser) firstLine(a *Action, l Line) {
	t := l.Text
	base := l.Span.Start.Off()
	i := skipSpace(t, 0)
	j := i
	for j < len(t) && t[j] != ' ' && t[j] != '\t' {
		j++
	}
	a.MethodRaw = t[i:j]
	a.Method = strings.ToUpper(a.MethodRaw)
	a.MethodSpan = p.span(base+i, base+j)
	rest := skipSpace(t, j)
	if rest >= len(trimBlankRight(t)) {
		return // action-target-missing: a rule reports it
	}
	end := len(trimBlankRight(t))
	if a.Method == MethodCLI {
		a.Target = p.template(t[rest:end], base+rest, refsCLI)
		// -H on a CLI line stays part of the command; record it for rules.
		p.flags(a, t, base, rest, end, true)
		return
	}
	// HTTP: the URI is everything before the first whitespace-(-H|-d)-whitespace.
	uriEnd := end
	for k := rest; k < end; k++ {
		if (t[k] == ' ' || t[k] == '\t') && k+3 < end && t[k+1] == '-' && (t[k+2] == 'H' || t[k+2] == 'd') && (t[k+3] == ' ' || t[k+3] == '\t') {
			uriEnd = k
			break
		}
	}
	flagStart := uriEnd
	if strings.HasPrefix(t[rest:], "-H ") || strings.HasPrefix(t[rest:], "-d ") || strings.HasPrefix(t[rest:], "-H\t") {
		uriEnd, flagStart = rest, rest // header-before-url: no URI before the flags
	}
	// A URI containing whitespace keeps only its first word; the rest is
	// stray (the runtime glues it to the URL).
	uri := trimBlankRight(t[rest:uriEnd])
	if uri != "" {
		w := indexBlank(uri)
		if w < 0 {
			a.Target = p.template(uri, base+rest, refsURL)
		} else {
			a.Target = p.template(uri[:w], base+rest, refsURL)
			p.strayTokens(a, t, base, rest+w, rest+len(uri))
		}
	}
	p.flags(a, t, base, flagStart, end, false)
}

func skipSpace(t string, i int) int {
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	return i
}

func (p *docParser) strayTokens(a *Action, t string, base, from, to int) {
	for i := skipSpace(t, from); i < to; i = skipSpace(t, i) {
		j := i
		for j < to && t[j] != ' ' && t[j] != '\t' {
			j++
		}
		a.Stray = append(a.Stray, &Token{Text: t[i:j], Span: p.span(base+i, base+j)})
		i = j
	}
}

// flags scans -H and -d flags in t[from:to]. For CLI lines (cli) only
// headers are recorded (rules inform about them) and nothing else is
// reported.
func (p *docParser) flags(a *Action, t string, base, from, to int, cli bool) {
	var buf [8]*Header
	headers := buf[:0]
	i := skipSpace(t, from)
	for i < to {
		if isFlag(t, i, to, 'H') {
			h := p.header(t, base, i, to)
			if !cli || h.Valid {
				headers = append(headers, h)
			}
			i = skipSpace(t, h.Span.End.Off()-base)
			continue
		}
		if isFlag(t, i, to, 'd') && !cli {
			i = skipSpace(t, p.inlineBody(a, t, base, i, to))
			continue
		}
		// any other token
		j := i
		if t[i] == '"' || t[i] == '\'' {
			if k := strings.IndexByte(t[i+1:to], t[i]); k >= 0 {
				j = i + 1 + k + 1
			} else {
				j = to
			}
		}
		for j < to && t[j] != ' ' && t[j] != '\t' {
			j++
		}
		if !cli {
			a.Stray = append(a.Stray, &Token{Text: t[i:j], Span: p.span(base+i, base+j)})
		}
		i = skipSpace(t, j)
	}
	a.Headers = p.headerPtrs.slice(headers)
}

func isFlag(t string, i, to int, c byte) bool {
	return i+1 < to && t[i] == '-' && t[i+1] == c && (i+2 == to || t[i+2] == ' ' || t[i+2] == '\t')
}

// header parses one -H flag starting at t[i] ("-H").
func (p *docParser) header(t string, base, i, to int) *Header {
	h := p.headers.new()
	v := skipSpace(t, i+2)
	var rawStart, rawEnd, end int
	switch {
	case v < to && (t[v] == '"' || t[v] == '\''):
		h.Quote = t[v]
		rawStart = v + 1
		if k := strings.IndexByte(t[rawStart:to], h.Quote); k >= 0 {
			rawEnd = rawStart + k
			end = rawEnd + 1
			h.Closed = true
		} else {
			rawEnd, end = to, to
		}
	default:
		// unquoted: one word, or "Name: value…" up to the next flag
		// ("-H Authorization: Bearer $T" is one header the author forgot
		// to quote)
		rawStart = v
		rawEnd = v
		for rawEnd < to && t[rawEnd] != ' ' && t[rawEnd] != '\t' {
			rawEnd++
		}
		if rawEnd > rawStart && t[rawEnd-1] == ':' {
			for rawEnd < to && !((t[rawEnd] == ' ' || t[rawEnd] == '\t') && (isFlag(t, skipSpace(t, rawEnd), to, 'H') || isFlag(t, skipSpace(t, rawEnd), to, 'd'))) {
				rawEnd++
			}
			for rawEnd > rawStart && (t[rawEnd-1] == ' ' || t[rawEnd-1] == '\t') {
				rawEnd--
			}
		}
		end = rawEnd
	}
	h.Span = p.span(base+i, base+end)
	h.Raw = t[rawStart:rawEnd]
	h.RawSpan = p.span(base+rawStart, base+rawEnd)
	if c := strings.IndexByte(h.Raw, ':'); c >= 0 {
		h.HasColon = true
		name := h.Raw[:c]
		ns := rawStart + skipSpace(name, 0)
		h.Name = strings.TrimSpace(name)
		h.NameSpan = p.span(base+ns, base+ns+len(h.Name))
		val := h.Raw[c+1:]
		vs := rawStart + c + 1 + skipSpace(val, 0)
		h.Value = p.template(strings.TrimSpace(val), base+vs, refsHeader)
	}
	h.Valid = h.Quote == '"' && h.Closed && h.HasColon
	return h
}

// inlineBody parses "-d '…'" starting at t[i] and returns where it ends.
func (p *docParser) inlineBody(a *Action, t string, base, i, to int) int {
	v := skipSpace(t, i+2)
	b := p.inlines.new()
	if v >= to || (t[v] != '"' && t[v] != '\'') {
		// unquoted -d: the runtime does not recognise it
		j := v
		for j < to && t[j] != ' ' && t[j] != '\t' {
			j++
		}
		b.Span = p.span(base+i, base+j)
		b.Template = p.template(t[v:j], base+v, refsBody)
		p.problem(CodeBodyInlineUnterminated, base+i, base+j,
			"-d body is not quoted and is ignored by the runtime, wrap it in single quotes: -d '…'")
		if a.InlineBody == nil {
			a.InlineBody = b
		}
		return j
	}
	b.Quote = t[v]
	s := v + 1
	k := strings.IndexByte(t[s:to], b.Quote)
	if k < 0 {
		b.Span = p.span(base+i, base+to)
		b.Template = p.template(t[s:to], base+s, refsBody)
		p.problem(CodeBodyInlineUnterminated, base+i, base+to,
			"-d body has no closing %c, so the runtime does not read it as the body; close the quote at the end of the body", b.Quote)
		if a.InlineBody == nil {
			a.InlineBody = b
		}
		return to
	}
	e := s + k
	b.Closed = true
	b.Span = p.span(base+i, base+e+1)
	b.Template = p.template(t[s:e], base+s, refsBody)
	if e+1 < to && t[e+1] != ' ' && t[e+1] != '\t' {
		// -d '{"t":"it's"}': the body ends at the inner quote
		j := e + 1
		for j < to && t[j] != ' ' && t[j] != '\t' {
			j++
		}
		todo := `quote the body with ' instead: -d '…'`
		if b.Quote == '\'' {
			todo = `avoid ' inside the body (in a JSON string write \u0027)`
		}
		p.problem(CodeBodyInlineUnterminated, base+e, base+j,
			"-d body ends at this %c and %q is dropped; %s", b.Quote, t[e+1:j], todo)
		e = j - 1
	}
	if a.InlineBody == nil {
		a.InlineBody = b
	}
	return e + 1
}

// actionLines classifies the lines after the first: params, body
// sections, body content, blank lines and unrecognized lines.
func (p *docParser) actionLines(a *Action, lines []Line) {
	var body *Body
	bodyFrom := 0 // index in lines of the body's first content line
	var paramBuf [16]*Param
	params := paramBuf[:0]
	var bodyBuf [2]*Body
	bodies := bodyBuf[:0]
	for k := 0; k < len(lines); k++ {
		l := lines[k]
		trimmed := strings.TrimSpace(l.Text)
		indent := skipSpace(l.Text, 0)
		if body != nil {
			if trimmed == "" || indent > body.Indent {
				continue
			}
			// body content is a run of consecutive lines: share them
			body.Lines = subLines(lines, bodyFrom, k)
			p.finishBody(body)
			body = nil
		}
		if trimmed == "" {
			continue
		}
		if trimmed == "body:" {
			body = p.bodies.new()
			body.DirectiveSpan = p.span(l.Span.Start.Off()+indent, l.Span.Start.Off()+indent+len("body:"))
			body.Indent = indent
			bodyFrom = k + 1
			bodies = append(bodies, body)
			continue
		}
		if isParamHead(l.Text) {
			params = append(params, p.param(l))
			continue
		}
		u := l
		a.Unrecognized = append(a.Unrecognized, &u)
		s, e := l.Span.Start.Off()+indent, l.Span.Start.Off()+indent+len(trimmed)
		switch {
		case strings.HasPrefix(trimmed, "-H ") || strings.HasPrefix(trimmed, "-H\t") || strings.HasPrefix(trimmed, "-d "):
			// header-not-on-first-line / body flags on later lines: a rule
			// names the mistake precisely.
		case indent > 0 && missingColonRe.MatchString(trimmed):
			p.problem(CodeParamSyntaxInvalid, s, e,
				"parameter line %q has no ':' after the name, write \"name: type (constraints) \\\"description\\\"\"", trimmed)
		default:
			p.problem(CodeActionUnrecognizedLine, s, e,
				"line %q in action %q is not a parameter line, so the runtime ignores it; write a parameter as \"  name: type\" or move the text out of the block",
				trimmed, a.ID)
		}
	}
	if body != nil {
		body.Lines = subLines(lines, bodyFrom, len(lines))
		p.finishBody(body)
	}
	a.Params = p.paramPtrs.slice(params)
	a.Bodies = p.bodyPtrs.slice(bodies)
}

var (
	// "q string" and similar: two words, no colon
	missingColonRe = lazyre.New(`^[A-Za-z_][\w-]*[ \t]+(string|number|boolean|path|int|integer|bool|float)\b`)
)

// subLines returns lines[from:to] without spare capacity, or nil when it
// is empty.
func subLines(lines []Line, from, to int) []Line {
	if from >= to {
		return nil
	}
	return lines[from:to:to]
}

func (p *docParser) finishBody(b *Body) {
	// drop trailing blank lines
	n := len(b.Lines)
	for n > 0 && strings.TrimSpace(b.Lines[n-1].Text) == "" {
		n--
	}
	b.Lines = b.Lines[:n]
	if n == 0 {
		b.Template = p.templates.new()
		b.Template.Span = b.DirectiveSpan
		return
	}
	// common indentation of non-blank lines
	common := -1
	for _, l := range b.Lines {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		ind := skipSpace(l.Text, 0)
		if common < 0 || ind < common {
			common = ind
		}
	}
	size := 0
	for _, l := range b.Lines {
		size += len(l.Text) + 1
	}
	// one line is its text in the source; more are copied to shared room
	var sb []byte
	if len(b.Lines) > 1 {
		sb = p.textRoom(size)
	}
	text := ""
	t := p.templates.new()
	var refBuf [16]*VarRef
	refs := refBuf[:0]
	for i, l := range b.Lines {
		if i > 0 {
			sb = append(sb, '\n')
		}
		line := l.Text
		off := l.Span.Start.Off()
		if len(line) >= common {
			line = line[common:]
			off += common
		} else {
			line = trimBlankLeft(line)
		}
		if len(b.Lines) > 1 {
			sb = append(sb, line...)
		} else {
			text = line
		}
		refs = p.appendRefs(refs, line, off, refsBody)
	}
	t.Refs = p.refSlice(refs)
	if len(b.Lines) > 1 {
		text = p.keepText(sb)
	}
	t.Text = text
	t.Span = Span{Start: b.Lines[0].Span.Start, End: b.Lines[len(b.Lines)-1].Span.End}
	b.Template = t
}

// param parses a parameter line leniently, recording everything it finds
// so rules can report precisely what is off.
func (p *docParser) param(l Line) *Param {
	t := l.Text
	base := l.Span.Start.Off()
	prm := p.params.new()
	prm.Line, prm.CanonicalOrder = l, true
	trimmedRight := trimBlankRight(t)
	prm.TrailingSpace = len(trimmedRight) < len(t)
	end0 := l.Span.End.Off()
	prm.CR = end0 >= 0 && end0 < len(p.src) && p.src[end0] == '\r'
	prm.Strict = isStrictParam(t)
	end := len(trimmedRight)
	i := skipSpace(t, 0)
	prm.Indent = i
	prm.Tabs = strings.Contains(t[:i], "\t")
	prm.Span = p.span(base+i, base+end)

	s := paramScan{p: p, prm: prm, t: t, base: base, end: end}
	s.rest(s.head(i))
	return prm
}

// paramScan reads the parts of one parameter line into prm.
type paramScan struct {
	p        *docParser
	prm      *Param
	t        string
	base     int  // file offset of t
	end      int  // end of t without its trailing blanks
	seenDesc bool // a description was read (constraints after it are out of order)
}

// syntax reports an invalid parameter syntax at t[at:to], at least one
// byte wide.
func (s *paramScan) syntax(at, to int, format string, args ...any) {
	if to <= at {
		to = at + 1
	}
	if to > len(s.t) {
		to = len(s.t)
	}
	s.p.problem(CodeParamSyntaxInvalid, s.base+at, s.base+to, format, args...)
}

// head reads the name (from i), the alias, the colon and the type, and
// returns where the rest of the line starts.
func (s *paramScan) head(i int) int {
	p, prm, t, base, end := s.p, s.prm, s.t, s.base, s.end
	// name
	j := i
	for j < end && t[j] != ',' && t[j] != ':' && t[j] != ' ' && t[j] != '\t' {
		j++
	}
	prm.Name = t[i:j]
	prm.NameSpan = p.span(base+i, base+j)
	k := skipSpace(t, j)
	if k < end && t[k] == ',' {
		a := skipSpace(t, k+1)
		b := a
		for b < end && t[b] != ':' && t[b] != ' ' && t[b] != '\t' {
			b++
		}
		prm.Alias = t[a:b]
		prm.AliasSpan = p.span(base+a, base+b)
		k = skipSpace(t, b)
	}
	// colon (paramHeadRe guarantees it)
	if k < end && t[k] == ':' {
		k++
	}
	if k < end && t[k] != ' ' && t[k] != '\t' {
		s.syntax(k, end, "parameter %q needs a space after ':', write \"%s: %s\"", prm.Name, prm.Name, t[k:end])
	}
	k = skipSpace(t, k)
	// type
	ts := k
	for k < end && isWordByte(t[k]) {
		k++
	}
	prm.Type = t[ts:k]
	prm.TypeSpan = p.span(base+ts, base+k)
	return k
}

// rest reads the constraints, the description and the default, in
// whatever order they come, from k.
func (s *paramScan) rest(k int) {
	for k = skipSpace(s.t, k); k < s.end; k = skipSpace(s.t, k) {
		switch s.t[k] {
		case '(':
			k = s.constraintList(k)
		case '"':
			k = s.quotedDescription(k)
		case '=':
			k = s.defaultValue(k)
		default:
			k = s.bareDescription(k)
		}
	}
}

// constraintList reads "(required, min: 1, ...)" at k and returns the
// offset after it.
func (s *paramScan) constraintList(k int) int {
	p, prm, t, base, end := s.p, s.prm, s.t, s.base, s.end
	closeAt := strings.IndexByte(t[k:end], ')')
	if closeAt < 0 {
		s.syntax(k, end, "constraint list of %q has no closing ')', write \"(required)\"", prm.Name)
		p.constraints(prm, t, base, k+1, end)
		prm.ConstraintSpan = p.span(base+k, base+end)
		return end
	}
	if s.seenDesc {
		prm.CanonicalOrder = false
	}
	p.constraints(prm, t, base, k+1, k+closeAt)
	prm.ConstraintSpan = p.span(base+k, base+k+closeAt+1)
	return k + closeAt + 1
}

// quotedDescription reads a "description" at k and returns the offset
// after it.
func (s *paramScan) quotedDescription(k int) int {
	p, prm, t, base, end := s.p, s.prm, s.t, s.base, s.end
	closeAt := strings.IndexByte(t[k+1:end], '"')
	if closeAt < 0 {
		s.syntax(k, end, "description of %q has no closing '\"', add one", prm.Name)
		prm.Description, prm.HasDescription, prm.DescriptionQuoted = t[k+1:end], true, true
		prm.DescriptionSpan = p.span(base+k, base+end)
		return end
	}
	if prm.HasDescription {
		s.syntax(k, k+closeAt+2, "parameter %q has a second description, keep one", prm.Name)
	}
	s.seenDesc = true
	prm.Description, prm.HasDescription, prm.DescriptionQuoted = t[k+1:k+1+closeAt], true, true
	prm.DescriptionSpan = p.span(base+k, base+k+closeAt+2)
	return k + closeAt + 2
}

// defaultValue reads "= default" (quoted or to the end of the line) at k
// and returns the offset after it: the default comes last.
func (s *paramScan) defaultValue(k int) int {
	p, prm, t, base, end := s.p, s.prm, s.t, s.base, s.end
	v := min(skipSpace(t, k+1), end)
	prm.HasDefault = true
	if v >= end || t[v] != '"' {
		prm.Default = t[v:end]
		prm.DefaultSpan = p.span(base+v, base+end)
		prm.DefaultRefs = p.refs(prm.Default, base+v, refsDefault)
		return end
	}
	closeAt := strings.IndexByte(t[v+1:end], '"')
	if closeAt < 0 {
		s.syntax(v, end, "default of %q has no closing '\"', add one", prm.Name)
		prm.Default, prm.DefaultQuoted = t[v+1:end], true
		prm.DefaultSpan = p.span(base+v, base+end)
		return end
	}
	prm.Default, prm.DefaultQuoted = t[v+1:v+1+closeAt], true
	prm.DefaultSpan = p.span(base+v, base+v+closeAt+2)
	prm.DefaultRefs = p.refs(prm.Default, base+v+1, refsDefault)
	k = v + closeAt + 2
	if rest := skipSpace(t, k); rest < end {
		s.syntax(rest, end, "unexpected %q after the default of %q, the default must come last", t[rest:end], prm.Name)
		k = end
	}
	return k
}

// bareDescription reads an unquoted description at k, up to " =" or the
// end, and returns the offset after it.
func (s *paramScan) bareDescription(k int) int {
	p, prm, t, base := s.p, s.prm, s.t, s.base
	e := s.end
	if eq := strings.Index(t[k:e], " ="); eq >= 0 {
		e = k + eq
	}
	if prm.HasDescription {
		s.syntax(k, e, "unexpected %q in parameter %q, expected (constraints), \"description\" or = \"default\"", t[k:e], prm.Name)
	} else {
		s.seenDesc = true
		prm.Description, prm.HasDescription = strings.TrimSpace(t[k:e]), true
		prm.DescriptionSpan = p.span(base+k, base+k+len(trimBlankRight(t[k:e])))
	}
	return e
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func (p *docParser) constraints(prm *Param, t string, base, from, to int) {
	var buf [8]*Constraint
	cs := append(buf[:0], prm.Constraints...)
	for from <= to {
		comma := strings.IndexByte(t[from:to], ',')
		e := to
		if comma >= 0 {
			e = from + comma
		}
		raw := t[from:e]
		s := from + skipSpace(raw, 0)
		item := strings.TrimSpace(raw)
		if item != "" {
			c := p.cons.new()
			c.Text, c.Span = item, p.span(base+s, base+s+len(item))
			switch {
			case item == "required":
				c.Kind = ConstraintRequired
				prm.Required = true
			case item == "optional":
				c.Kind = ConstraintOptional
				prm.Optional = true
			case strings.HasPrefix(item, "min:"):
				c.Kind, c.Value = ConstraintMin, strings.TrimSpace(item[4:])
			case strings.HasPrefix(item, "max:"):
				c.Kind, c.Value = ConstraintMax, strings.TrimSpace(item[4:])
			case strings.Contains(item, "|"):
				c.Kind, c.Value = ConstraintHint, item
			}
			cs = append(cs, c)
		}
		if comma < 0 {
			break
		}
		from = e + 1
	}
	prm.Constraints = p.consPtrs.slice(cs)
}

// isParamHead reports whether a line starts like a parameter: optional
// indentation, a name ([A-Za-z0-9_][\w.-]*), an optional ", -x" alias and
// a colon.
func isParamHead(t string) bool {
	i := skipSpace(t, 0)
	if i >= len(t) || !isWordByte(t[i]) {
		return false
	}
	for i < len(t) && (isWordByte(t[i]) || t[i] == '.' || t[i] == '-') {
		i++
	}
	i = skipSpace(t, i)
	if i < len(t) && t[i] == ',' {
		i = skipSpace(t, i+1)
		for n := 0; n < 2 && i < len(t) && t[i] == '-'; n++ {
			i++
		}
		for i < len(t) && isWordByte(t[i]) {
			i++
		}
		i = skipSpace(t, i)
	}
	return i < len(t) && t[i] == ':'
}

// isStrictParam reports whether the reference runtime's field regex
// accepts the line (lines it does not match are silently dropped):
//
//	^\s+(\w+)(?:,\s*-([a-zA-Z]))?\s*:\s+(\w+)(?:\s+\((required|optional)\))?(?:\s+"([^"]*)")?(?:\s*=\s*"([^"]*)")?$
func isStrictParam(t string) bool {
	i := reSpaces(t, 0)
	if i == 0 {
		return false
	}
	j := reWords(t, i)
	if j == i {
		return false
	}
	i = j
	if i < len(t) && t[i] == ',' {
		i = reSpaces(t, i+1)
		if i+1 >= len(t) || t[i] != '-' || !isLetter(t[i+1]) {
			return false
		}
		i += 2
	}
	i = reSpaces(t, i)
	if i >= len(t) || t[i] != ':' {
		return false
	}
	j = reSpaces(t, i+1)
	if j == i+1 {
		return false
	}
	i = reWords(t, j)
	if i == j {
		return false
	}
	if i == len(t) {
		return true
	}
	return strictParamTail(t, i)
}

// strictParamTail is isStrictParam after the type at i: the optional
// (required|optional), "description" and = "default", then the end.
func strictParamTail(t string, i int) bool {
	// (required|optional)
	if j := reSpaces(t, i); j > i && j < len(t) && t[j] == '(' {
		if strings.HasPrefix(t[j:], "(required)") {
			i = j + len("(required)")
		} else if strings.HasPrefix(t[j:], "(optional)") {
			i = j + len("(optional)")
		} else {
			return false
		}
	}
	// "description"
	if j := reSpaces(t, i); j > i && j < len(t) && t[j] == '"' {
		k, ok := reQuoted(t, j)
		if !ok {
			return false
		}
		i = k
	}
	// = "default"
	if j := reSpaces(t, i); j < len(t) && t[j] == '=' {
		k, ok := reQuoted(t, reSpaces(t, j+1))
		if !ok {
			return false
		}
		i = k
	}
	return i == len(t)
}

// reSpaces skips the regex's \s ([\t\n\f\r ]) from i.
func reSpaces(t string, i int) int {
	for i < len(t) && reClass[t[i]] == reSpace {
		i++
	}
	return i
}

// reWords skips the regex's \w ([0-9A-Za-z_]) from i.
func reWords(t string, i int) int {
	for i < len(t) && reClass[t[i]] == reWord {
		i++
	}
	return i
}

// reClass classifies a byte for reSpaces and reWords (one load a byte
// instead of up to five comparisons).
var reClass = func() (c [256]uint8) {
	for _, b := range []byte(" \t\n\f\r") {
		c[b] = reSpace
	}
	for b := range 256 {
		if isWordByte(byte(b)) {
			c[b] = reWord
		}
	}
	return c
}()

const (
	reSpace = 1 + iota
	reWord
)

// reQuoted matches "[^"]*" at i: the index after it and true, or i and
// false.
func reQuoted(t string, i int) (int, bool) {
	if i >= len(t) || t[i] != '"' {
		return i, false
	}
	k := strings.IndexByte(t[i+1:], '"')
	if k < 0 {
		return i, false
	}
	return i + 1 + k + 1, true
}

// continuedLines returns how many of the n lines after line(0), an
// action's first line, continue its command (CLI) or its -d body (HTTP):
// an open quote, a trailing backslash, a trailing |, && or || or a
// here-document carries the text on to the next line. The runtime reads
// only the first line. It returns 0 when the first line is complete. Text
// still open at an indented parameter line or a "body:" line (a quote
// that never closes) ends before it; at the end of the block it takes the
// rest.
func continuedLines(n int, line func(int) string) int {
	if n < 2 {
		return 0
	}
	first := strings.TrimSpace(line(0))
	method, rest, _ := strings.Cut(first, " ")
	st := contState{shell: strings.EqualFold(method, MethodCLI)}
	if !st.shell {
		// HTTP: only a -d body and a trailing backslash carry on
		k := strings.Index(rest, " -d ")
		if k < 0 {
			if strings.HasSuffix(rest, `\`) {
				rest = `\`
			} else {
				return 0
			}
		} else {
			rest = rest[k+len(" -d "):]
		}
	}
	if !st.line(rest) {
		return 0
	}
	for k := 1; k < n; k++ {
		t := line(k)
		if !st.inDoc {
			trimmed := strings.TrimSpace(t)
			if trimmed == "body:" || (isParamHead(t) && t != trimBlankLeft(t)) {
				// the parameters start: an open quote never closes,
				// and the lines before them carried the text on
				return k - 1
			}
		}
		if !st.line(t) {
			return k
		}
	}
	return n - 1
}

// contState tracks quotes and here-documents over the lines of a command.
type contState struct {
	shell   bool   // shell syntax (CLI): comments, pipes, here-documents
	quote   byte   // the open quote, or 0
	heredoc string // the delimiter of a here-document
	inDoc   bool   // inside the here-document
}

// line reads one line and reports whether the text goes on after it.
func (s *contState) line(t string) bool {
	if s.inDoc {
		if strings.TrimLeft(strings.TrimRight(t, " \t\r"), "\t") == s.heredoc {
			s.inDoc, s.heredoc = false, ""
			return false
		}
		return true
	}
	backslash := false
scan:
	for i := 0; i < len(t); i++ {
		c := t[i]
		// in a quote only its closing quote (and, in "…", an escape)
		// does anything: skip to it
		switch s.quote {
		case '\'':
			if j := strings.IndexByte(t[i:], '\''); j >= 0 {
				i += j
				s.quote = 0
			} else {
				i = len(t)
			}
			continue
		case '"':
			j := indexEither(t[i:], '\\', '"')
			if j < 0 {
				i = len(t)
				continue
			}
			if i += j; t[i] == '\\' {
				i++
			} else {
				s.quote = 0
			}
			continue
		}
		switch {
		case c == '\\':
			if i == len(t)-1 {
				backslash = true
			}
			i++
		case c == '\'' || c == '"':
			s.quote = c
		case s.shell && c == '#' && (i == 0 || t[i-1] == ' ' || t[i-1] == '\t'):
			break scan
		case s.shell && c == '<' && strings.HasPrefix(t[i:], "<<") && !strings.HasPrefix(t[i:], "<<<"):
			d := strings.TrimLeft(t[i+2:], "-")
			d = trimBlankLeft(d)
			d = strings.Trim(strings.Fields(d + " x")[0], `'"`)
			if d != "" && d != "x" {
				s.heredoc = d
			}
			i++
		}
	}
	if s.quote != 0 || backslash {
		return true
	}
	if s.heredoc != "" {
		s.inDoc = true
		return true
	}
	trimmed := strings.TrimRight(t, " \t\r")
	return s.shell && (strings.HasSuffix(trimmed, "|") || strings.HasSuffix(trimmed, "&&"))
}
