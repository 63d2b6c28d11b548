package rules

import (
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Helpers shared by the rules about act.<id>.response templates (spec.md §2.11;
// runtime-semantics.md §3).

// responseOwner returns the first action a response template belongs to, or nil.
func responseOwner(syms *symbolTable, r *sfmd.Response) *sfmd.Action {
	if as := syms.Actions[r.ActionID]; len(as) > 0 {
		return as[0]
	}
	return nil
}

// responseParam reports whether name is a parameter of any action with the
// response's ID.
func responseParam(syms *symbolTable, r *sfmd.Response, name string) bool {
	for _, a := range syms.Actions[r.ActionID] {
		if a.Param(name) != nil {
			return true
		}
	}
	return false
}

// lineTrimSpan returns the span of a line without its surrounding
// whitespace.
func lineTrimSpan(doc *sfmd.Document, l sfmd.Line) sfmd.Span {
	off := lineOffset(doc, l.Text, l.Span)
	t := strings.TrimSpace(l.Text)
	if off < 0 || t == "" {
		return l.Span
	}
	start := off + strings.Index(l.Text, t)
	return spanAt(doc, start, start+len(t))
}

// lineRefsOf returns the {…} references of a template line (the right
// side for assignments).
func lineRefsOf(l *sfmd.TemplateLine) []*sfmd.VarRef {
	t := l.Template
	if l.RHS != nil {
		t = l.RHS
	}
	if t == nil {
		return nil
	}
	return t.Refs
}

// isSessionAssign reports whether l assigns a {var} (not $VAR).
// A left side with spaces, quotes, ':' or ',' is JSON or prose printed
// by the template, not an attempted assignment.
func isSessionAssign(l *sfmd.TemplateLine) bool {
	return l.AssignsSessionVar() && plainLHS(l.LHS)
}

// plainLHS is !strings.ContainsAny(lhs, " \t\":,") read byte by byte:
// the five are ASCII, which no byte of a multi-byte or invalid UTF-8
// sequence equals (ContainsAny took 420 instructions a call, a rune
// search in the set for each rune: callgrind, a 1 MB generated document;
// TestPlainLHS holds it to ContainsAny).
func plainLHS(lhs string) bool {
	for i := 0; i < len(lhs); i++ {
		switch lhs[i] {
		case ' ', '\t', '"', ':', ',':
			return false
		}
	}
	return true
}

// isDollar reports whether an assignment's left side is written $NAME.
func isDollar(raw string) bool { return len(raw) > 0 && raw[0] == '$' }

// loopOf returns the for: line enclosing l, or nil.
func loopOf(r *sfmd.Response, l *sfmd.TemplateLine) *sfmd.TemplateLine {
	if l.Loop < 0 || int(l.Loop) >= len(r.Lines) || r.Lines[l.Loop].Kind != sfmd.LineFor {
		return nil
	}
	return r.Lines[l.Loop]
}

// rhsForm classifies the right side of an assignment.
type rhsForm int

const (
	rhsInvalid rhsForm = iota
	rhsEmpty
	rhsResponse
	rhsVar
	rhsLiteral
	rhsPersistent
)

func classifyRHS(t *sfmd.Template) rhsForm {
	if t == nil || t.Text == "" {
		return rhsEmpty
	}
	if len(t.Refs) == 1 && t.Refs[0].Raw == t.Text {
		switch t.Refs[0].Kind {
		case sfmd.RefResponse:
			return rhsResponse
		case sfmd.RefVar:
			return rhsVar
		case sfmd.RefPersistent:
			return rhsPersistent
		}
	}
	if len(t.Text) >= 2 && t.Text[0] == '"' && t.Text[len(t.Text)-1] == '"' && !strings.Contains(t.Text[1:len(t.Text)-1], `"`) {
		return rhsLiteral
	}
	return rhsInvalid
}

// directiveSpan is the span of a directive line's keyword and argument.
func directiveSpan(doc *sfmd.Document, l *sfmd.TemplateLine) sfmd.Span {
	return lineTrimSpan(doc, l.Line)
}

// pipelineWithoutSave reports with msg each line of kind that no save:
// line of its template comes before; a template without a line of kind
// is passed over (symbolTable.hasLines; TestSymFast).
func pipelineWithoutSave(pass *lint.Pass, kind sfmd.LineKind, msg string) error {
	syms := symbols(pass)
	for k, r := range pass.Doc.Responses {
		if !syms.hasLines(k, kind) {
			continue
		}
		saved := false
		for _, l := range r.Lines {
			switch {
			case l.Kind == sfmd.LineSave:
				saved = true
			case l.Kind == kind && !saved:
				pass.Reportf(directiveSpan(pass.Doc, l), "%s", msg)
			}
		}
	}
	return nil
}

// appendSavePipelines splits a template into save: pipelines and appends
// them to out: for each save: line index, the indices of the lines up to
// the next save:. eachSavePipeline appends to one buffer for all the
// templates of a document (a list made for each template with a save:
// line was 12,953 allocations a run of pipeline-order and save-without-to
// on the generated 10 MB document; TestAppendSavePipelines).
func appendSavePipelines(out [][2]int, r *sfmd.Response) [][2]int {
	from := len(out) // the pipelines of r start there
	for i, l := range r.Lines {
		if l.Kind != sfmd.LineSave {
			continue
		}
		if n := len(out); n > from {
			out[n-1][1] = i
		}
		out = append(out, [2]int{i, len(r.Lines)})
	}
	return out
}

// eachSavePipeline calls f with each save: pipeline (appendSavePipelines)
// of the templates with a save: line (symbolTable.hasLines), the walk of
// pipeline-order and save-without-to.
func eachSavePipeline(pass *lint.Pass, f func(r *sfmd.Response, p [2]int)) {
	syms := symbols(pass)
	var pipes [][2]int // the pipelines of the template at hand
	for k, r := range pass.Doc.Responses {
		if !syms.hasLines(k, sfmd.LineSave) {
			continue // no save: line
		}
		pipes = appendSavePipelines(pipes[:0], r)
		for _, p := range pipes {
			f(r, p)
		}
	}
}

// loopNesting walks the for:/end: lines of r and calls nested for each
// for: inside another loop and orphan for each end: with no open loop.
// Like the runtime, an end: closes the innermost open loop; invalid for:
// lines still count as openers (the author meant a loop).
func loopNesting(r *sfmd.Response, nested, orphan func(l *sfmd.TemplateLine)) {
	depth := 0
	for _, l := range r.Lines {
		switch l.Kind {
		case sfmd.LineFor:
			if depth > 0 && nested != nil {
				nested(l)
			}
			depth++
		case sfmd.LineEnd:
			if depth == 0 {
				if orphan != nil {
					orphan(l)
				}
				continue
			}
			depth--
		}
	}
}

// templateLoopVars returns the item variables of the valid for: lines of r.
func templateLoopVars(r *sfmd.Response) []string {
	var out []string
	for _, l := range r.Lines {
		if l.Kind == sfmd.LineFor && l.ForValid && !hasString(out, l.ItemVar) {
			out = append(out, l.ItemVar)
		}
	}
	return out
}

// inScopeLoopVar reports whether name is the item variable of the loop
// enclosing l.
func inScopeLoopVar(r *sfmd.Response, l *sfmd.TemplateLine, name string) bool {
	fl := loopOf(r, l)
	return fl != nil && fl.ForValid && fl.ItemVar == name
}

// templateUses lists the {name} references of a response template that
// the runtime substitutes from fields, session or loop: output lines,
// assignment and value-shortcut right sides and to: paths, skipping
// invocation hints (fill-ins for the agent).
func templateUses(doc *sfmd.Document, r *sfmd.Response, f func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef)) {
	templateUsesIn(doc, r, hintsAround(doc, r.Span), f)
}

// templateUsesIn is templateUses with hs, hintsAround(doc, r.Span).
func templateUsesIn(doc *sfmd.Document, r *sfmd.Response, hs []*sfmd.Hint, f func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef)) {
	for i, l := range r.Lines {
		if !substitutesFields(l.Kind) {
			continue
		}
		for _, ref := range lineRefsOf(l) {
			if ref.Kind != sfmd.RefVar || ref.Name == "" {
				continue
			}
			if templateHintSkip(doc, r, hs, ref) {
				continue
			}
			f(i, l, ref)
		}
	}
}

