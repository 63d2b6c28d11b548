package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// AssignLHSInvalid reports assignments whose left side is not a valid
// session variable name.
var AssignLHSInvalid = &lint.Analyzer{
	Name:     "assign-lhs-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Doc: lint.Doc{
		Title: "assignment target is not a valid session variable name",
		Why:   "the left side of a response-template assignment MUST be a session variable `{name}` with a name matching [a-z][a-z0-9_]*",
		Bad:   "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{City} = {Response.body.city}\n```\n",
		Good:  "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city} = {Response.body.city}\n```\n",

		Severity: "helpers.ts executeResponseTemplate (assignment pattern): the line is not the assignment the spec defines, so the variable is not the one written",
	},
	Run: func(pass *lint.Pass) (any, error) {
		symbols(pass).eachLine(pass.Doc, func(_ int, _ *sfmd.Response, _ int, l *sfmd.TemplateLine) {
			if isDollar(l.LHSRaw) || sessionVarShape.Matches(l.LHS) {
				return
			}
			pass.Reportf(l.LHSSpan, "assignment target %q is not a valid session variable name ([a-z][a-z0-9_]*)%s", l.LHSRaw, renameHint(snakeCase(l.LHS), sessionChars))
		}, sfmd.LineAssign)
		return nil, nil
	},
}
