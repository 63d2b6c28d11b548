package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamNameReserved reports a parameter named help.
var ParamNameReserved = &lint.Analyzer{
	Name:     "param-name-reserved",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter name is reserved for help",
		Why:   "the runtime treats `--help` anywhere in the arguments as a request for the action's help, so a field named `help` can never be set",
		Bad:   "```act.search\nGET https://api.example.com/search\n  help: boolean \"Show tips\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  show_help: boolean \"Show tips\"\n```\n",

		Severity: "helpers.ts parsePosixFlags: `--help` always means help, so the field can never be set",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, nameReservedGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			want := "show_help"
			if a.Param(want) != nil {
				want = "help_topic"
			}
			report(diag(p.NameSpan, "parameter %q can never be set: --help always shows the action's help; rename it to %q", p.Name, want))
		})
		return nil, nil
	},
}

// nameReservedGate is the test param-name-reserved makes first of a parameter (see paramGate).
var nameReservedGate = newParamGate(true, nameReservedTest)

// nameReservedTest is nameReservedGate's test of a parameter.
func nameReservedTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.Name == sfmd.ReservedParamName
}