// templateHintSkip reports whether ref, of the template r, lies in an
// invocation hint (hs: hintsAround(doc, r.Span)).
func templateHintSkip(doc *sfmd.Document, r *sfmd.Response, hs []*sfmd.Hint, ref *sfmd.VarRef) bool {
	if ref.Span.Start.Offset >= r.Span.Start.Offset && ref.Span.Start.Offset <= r.Span.End.Offset {
		return insideHintOf(hs, ref.Span)
	}
	return insideHint(doc, ref.Span)
}

// substitutesFields reports whether templateUses reads the {name}
// references of a template line of kind k: output lines, assignment and
// value-shortcut right sides and to: paths (templateUsesIn and
// listTemplateUses ask it).
func substitutesFields(k sfmd.LineKind) bool {
	switch k {
	case sfmd.LineOutput, sfmd.LineAssign, sfmd.LineValueShortcut, sfmd.LineTo:
		return true
	}
	return false
}

// tmplUse is one reference templateUses calls its function with.
type tmplUse struct {
	ref *sfmd.VarRef
	i   int // the line, r.Lines[i]
}

// templateUses is templateUses(doc, doc.Responses[k], f), the uses of
// every response listed once per document for the four rules that walk
// them (TestTemplateUsesMemo holds the lists to templateUses).
func (s *symbolTable) templateUses(doc *sfmd.Document, k int, f func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef)) {
	if s.tmplFrom == nil {
		s.listTemplateUses(doc)
	}
	lines := doc.Responses[k].Lines
	for _, u := range s.tmplUses[s.tmplFrom[k]:s.tmplFrom[k+1]] {
		f(u.i, lines[u.i], u.ref)
	}
}

