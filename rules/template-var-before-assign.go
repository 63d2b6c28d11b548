package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TemplateVarBeforeAssign reports uses of a session variable above the
// line of the same template that assigns it.
var TemplateVarBeforeAssign = &lint.Analyzer{
	Name:     "template-var-before-assign",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "variable used before the line that assigns it",
		Why:   "template lines run top to bottom; a `{city}` above `{city} = …` shows the previous value (or the literal text), not the new one",
		Bad:   "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n## {city}\n{city} = {Response.body.city}\n```\n",
		Good:  "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city} = {Response.body.city}\n## {city}\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the template runs, but the line shows the previous value (or the literal text), not the new one",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		doc := pass.Doc
		// the first assignment of each name outside a loop of the
		// template at hand, and whether its name was reported
		var first firstAssigns
		check := func(k int) {
			if len(first.list) == 0 {
				return
			}
			r := doc.Responses[k]
			last := first.last // the last line of first: a use after it is after the assignment of its name
			syms.templateUses(doc, k, func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) {
				if symFast && i >= last {
					return // i >= the first assignment of ref.Name (TestSymFast)
				}
				n := ref.Name
				j := first.find(n)
				if j < 0 {
					return
				}
				fa := &first.list[j]
				if i >= fa.line || fa.reported || syms.isParamOf(doc, k, n) || inScopeLoopVar(r, l, n) {
					return
				}
				fa.reported = true
				pass.Reportf(ref.Span, "%s is used on line %d but assigned on line %d of this template, so it shows the previous value; move the assignment above its first use", ref.Raw, ref.Span.Start.Line, r.Lines[fa.line].LHSSpan.Start.Line)
			})
			first.reset()
		}
		at := -1 // the template of first
		syms.eachAssignLHS(doc, func(f assignFacts, _ rhsForm) bool { return f&(factSession|factLoop) == factSession }, func(k, i int, lhs string) {
			if k != at {
				check(at)
				at = k
			}
			if first.find(lhs) < 0 {
				first.add(lhs, i)
			}
		})
		check(at)
		return nil, nil
	},
}

// firstAssigns are the first assignment lines of the names a template
// assigns, in a list searched in order up to firstAssignsListed names
// and through a map of them past that: a template assigns a few (the
// generated 10 MB document's 17,100 templates, 22,936 assignments), for
// which two maps a template (made, hashed, ranged over and cleared)
// cost more than the search (TestFirstAssigns holds it to a map).
type firstAssigns struct {
	list  []firstAssign
	index map[string]int // the place in list of each name, past firstAssignsListed names
	last  int            // the last line of list
}

// firstAssign is a name's first assignment line and whether a use of
// the name above it was reported.
type firstAssign struct {
	name     string
	line     int
	reported bool
}

// firstAssignsListed is the number of names firstAssigns searches in
// its list.
const firstAssignsListed = 16

// find is the place in f.list of name, or -1.
func (f *firstAssigns) find(name string) int {
	if f.index != nil {
		if j, ok := f.index[name]; ok {
			return j
		}
		return -1
	}
	for j := range f.list {
		if f.list[j].name == name {
			return j
		}
	}
	return -1
}

// add notes line as name's first assignment (name is not in f).
func (f *firstAssigns) add(name string, line int) {
	f.list = append(f.list, firstAssign{name: name, line: line})
	f.last = max(f.last, line)
	switch {
	case f.index != nil:
		f.index[name] = len(f.list) - 1
	case len(f.list) > firstAssignsListed:
		f.index = make(map[string]int, 2*len(f.list))
		for j := range f.list {
			f.index[f.list[j].name] = j
		}
	}
}

// reset empties f for the next template.
func (f *firstAssigns) reset() {
	f.list, f.index, f.last = f.list[:0], nil, 0
}
