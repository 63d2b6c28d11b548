package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
)

// AssignShadowsParam reports session variables named like a parameter of
// the same action.
var AssignShadowsParam = &lint.Analyzer{
	Name:     "assign-shadows-param",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "assignment to a session variable named like a parameter",
		Why:   "in output lines the reference runtime fills `{name}` from the caller's fields before session variables (the docs say the opposite), so the assigned value is invisible in this action's output and the result depends on the runtime",
		Bad:   "```act.weather\nGET https://api.example.com/weather?q={city}\n  city: string (required) \"city\"\n```\n\n```act.weather.response\n{city} = {Response.body.city}\nWeather in {city}\n```\n",
		Good:  "```act.weather\nGET https://api.example.com/weather?q={city}\n  city: string (required) \"city\"\n```\n\n```act.weather.response\n{resolved_city} = {Response.body.city}\nWeather in {resolved_city}\n```\n",

		Severity: "helpers.ts executeResponseTemplate (fields before session variables): the assignment works, but this action's output shows the caller's value instead",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		syms.eachAssignLHS(pass.Doc, func(f assignFacts, _ rhsForm) bool { return f&factSession != 0 }, func(k, i int, lhs string) {
			if !syms.isParamOf(pass.Doc, k, lhs) {
				return
			}
			r := pass.Doc.Responses[k]
			l := r.Lines[i]
			pass.Reportf(l.LHSSpan, "session variable %s has the name of a parameter of %q; {%s} in this action's output shows the caller's value, not the assigned one; rename the variable, e.g. {resolved_%s}", l.LHSRaw, "act."+r.ActionID, l.LHS, l.LHS)
		})
		return nil, nil
	},
}
