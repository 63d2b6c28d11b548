package rules

import (
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// site says where a variable reference was found.
type site int

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

// use is one variable reference with its context.
type use struct {
	Ref      *sfmd.VarRef
	Site     site
	Action   *sfmd.Action       // owning action (definition sites; the action of a response when it exists)
	Response *sfmd.Response     // response sites
	Line     *sfmd.TemplateLine // response sites
	Hint     *sfmd.Hint         // hint sites
}

// symbolTable is the per-document symbol table shared by the rules: actions,
// parameters, assigned session variables, env declarations and every
// variable reference with its context.
type symbolTable struct {
	Actions   map[string][]*sfmd.Action // by ID, in source order
	ActionIDs []string                  // sorted, unique
	Responses map[string][]*sfmd.Response
	// Assigned maps the session variables assigned by any response
	// template of the document to the spans of their left-hand sides.
	Assigned map[string][]sfmd.Span
	Env      map[string]*sfmd.EnvEntry // first entry per name
	EnvNames []string                  // sorted, unique
	// Uses lists every {…} and $… reference found in action definitions,
	// response templates, hints and prose, in source order per kind of
	// site. References in response lines and hints are rescanned from the
	// text so that $VAR in save:/decode:/for: arguments is seen too.
	Uses []use

	// defUses memoizes definitionUses (read-only once built).
	defUses     []use
	defUsesDone bool
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
	s := &symbolTable{
		Actions:   make(map[string][]*sfmd.Action, len(doc.Actions)),
		Responses: make(map[string][]*sfmd.Response, len(doc.Responses)),
		Assigned:  map[string][]sfmd.Span{},
		Env:       map[string]*sfmd.EnvEntry{},
		Uses:      make([]use, 0, maxUses(doc)),
	}
	for _, a := range doc.Actions {
		if _, ok := s.Actions[a.ID]; !ok {
			s.ActionIDs = append(s.ActionIDs, a.ID)
		}
		s.Actions[a.ID] = append(s.Actions[a.ID], a)
		s.addDefinitionUses(a)
	}
	sort.Strings(s.ActionIDs)
	if fm := doc.Frontmatter; fm != nil {
		for i, e := range fm.Env {
			if e.Name == "" || misplacedDefault(fm.Env, i) {
				continue
			}
			if _, ok := s.Env[e.Name]; !ok {
				s.Env[e.Name] = e
				s.EnvNames = append(s.EnvNames, e.Name)
			}
		}
	}
	sort.Strings(s.EnvNames)
	for _, r := range doc.Responses {
		s.Responses[r.ActionID] = append(s.Responses[r.ActionID], r)
		var owner *sfmd.Action
		if as := s.Actions[r.ActionID]; len(as) > 0 {
			owner = as[0]
		}
		for _, l := range r.Lines {
			if l.Kind == sfmd.LineAssign && l.LHS != "" && !isDollar(l.LHSRaw) {
				s.Assigned[l.LHS] = append(s.Assigned[l.LHS], l.LHSSpan)
			}
			for _, ref := range lineRefs(doc, l) {
				s.Uses = append(s.Uses, use{Ref: ref, Site: siteResponse, Action: owner, Response: r, Line: l})
			}
		}
	}
	for _, h := range doc.Hints {
		for _, ref := range doc.DollarRefs(h.Text, h.Span) {
			s.Uses = append(s.Uses, use{Ref: ref, Site: siteHint, Hint: h})
		}
	}
	for _, ref := range doc.ProseVars {
		s.Uses = append(s.Uses, use{Ref: ref, Site: siteProse})
	}
	// The parser does not look inside link destinations; a $VAR in a
	// shortcut or link URL is prose too (spec.md §2.12 rule 178).
	for _, ref := range doc.DestinationDollarRefs() {
		s.Uses = append(s.Uses, use{Ref: ref, Site: siteProse})
	}
	return s
}

// maxUses bounds the number of Uses buildSymbols collects (every
// parser reference, every '$' of the rescanned texts), so that the slice
// is allocated once.
func maxUses(doc *sfmd.Document) int {
	refs := func(t *sfmd.Template) int {
		if t == nil {
			return 0
		}
		return len(t.Refs)
	}
	n := len(doc.ProseVars)
	for _, a := range doc.Actions {
		for t := range a.Templates() {
			n += len(t.Refs)
		}
		for _, p := range a.Params {
			n += len(p.DefaultRefs)
		}
	}
	for _, r := range doc.Responses {
		for _, l := range r.Lines {
			n += refs(l.Template) + refs(l.RHS) + strings.Count(l.Line.Text, "$")
		}
	}
	for _, h := range doc.Hints {
		n += strings.Count(h.Text, "$")
	}
	for _, sc := range doc.Shortcuts {
		n += strings.Count(sc.URL, "$")
	}
	for _, l := range doc.Links {
		n += strings.Count(l.Dest, "$")
	}
	return n
}

func isDollar(raw string) bool { return len(raw) > 0 && raw[0] == '$' }

func (s *symbolTable) addDefinitionUses(a *sfmd.Action) {
	add := func(t *sfmd.Template, st site) {
		if t == nil {
			return
		}
		for _, ref := range t.Refs {
			s.Uses = append(s.Uses, use{Ref: ref, Site: st, Action: a})
		}
	}
	add(a.Target, siteTarget)
	if !a.IsCLI() { // a CLI command's -H text is part of its Target already
		for _, h := range a.Headers {
			add(h.Value, siteHeader)
		}
	}
	if a.InlineBody != nil {
		add(a.InlineBody.Template, siteInlineBody)
	}
	for _, b := range a.Bodies {
		add(b.Template, siteBody)
	}
	for _, p := range a.Params {
		for _, ref := range p.DefaultRefs {
			s.Uses = append(s.Uses, use{Ref: ref, Site: siteParamDefault, Action: a})
		}
	}
}

// lineRefs returns the references of a response template line: the
// parser's {…} references plus every $NAME in the line text (the parser
// does not attach references to save:/decode:/for: arguments).
func lineRefs(doc *sfmd.Document, l *sfmd.TemplateLine) []*sfmd.VarRef {
	var refs []*sfmd.VarRef
	t := l.Template
	if l.Kind == sfmd.LineAssign && l.RHS != nil {
		t = l.RHS
	}
	if t != nil {
		for _, r := range t.Refs {
			if r.Kind != sfmd.RefPersistent {
				refs = append(refs, r)
			}
		}
	}
	refs = append(refs, doc.LineDollarRefs(l)...)
	return refs
}

// symbols returns the symbolTable result of a pass that requires
// symbolsAnalyzer.
func symbols(pass *lint.Pass) *symbolTable {
	if s, ok := pass.ResultOf[symbolsAnalyzer].(*symbolTable); ok {
		return s
	}
	return buildSymbols(pass.Doc)
}
