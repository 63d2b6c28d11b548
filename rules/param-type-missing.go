package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamTypeMissing reports parameter lines without a type.
var ParamTypeMissing = &lint.Analyzer{
	Name:     "param-type-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter has no type",
		Why:   "every parameter needs a type after the colon (string, number, boolean or path); the runtime drops a line without one",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the runtime drops the whole parameter line, so the field does not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, typeMissingGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if bareHead(p) && strings.EqualFold(p.Name, "headers") {
				report(diag(p.Span, "a %q section is not SFMD and the runtime reads no headers from it; put each header on the first line as -H \"Name: value\"", p.Name+":"))
				return
			}
			report(diag(p.NameSpan, "parameter %q has no type; write %q (or number, boolean, path) after the colon", p.Name, p.Name+": string"))
		})
		return nil, nil
	},
}

// typeMissingGate is the test param-type-missing makes first of a parameter (see paramGate).
var typeMissingGate = newParamGate(true, typeMissingTest)

// typeMissingTest is typeMissingGate's test of a parameter.
func typeMissingTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.Type == "" && p.Name != ""
}
