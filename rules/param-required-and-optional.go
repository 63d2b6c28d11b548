package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamRequiredAndOptional reports (required, optional).
var ParamRequiredAndOptional = &lint.Analyzer{
	Name:     "param-required-and-optional",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter is both required and optional",
		Why:   "a parameter is either required or optional; with both the intent is unclear and runtimes disagree on which wins",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required, optional) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the runtime drops the whole parameter line, and the intent is unclear",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, requiredAndOptionalGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			report(diag(p.ConstraintSpan, "parameter %q is marked both required and optional, so the runtime drops the whole line; keep one of them", p.Name))
		})
		return nil, nil
	},
}

// requiredAndOptionalGate is the test param-required-and-optional makes first of a parameter (see paramGate).
var requiredAndOptionalGate = newParamGate(true, requiredAndOptionalTest)

// requiredAndOptionalTest is requiredAndOptionalGate's test of a parameter.
func requiredAndOptionalTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.Required && p.Optional
}