// listTemplateUses lists what templateUses calls its function with, for
// every response, from the uses at response sites (the parser's
// references of each line, which Placeholders lists response by
// response in the order of doc.Responses, and a line's $NAME), whose
// kind the list holds: only a {name} reference and its line are opened,
// not the document's other references and lines (TestTemplateUsesMemo,
// TestListTemplateUsesRandom).
func (s *symbolTable) listTemplateUses(doc *sfmd.Document) {
	s.tmplUses = make([]tmplUse, 0, s.responseUses()) // about that many (not a walk of every line to count them)
	s.tmplFrom = make([]int, len(doc.Responses)+1)
	var hc hintCursor
	var hs []*sfmd.Hint // the hints around the response at k
	k := -1             // the response of the uses at hand
	uses := s.usesAt(siteResponse, siteResponse)
	for j := range uses {
		u := &uses[j]
		if u.Site != siteResponse || u.Kind() != sfmd.RefVar { // a line's $NAME (Rescan) is a RefPersistent
			continue
		}
		if k < 0 || doc.Responses[k] != u.Response {
			// the next response with a use: those before it have none
			// past here
			for k++; ; k++ {
				s.tmplFrom[k] = len(s.tmplUses)
				if doc.Responses[k] == u.Response {
					break
				}
			}
			hs = hc.around(doc, u.Response.Span)
		}
		if !substitutesFields(u.Response.Lines[u.Line].Kind) {
			continue
		}
		if ref, r := u.Ref, u.Response; ref.Name == "" || templateHintSkip(doc, r, hs, ref) {
			continue
		}
		s.tmplUses = append(s.tmplUses, tmplUse{u.Ref, u.Line})
	}
	for k++; k <= len(doc.Responses); k++ {
		s.tmplFrom[k] = len(s.tmplUses)
	}
}

// responseUses is the number of uses at response sites: the parser's
// references of each template line, the references templateUses lists
// among them.
func (s *symbolTable) responseUses() int {
	n := 0
	uses := s.usesAt(siteResponse, siteResponse)
	for i := range uses {
		if uses[i].Site == siteResponse {
			n++
		}
	}
	return n
}

// hintsAround is the hints of doc that insideHint can find for a span
// starting within span: the last one starting at or before its start,
// and those starting up to its end (TestHintsAroundHoldsInsideHint). A
// template's references are looked up there, not in all the document's
// hints.
func hintsAround(doc *sfmd.Document, span sfmd.Span) []*sfmd.Hint {
	hs := doc.Hints
	from := max(sort.Search(len(hs), func(i int) bool { return hs[i].Span.Start.Offset > span.Start.Offset })-1, 0)
	to := sort.Search(len(hs), func(i int) bool { return hs[i].Span.Start.Offset > span.End.Offset })
	return hs[from:max(from, to)]
}

// hintCursor is hintsAround for spans in source order: it moves on from
// where the previous span left it rather than search all the hints
// (a binary search a template, each step a hint to read, was most of
// the uses' walk); a span that starts or ends before the previous one
// is searched for (TestSymFast holds it to hintsAround).
type hintCursor struct {
	ok         bool // from and to are those of the previous span
	start, end int  // the previous span's offsets
	atS, atE   int  // the number of hints starting at or before start, end
}

// around is hintsAround(doc, span).
func (c *hintCursor) around(doc *sfmd.Document, span sfmd.Span) []*sfmd.Hint {
	hs := doc.Hints
	s, e := span.Start.Off(), span.End.Off()
	if !symFast || !c.ok || s < c.start || e < c.end {
		c.atS = sort.Search(len(hs), func(i int) bool { return hs[i].Span.Start.Off() > s })
		c.atE = sort.Search(len(hs), func(i int) bool { return hs[i].Span.Start.Off() > e })
	} else {
		for c.atS < len(hs) && hs[c.atS].Span.Start.Off() <= s {
			c.atS++
		}
		for c.atE < len(hs) && hs[c.atE].Span.Start.Off() <= e {
			c.atE++
		}
	}
	c.ok, c.start, c.end = true, s, e
	from := max(c.atS-1, 0)
	return hs[from:max(from, c.atE)]
}

// varNameFor suggests a session variable name for a {Response.…}
// reference: its last key in snake case, or fallback.
func varNameFor(ref *sfmd.VarRef, fallback string) string {
	if k := len(ref.Path); k > 0 && !ref.Path[k-1].IsIndex {
		if s := snakeCase(ref.Path[k-1].Key); s != "" {
			return s
		}
	}
	return fallback
}

// nestedLoops returns the for: lines of r nested inside another loop
// (for-nested reports them). The runtime ends the outer loop at the first
// end: and prints a nested for: line as text, so the other loop rules say
// nothing about such a line, its path or its body.
// It is nil, not an empty map, when there is none (most templates).
func nestedLoops(r *sfmd.Response) map[*sfmd.TemplateLine]bool {
	var out map[*sfmd.TemplateLine]bool
	loopNesting(r, func(l *sfmd.TemplateLine) {
		if out == nil {
			out = map[*sfmd.TemplateLine]bool{}
		}
		out[l] = true
	}, nil)
	return out
}
