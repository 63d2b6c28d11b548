package rules

import (
	"sort"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// site says where a variable reference was found.
type site uint8

const (
	siteTarget       site = iota // URL or CLI command on the first line
	siteHeader                   // -H "Name: value" value
	siteInlineBody               // -d '…'
	siteBody                     // body: template
	siteParamDefault             // = "default" of a parameter
	siteResponse                 // a response template line
	siteHint                     // an invocation hint (command arguments)
	siteProse                    // prose outside action blocks
)

// inDefinition reports whether the site belongs to an action definition,
// where $VAR is substituted.
func (s site) inDefinition() bool { return s <= siteParamDefault }

// use is one variable reference with its context: the document's
// placeholder (Ref; Action: the owning action at definition sites and of
// a response when it exists; Response and Line at response sites; Hint at
// hint sites), its site, the kind of its reference and the source's
// bytes around it, which the rules that walk the uses ask of each first:
// read from the list (in the room the site leaves), not from the
// reference, a 184-byte node each, and the source (TestUseKinds holds
// them to Ref.Kind and the source).
type use struct {
	*sfmd.Placeholder
	Site site
	kind uint8 // Ref.Kind
	// prev and next are the source's bytes just before and just after
	// the reference (doc.Src[Ref.Span.Start.Offset-1] and
	// doc.Src[Ref.Span.End.Offset]), 0 past either end of the source
	// (followsDollar, placeholder-double-braces)
	prev, next byte
}

// Kind is u.Ref.Kind.
func (u *use) Kind() sfmd.RefKind { return sfmd.RefKind(u.kind) }

// tline is the response template line of a use at a response site.
func (u use) tline() *sfmd.TemplateLine { return u.Response.Lines[u.Line] }

// symbolTable is the per-document symbol table shared by the rules: actions,
// parameters, assigned session variables, env declarations and every
// variable reference with its context.
type symbolTable struct {
	Actions map[string][]*sfmd.Action // by ID, in source order
	// ids are the actions' IDs, each once, sorted at the first call of
	// actionIDs (idsSorted); resp maps each ID to its templates, in
	// source order, made at the first call of responses (respDone):
	// only a finding's did-you-mean or a second template reads them
	ids       []string
	idsSorted bool
	resp      map[string][]*sfmd.Response
	respDone  bool
	// Assigned maps the session variables assigned by any response
	// template of the document to the spans of their left-hand sides.
	Assigned map[string][]sfmd.Span
	Env      map[string]*sfmd.EnvEntry // first entry per name
	EnvNames []string                  // sorted, unique
	// Uses lists every {…} and $… reference found in action definitions,
	// response templates, hints and prose, in source order per kind of
	// site: the document's placeholders (sfmd.Document.Placeholders, which
	// the index of names reads too), less a hint's {…}.
	Uses []use
	// siteRun[st] is the first use at site st in Uses and past its last
	// (usesAt)
	siteRun [siteProse + 1][2]int32

	// defUses memoizes definitionUses (read-only once built).
	defUses     []use
	defUsesDone bool
	// tmplUses memoizes templateUses for each response of the document
	// (symbolTable.templateUses): the uses of doc.Responses[k] are
	// tmplUses[tmplFrom[k]:tmplFrom[k+1]].
	tmplUses []tmplUse
	tmplFrom []int
	// lines lists the assignments, value shortcuts and for: lines of
	// the templates (symbolTable.eachLine).
	lines []lineAt
	// kinds[k] is the set of kinds of the lines of doc.Responses[k]
	// (kindBit of each; symbolTable.hasLines)
	kinds []uint16
	// paramNames[paramAt[k][0]:paramAt[k][1]] are the parameter names
	// of the actions of doc.Responses[k], each once (an empty name too:
	// Action.Param finds it), gathered at the first question about it
	// (symbolTable.templateParams); paramAt[k][0] is -1 before.
	paramNames []string
	paramAt    [][2]int32
	// dupIDs holds the IDs of more than one action (nil when none);
	// soleAct[k] is soleActions' answer for doc.Responses[k]
	// (symbolTable.templateActions), made with paramAt.
	dupIDs  map[string]struct{}
	soleAct []int32
	// dupResponses is whether an ID has more than one response template
	// (response-duplicate).
	dupResponses bool
	doc          *sfmd.Document // the document the table is of (responses)
	// tmplOf is ownTemplates' answer (nil when it does not hold)
	tmplOf []int32
}

// actionIDs are the IDs of the document's actions, each once, sorted
// (read-only).
func (s *symbolTable) actionIDs() []string {
	if !s.idsSorted {
		sort.Strings(s.ids)
		s.idsSorted = true
	}
	return s.ids
}

// responses maps each ID to the response templates with it, in source
// order (read-only; nil when the document has none), and sets
// dupResponses.
func (s *symbolTable) responses() map[string][]*sfmd.Response {
	if s.respDone {
		return s.resp
	}
	s.respDone = true
	doc := s.doc
	if len(doc.Responses) > 0 {
		s.resp = make(map[string][]*sfmd.Response, len(doc.Responses))
	}
	for i, r := range doc.Responses {
		if rs, ok := s.resp[r.ActionID]; ok {
			s.resp[r.ActionID] = append(rs, r)
			s.dupResponses = true
		} else {
			s.resp[r.ActionID] = doc.Responses[i : i+1 : i+1] // as the actions'
		}
	}
	return s.resp
}

// responsesIfAny is s.responses(), or nil for a nil table.
func (s *symbolTable) responsesIfAny() map[string][]*sfmd.Response {
	if s == nil {
		return nil
	}
	return s.responses()
}

// templatesOf are the response templates with the ID of doc.Actions[i]
// (a), in source order: by ownTemplates' list when it holds, else
// responses' map (TestSymbolsResponsesGroupInOrder holds the two alike).
func (s *symbolTable) templatesOf(i int, a *sfmd.Action) []*sfmd.Response {
	if s.tmplOf == nil {
		return s.responses()[a.ID]
	}
	if k := s.tmplOf[i]; k >= 0 {
		return s.doc.Responses[k : k+1 : k+1]
	}
	return nil
}

// ownTemplates gives, when no two actions share an ID (dupIDs, nil
// when none do) and each response template has the ID of the last
// action starting before it, a different action for each, the index in
// doc.Responses of each action's template or -1: then no two templates
// share an ID either, and buildSymbols knows it, and the rules find an
// action's template, without a map of the templates' IDs (17,100 in the
// generated 10 MB document, whose templates each follow their action).
// It returns nil otherwise, and for a document without templates.
// TestSymbolsResponsesGroupInOrder holds it to a map of the IDs.
func ownTemplates(doc *sfmd.Document, dupIDs map[string]struct{}) []int32 {
	if dupIDs != nil || len(doc.Responses) == 0 {
		return nil // without templates, responses makes no map either
	}
	acts := doc.Actions
	out := make([]int32, len(acts))
	for i := range out {
		out[i] = -1
	}
	j := 0 // one past the last action starting before the template
	for k, r := range doc.Responses {
		for j < len(acts) && acts[j].Span.Start.Offset < r.Span.Start.Offset {
			j++
		}
		if j == 0 || out[j-1] >= 0 || acts[j-1].ID != r.ActionID {
			return nil
		}
		out[j-1] = int32(k)
	}
	return out
}

// contextVars are the runtime's built-in, read-only $ variables (the
// language's list, sfmd.ContextVarNames).
var contextVars = sfmd.ContextVarNames

func isContextVar(name string) bool { return sfmd.IsContextVarName(name) }

// symbolsAnalyzer computes the symbolTable of a document.
var symbolsAnalyzer = &lint.Analyzer{
	Name:   "symbols",
	Shared: true,
	Doc: lint.Doc{
		Title: "symbol table of a document",
		Why:   "shared analysis: actions, parameters, session variables, env declarations and variable references computed once per document",
	},
	Run: func(pass *lint.Pass) (any, error) { return buildSymbols(pass.Doc), nil },
}

func buildSymbols(doc *sfmd.Document) *symbolTable {
	// a map is made only when it gets an entry (the rules only read
	// them, and reading a nil map finds nothing): most documents have no
	// env, many no response
	s := &symbolTable{ids: make([]string, 0, len(doc.Actions)), doc: doc}
	if len(doc.Actions) > 0 {
		s.Actions = make(map[string][]*sfmd.Action, len(doc.Actions))
	}
	// each id's first entry is a slice of doc.Actions (of capacity one:
	// a second entry of the id copies it), not an allocation of its own
	for i, a := range doc.Actions {
		if as, ok := s.Actions[a.ID]; ok {
			s.Actions[a.ID] = append(as, a)
			if s.dupIDs == nil {
				s.dupIDs = map[string]struct{}{}
			}
			s.dupIDs[a.ID] = struct{}{}
			continue
		}
		s.ids = append(s.ids, a.ID)
		s.Actions[a.ID] = doc.Actions[i : i+1 : i+1]
	}
	if fm := doc.Frontmatter; fm != nil {
		for i, e := range fm.Env {
			if e.Name == "" || misplacedDefault(fm.Env, i) {
				continue
			}
			if _, ok := s.Env[e.Name]; !ok {
				if s.Env == nil {
					s.Env = make(map[string]*sfmd.EnvEntry, len(fm.Env))
				}
				s.Env[e.Name] = e
				s.EnvNames = append(s.EnvNames, e.Name)
			}
		}
	}
	sort.Strings(s.EnvNames)
	if s.tmplOf = ownTemplates(doc, s.dupIDs); s.tmplOf == nil {
		s.responses() // sets dupResponses
	}
	s.lines, s.kinds = indexLines(doc.Responses)
	s.Assigned = assignedSpans(doc.Responses, s.lines)
	s.Uses, s.siteRun = usesOf(doc.Src, doc.Placeholders())
	return s
}

// assignedSpans maps the session variables the response templates
// assign (lines, the indexed lines of responses: AssignsSessionVar is
// their factAssigns) to the spans of their left-hand sides, in source
// order (nil when none is). Each name's spans are a part of one array of
// all of them, of capacity its number of spans: a first walk numbers the
// names and counts their assignments, a second puts each span in its
// name's part. The map is made for the names, not the assignments, and
// no list grows: on the generated 10 MB document (22,936 assignments of
// 1,534 names) 5.6 MB and 6,647 allocations before (a map for 22,936
// entries, a list per name grown by append), 1.5 MB and 48 now
// (BenchmarkAssignedSpans; TestAssignedSpansParts).
func assignedSpans(responses []*sfmd.Response, lines []lineAt) map[string][]sfmd.Span {
	n := 0
	for _, at := range lines {
		if at.kind == uint8(sfmd.LineAssign) && at.facts&factAssigns != 0 {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	ids := map[string]int32{} // each name's number, in order of first assignment
	var names []string
	var count []int32         // the assignments of each name
	of := make([]int32, 0, n) // the name of each assignment
	for _, at := range lines {
		if at.kind != uint8(sfmd.LineAssign) || at.facts&factAssigns == 0 {
			continue
		}
		lhs := at.lhs // the line's LHS, kept by indexLines: the line is not opened
		id, ok := ids[lhs]
		if !ok {
			id = int32(len(names))
			ids[lhs] = id
			names = append(names, lhs)
			count = append(count, 0)
		}
		count[id]++
		of = append(of, id)
	}
	// next[id] is where the name's next span goes: its part starts at
	// the sum of the counts of the names before it
	next := make([]int32, len(names))
	at := int32(0)
	for id, c := range count {
		next[id] = at
		at += c
	}
	spans := make([]sfmd.Span, n)
	j := 0
	for _, at := range lines {
		if at.kind != uint8(sfmd.LineAssign) || at.facts&factAssigns == 0 {
			continue
		}
		id := of[j]
		j++
		spans[next[id]] = responses[at.k].Lines[at.i].LHSSpan
		next[id]++
	}
	out := make(map[string][]sfmd.Span, len(names))
	for id, name := range names {
		end := next[id] // past its last span, once all are placed
		out[name] = spans[end-count[id] : end : end]
	}
	return out
}

// siteOf is the rules' site of each place: a destination's $VAR is prose
// (spec.md §2.12 rule 178).
var siteOf = [...]site{
	sfmd.PlaceTarget: siteTarget, sfmd.PlaceHeader: siteHeader, sfmd.PlaceInlineBody: siteInlineBody,
	sfmd.PlaceBody: siteBody, sfmd.PlaceParamDefault: siteParamDefault, sfmd.PlaceResponse: siteResponse,
	sfmd.PlaceHint: siteHint, sfmd.PlaceProse: siteProse, sfmd.PlaceDestination: siteProse,
}

// usesOf are the uses of the document's placeholders (the list the index
// of names reads), less a hint's {…}: the rules read a hint's $NAME;
// and of each site, the place in them of its first use and past its last.
func usesOf(src []byte, places []sfmd.Placeholder) ([]use, [siteProse + 1][2]int32) {
	var runs [siteProse + 1][2]int32
	uses := make([]use, 0, len(places))
	for i := range places {
		p := &places[i]
		if p.Place == sfmd.PlaceHint && !p.Rescan {
			continue
		}
		st := siteOf[p.Place]
		if r := &runs[st]; r[1] == 0 {
			r[0], r[1] = int32(len(uses)), int32(len(uses))+1
		} else {
			r[1] = int32(len(uses)) + 1
		}
		u := use{Placeholder: p, Site: st, kind: uint8(p.Ref.Kind)}
		if s := p.Ref.Span.Start.Off(); s > 0 && s <= len(src) {
			u.prev = src[s-1]
		}
		if e := p.Ref.Span.End.Off(); e >= 0 && e < len(src) {
			u.next = src[e]
		}
		uses = append(uses, u)
	}
	return uses, runs
}

// usesAt is the part of s.Uses from the first use at a site from lo to
// hi to the last: every use at those sites lies there. Placeholders lists
// the definitions' places, then the response templates', the hints' and
// prose's, so the part holds uses at other sites only when lo to hi
// leaves one of them out; a walk of it keeps its test of the site
// (TestUsesAt). A rule that reads the uses of some sites walks their
// part instead of every use (the generated 1 MB document's 12,224 uses:
// 6,486 in definitions, 5,738 in response templates).
func (s *symbolTable) usesAt(lo, hi site) []use {
	from, to := int32(len(s.Uses)), int32(0)
	for st := lo; st <= hi; st++ {
		if r := s.siteRun[st]; r[1] > r[0] {
			from, to = min(from, r[0]), max(to, r[1])
		}
	}
	if from >= to {
		return nil
	}
	return s.Uses[from:to]
}

// symbols returns the symbolTable result of a pass that requires
// symbolsAnalyzer.
func symbols(pass *lint.Pass) *symbolTable {
	if s, ok := pass.ResultOf[symbolsAnalyzer].(*symbolTable); ok {
		return s
	}
	return buildSymbols(pass.Doc)
}
