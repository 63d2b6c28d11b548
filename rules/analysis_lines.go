package rules

import (
	"slices"
	"sort"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// The assignments, value shortcuts and for: lines of a document's
// response templates, for the rules that read only those: each walks this
// list, not every line of every template (a 10 MB document has 70,000
// lines, each a pointer to follow).

// lineAt is a line of a response template, doc.Responses[k].Lines[i],
// its kind and, for an assignment, what the assignment rules first ask
// of it.
type lineAt struct {
	k, i  int32
	kind  uint8 // sfmd.LineKind
	facts assignFacts
	form  uint8  // rhsForm of an assignment: classifyRHS(l.RHS)
	lhs   string // l.LHS of an assignment
}

// assignFacts are facts of an assignment line.
type assignFacts uint8

const (
	factSession assignFacts = 1 << iota // isSessionAssign(l)
	factStrict                          // l.StrictAssign
	factLoop                            // l.Loop >= 0
	factAssigns                         // l.AssignsSessionVar()
)

// factsOf are the facts of the assignment l, and its right side's form.
func factsOf(l *sfmd.TemplateLine) (assignFacts, rhsForm) {
	var f assignFacts
	if l.AssignsSessionVar() {
		f |= factAssigns
	}
	if isSessionAssign(l) {
		f |= factSession
	}
	if l.StrictAssign {
		f |= factStrict
	}
	if l.Loop >= 0 {
		f |= factLoop
	}
	return f, classifyRHS(l.RHS)
}

// indexedKind reports whether indexLines lists the lines of kind.
func indexedKind(kind sfmd.LineKind) bool {
	return kind == sfmd.LineAssign || kind == sfmd.LineValueShortcut || kind == sfmd.LineFor
}

// indexLines lists the lines of responses of the indexed kinds, in source
// order, in one allocation (of the number of lines: no regrowth), and
// the kinds of line each response has (kindsOf).
func indexLines(responses []*sfmd.Response) ([]lineAt, []uint16) {
	n := 0
	for _, r := range responses {
		n += len(r.Lines)
	}
	if n == 0 {
		return nil, nil
	}
	out := make([]lineAt, 0, n)
	kinds := make([]uint16, len(responses))
	for k, r := range responses {
		for i, l := range r.Lines {
			kinds[k] |= kindBit(l.Kind)
			if !indexedKind(l.Kind) {
				continue
			}
			at := lineAt{k: int32(k), i: int32(i), kind: uint8(l.Kind)}
			if l.Kind == sfmd.LineAssign {
				f, form := factsOf(l)
				at.facts, at.form, at.lhs = f, uint8(form), l.LHS
			}
			out = append(out, at)
		}
	}
	return out, kinds
}

// kindBit is the bit of kind in a set of kinds (kindsOf), the last bit
// for any kind past the fifteenth (there are nine).
func kindBit(kind sfmd.LineKind) uint16 { return 1 << min(uint(kind), 15) }

// hasLines reports whether doc.Responses[k] has a line of kind: a rule
// that reads only lines of some kinds passes over the templates without
// one instead of reading each line's kind (the generated 10 MB document
// has 68,196 template lines). Without symFast it is always true
// (TestSymFast, TestHasLines). kinds is nil when no template has a line.
func (s *symbolTable) hasLines(k int, kind sfmd.LineKind) bool {
	return !symFast || k < len(s.kinds) && s.kinds[k]&kindBit(kind) != 0
}

// eachLine calls f with each line of the kinds (sfmd.LineAssign,
// sfmd.LineValueShortcut, sfmd.LineFor) of the document's response
// templates, in source order: l is doc.Responses[k].Lines[i]. Without
// symFast it walks every line (TestSymFast holds the list to that walk).
func (s *symbolTable) eachLine(doc *sfmd.Document, f func(k int, r *sfmd.Response, i int, l *sfmd.TemplateLine), kinds ...sfmd.LineKind) {
	for _, kind := range kinds {
		if !indexedKind(kind) {
			panic("eachLine: no list of lines of kind " + kind.String())
		}
	}
	if !symFast {
		for k, r := range doc.Responses {
			for i, l := range r.Lines {
				if slices.Contains(kinds, l.Kind) {
					f(k, r, i, l)
				}
			}
		}
		return
	}
	for _, at := range s.lines {
		if slices.Contains(kinds, sfmd.LineKind(at.kind)) {
			r := doc.Responses[at.k]
			f(int(at.k), r, int(at.i), r.Lines[at.i])
		}
	}
}

// linesOf is the part of the indexed lines that are doc.Responses[k]'s.
func (s *symbolTable) linesOf(k int) []lineAt {
	from := sort.Search(len(s.lines), func(j int) bool { return int(s.lines[j].k) >= k })
	to := from
	for to < len(s.lines) && int(s.lines[to].k) == k {
		to++
	}
	return s.lines[from:to]
}

// loopVars is templateLoopVars(doc.Responses[k]) appended to buf[:0],
// read from the template's for: lines in the list.
func (s *symbolTable) loopVars(doc *sfmd.Document, k int, buf []string) []string {
	if !symFast {
		return append(buf[:0], templateLoopVars(doc.Responses[k])...)
	}
	out := buf[:0]
	if !s.hasLines(k, sfmd.LineFor) {
		return out // no for: line: no search of the list
	}
	lines := doc.Responses[k].Lines
	for _, at := range s.linesOf(k) {
		if l := lines[at.i]; at.kind == uint8(sfmd.LineFor) && l.ForValid && !hasString(out, l.ItemVar) {
			out = append(out, l.ItemVar)
		}
	}
	return out
}

// eachAssign calls f with the assignment lines of the document's response
// templates, in source order, whose facts and right side's form want
// accepts: want only spares f the lines it would pass over (f asks all
// it needs of the line itself). Without symFast f gets every assignment
// line (TestSymFast holds the facts and want to f's own tests).
func (s *symbolTable) eachAssign(doc *sfmd.Document, want func(assignFacts, rhsForm) bool, f func(k int, r *sfmd.Response, i int, l *sfmd.TemplateLine)) {
	if !symFast {
		s.eachLine(doc, f, sfmd.LineAssign)
		return
	}
	for _, at := range s.lines {
		if at.kind == uint8(sfmd.LineAssign) && want(at.facts, rhsForm(at.form)) {
			r := doc.Responses[at.k]
			f(int(at.k), r, int(at.i), r.Lines[at.i])
		}
	}
}

// eachAssignLHS calls f with the left side (l.LHS) of each assignment
// line of the document's response templates whose facts and right
// side's form want accepts, in source order: l is doc.Responses[k].Lines[i],
// which f opens only when it needs more (the list holds the left side:
// the lines are 312-byte nodes). Without symFast it reads the facts and
// the left side of every assignment line again (TestSymFast,
// TestEachAssignLHS).
func (s *symbolTable) eachAssignLHS(doc *sfmd.Document, want func(assignFacts, rhsForm) bool, f func(k, i int, lhs string)) {
	if !symFast {
		for k, r := range doc.Responses {
			for i, l := range r.Lines {
				if l.Kind != sfmd.LineAssign {
					continue
				}
				if facts, form := factsOf(l); want(facts, form) {
					f(k, i, l.LHS)
				}
			}
		}
		return
	}
	for j := range s.lines {
		if at := &s.lines[j]; at.kind == uint8(sfmd.LineAssign) && want(at.facts, rhsForm(at.form)) {
			f(int(at.k), int(at.i), at.lhs)
		}
	}
}

// isParamOf reports whether name is a parameter of any action with the
// ID of doc.Responses[k] (responseParam), from templateParams.
func (s *symbolTable) isParamOf(doc *sfmd.Document, k int, name string) bool {
	if !symFast {
		return responseParam(s, doc.Responses[k], name)
	}
	return hasString(s.templateParams(doc, k), name)
}

// templateParams returns the parameter names of the actions with the ID of
// doc.Responses[k], each once, in the order they are first declared (an
// empty name too: Action.Param finds it), gathered at the first question
// about the template. Read-only.
func (s *symbolTable) templateParams(doc *sfmd.Document, k int) []string {
	if s.paramAt == nil {
		s.paramNames = make([]string, 0, 4*len(doc.Responses)) // about the names of all templates: few regrowths
		s.paramAt = make([][2]int32, len(doc.Responses))
		for i := range s.paramAt {
			s.paramAt[i][0] = -1
		}
		if symFast {
			s.soleAct = s.soleActions(doc)
		}
	}
	at := &s.paramAt[k]
	if at[0] < 0 {
		at[0] = int32(len(s.paramNames))
		for _, a := range s.templateActions(doc, k) {
			for _, p := range a.Params {
				if !hasString(s.paramNames[at[0]:], p.Name) {
					s.paramNames = append(s.paramNames, p.Name)
				}
			}
		}
		at[1] = int32(len(s.paramNames))
	}
	return s.paramNames[at[0]:at[1]:at[1]]
}

// templateActions is s.Actions[doc.Responses[k].ActionID], the actions
// with the template's ID: the action soleActions found for it, when it
// found one, without a look-up in the map (TestTemplateActions).
func (s *symbolTable) templateActions(doc *sfmd.Document, k int) []*sfmd.Action {
	if k < len(s.soleAct) {
		if j := s.soleAct[k]; j >= 0 {
			return doc.Actions[j : j+1 : j+1]
		}
	}
	return s.Actions[doc.Responses[k].ActionID]
}

// soleActions gives for each response template of doc the index in
// doc.Actions of the last action that starts before it, when that
// action has the template's ID and no other action has it (then
// s.Actions holds it alone for the ID), or -1: one walk of both lists
// in source order, which finds the action a template follows, instead
// of a look-up of the template's ID in the map of 17,100 IDs of the
// generated 10 MB document (whose templates each follow their action).
// Reading dupIDs hashes nothing when no ID has two actions.
func (s *symbolTable) soleActions(doc *sfmd.Document) []int32 {
	out := make([]int32, len(doc.Responses))
	acts := doc.Actions
	j := 0
	for k, r := range doc.Responses {
		out[k] = -1
		for j < len(acts) && acts[j].Span.Start.Offset < r.Span.Start.Offset {
			j++
		}
		if j == 0 {
			continue
		}
		if a := acts[j-1]; a.ID == r.ActionID {
			if _, dup := s.dupIDs[a.ID]; !dup {
				out[k] = int32(j - 1)
			}
		}
	}
	return out
}

// eachTemplateRef calls f with each reference of the document's
// response templates (lineRefsOf of each line) whose kind want accepts,
// in source order (want never accepts sfmd.RefPersistent: the uses
// hold a line's $NAME as Document.LineDollarRefs reads it, not as the
// parser's reference), with its template, the template's owner
// (responseOwner) and its line: from the uses at response sites (the
// parser's references of each line, sfmd.Document.Placeholders, whose
// Action is the owner), whose kind the list holds, so that no other line
// or reference is opened. Without symFast it walks every line
// (TestEachTemplateRef, TestSymFast).
func (s *symbolTable) eachTemplateRef(doc *sfmd.Document, want func(sfmd.RefKind) bool, f func(r *sfmd.Response, a *sfmd.Action, l *sfmd.TemplateLine, ref *sfmd.VarRef)) {
	if want(sfmd.RefPersistent) {
		panic("eachTemplateRef: $NAME references are not listed as the parser's")
	}
	if !symFast {
		for _, r := range doc.Responses {
			a := responseOwner(s, r)
			for _, l := range r.Lines {
				for _, ref := range lineRefsOf(l) {
					if want(ref.Kind) {
						f(r, a, l, ref)
					}
				}
			}
		}
		return
	}
	uses := s.usesAt(siteResponse, siteResponse)
	for i := range uses {
		if u := &uses[i]; u.Site == siteResponse && !u.Rescan && want(u.Kind()) {
			f(u.Response, u.Action, u.tline(), u.Ref)
		}
	}
}

// isResponseRef reports whether k is sfmd.RefResponse.
func isResponseRef(k sfmd.RefKind) bool { return k == sfmd.RefResponse }
