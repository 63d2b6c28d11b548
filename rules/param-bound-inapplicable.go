package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamBoundInapplicable reports min:/max: on boolean parameters.
var ParamBoundInapplicable = &lint.Analyzer{
	Name:     "param-bound-inapplicable",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "min:/max: bound on a boolean parameter",
		Why:   "`min:N` and `max:N` bound a number's value or a string's length; a boolean has neither, so the bound means nothing",
		Bad:   "```act.list\nGET https://api.example.com/items\n  verbose: boolean (max:3) \"Verbose output\"\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  verbose: boolean (optional) \"Verbose output\"\n```\n",

		Severity: "spec.md §2.8: the bound means nothing on a boolean (the reference runtime drops the line for the parenthesis itself: param-constraint-compat)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, boundInapplicableGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			for _, c := range p.Constraints {
				if c.Kind == sfmd.ConstraintMin || c.Kind == sfmd.ConstraintMax {
					report(diag(c.Span, "%q does not apply to boolean parameter %q; remove it", c.Text, p.Name))
				}
			}
		})
		return nil, nil
	},
}

// boundInapplicableGate is the test param-bound-inapplicable makes first of a parameter (see paramGate).
var boundInapplicableGate = newParamGate(true, boundInapplicableTest)

// boundInapplicableTest is boundInapplicableGate's test of a parameter.
func boundInapplicableTest(doc *sfmd.Document, p *sfmd.Param) bool {
	return p.Type == sfmd.BooleanType && constraintClosed(doc, p)
}
