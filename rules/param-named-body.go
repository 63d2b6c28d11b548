package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamNamedBody reports a parameter called body.
var ParamNamedBody = &lint.Analyzer{
	Name:     "param-named-body",
	Severity: lint.Info,
	Profile:  lint.Style,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter is named body",
		Why:   "`body:` alone starts the body template; a parameter line `body: string …` differs from it only by what follows the colon, which is easy to misread and to break",
		Bad:   "```act.post\nPOST https://api.example.com/posts\n  body: string (required) \"Post text\"\n```\n",
		Good:  "```act.post\nPOST https://api.example.com/posts\n  content: string (required) \"Post text\"\n```\n",

		Severity: "parser.ts parseActionBlock: the runtime reads it as an ordinary field; only a human may confuse it with `body:`",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, namedBodyGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if a.IsCLI() {
				return // a CLI action has no body, so "body" names nothing else
			}
			want := "content"
			if a.Param(want) != nil {
				want = "body_text"
			}
			report(diag(p.NameSpan, "parameter %q is easily mistaken for the body: directive; rename it to %q", p.Name, want))
		})
		return nil, nil
	},
}

// namedBodyGate is the test param-named-body makes first of a parameter (see paramGate).
var namedBodyGate = newParamGate(true, namedBodyTest)

// namedBodyTest is namedBodyGate's test of a parameter.
func namedBodyTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.Name == "body"
}
