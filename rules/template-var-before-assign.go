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
		// the first assignment of each name outside a loop, and the names
		// reported, of the template at hand (one map each, cleared for the
		// next template)
		first, reported := map[string]int{}, map[string]bool{}
		check := func(k int) {
			if len(first) == 0 {
				return
			}
			r := doc.Responses[k]
			clear(reported)
			last := 0 // the last line of first: a use after it is after the assignment of its name
			for _, i := range first {
				last = max(last, i)
			}
			syms.templateUses(doc, k, func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) {
				if symFast && i >= last {
					return // i >= first[ref.Name] (TestSymFast)
				}
				n := ref.Name
				at, ok := first[n]
				if !ok || i >= at || reported[n] || syms.isParamOf(doc, k, n) || inScopeLoopVar(r, l, n) {
					return
				}
				reported[n] = true
				pass.Reportf(ref.Span, "%s is used on line %d but assigned on line %d of this template, so it shows the previous value; move the assignment above its first use", ref.Raw, ref.Span.Start.Line, r.Lines[at].LHSSpan.Start.Line)
			})
			clear(first)
		}
		at := -1 // the template of first
		syms.eachAssignLHS(doc, func(f assignFacts, _ rhsForm) bool { return f&(factSession|factLoop) == factSession }, func(k, i int, lhs string) {
			if k != at {
				check(at)
				at = k
			}
			if _, ok := first[lhs]; !ok {
				first[lhs] = i
			}
		})
		check(at)
		return nil, nil
	},
}
