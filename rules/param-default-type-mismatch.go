package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamDefaultTypeMismatch reports defaults that do not fit the type.
var ParamDefaultTypeMismatch = &lint.Analyzer{
	Name:     "param-default-type-mismatch",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter default does not fit its type",
		Why:   "the runtime does not convert values: a number field with default \"twenty\" or a boolean with \"yes\" sends exactly that text to the API or command",
		Bad:   "```act.list\nGET https://api.example.com/items\n  limit: number \"Max items\" = \"twenty\"\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  limit: number \"Max items\" = \"20\"\n```\n",

		Severity: "action.ts executeAction: the default is sent as written; the runtime does not convert it",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, defaultTypeMismatchGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			v := strings.TrimSpace(p.Default)
			switch p.Type {
			case "number":
				if !numberShape.Matches(v) {
					report(diag(p.DefaultSpan, "default %q of number parameter %q is not a number; use a number such as \"10\", or change the type to string", p.Default, p.Name))
				}
			case "boolean":
				if v != "true" && v != "false" {
					want := "false"
					switch strings.ToLower(v) {
					case "true", "yes", "on", "1", "y":
						want = "true"
					}
					report(diag(p.DefaultSpan, "default %q of boolean parameter %q is not \"true\" or \"false\"; did you mean %q?", p.Default, p.Name, want))
				}
			}
		})
		return nil, nil
	},
}

// defaultTypeMismatchGate is the test param-default-type-mismatch makes first of a parameter (see paramGate).
var defaultTypeMismatchGate = newParamGate(true, defaultTypeMismatchTest)

// defaultTypeMismatchTest is defaultTypeMismatchGate's test of a
// parameter: whether p has a default, not blank and not filled in at run
// time, that the rule checks against its type.
func defaultTypeMismatchTest(_ *sfmd.Document, p *sfmd.Param) bool {
	v := strings.TrimSpace(p.Default)
	return p.HasDefault && v != "" && !dynamicDefault(v) && p.DefaultSpan.IsValid() && p.DefaultSpan.Len() != 0
}
