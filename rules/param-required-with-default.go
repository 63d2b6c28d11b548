package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamRequiredWithDefault reports (required) parameters with a default.
var ParamRequiredWithDefault = &lint.Analyzer{
	Name:     "param-required-with-default",
	Severity: lint.Info,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "required parameter has a default",
		Why:   "a default is used when the caller omits the flag, which a required parameter forbids; either the parameter is optional or the default is dead",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\" = \"news\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (optional) \"Query\" = \"news\"\n```\n",

		Severity: "action.ts executeAction: works: the default fills the field, so `(required)` is dead",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, requiredWithDefaultGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			span := p.ConstraintSpan
			for _, c := range p.Constraints {
				if c.Kind == sfmd.ConstraintRequired {
					span = c.Span
				}
			}
			report(diag(span, "parameter %q is required but has a default, which only applies when the flag is omitted; make it (optional) or drop the default", p.Name))
		})
		return nil, nil
	},
}

// requiredWithDefaultGate is the test param-required-with-default makes first of a parameter (see paramGate).
var requiredWithDefaultGate = newParamGate(true, requiredWithDefaultTest)

// requiredWithDefaultTest is requiredWithDefaultGate's test of a parameter.
func requiredWithDefaultTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.Required && !p.Optional && p.HasDefault
}
