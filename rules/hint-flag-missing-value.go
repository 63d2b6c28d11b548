package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// HintFlagMissingValue reports non-boolean flags written without a value.
var HintFlagMissingValue = &lint.Analyzer{
	Name:     "hint-flag-missing-value",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint gives a non-boolean flag no value",
		Why:   "a flag without a value means true; for a parameter that is not boolean the runtime refuses the call (\"Flag --city requires a value\")",
		Bad:   "Get the time with `/act.now --city`.\n\n```act.now\nGET https://api.example.com/now?city={city}\n  city: string (required) \"City\"\n```\n",
		Good:  "Get the time with `/act.now --city <name>`.\n\n```act.now\nGET https://api.example.com/now?city={city}\n  city: string (required) \"City\"\n```\n",

		Severity: "action.ts executeAction (bare-flag check): the document works; an agent copying the hint gets \"Flag --x requires a value\"",
	},
	Requires: []*lint.Analyzer{hintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, c := range hints(pass).Calls {
			if c.Action == nil || c.Inv.Help {
				continue
			}
			for _, f := range c.Inv.Flags {
				if !f.Bare() {
					continue
				}
				written := f.Written()
				if p := c.Action.Param(f.Key); p != nil && p.Type != "" && p.Type != sfmd.BooleanType {
					pass.Reportf(c.flagSpan(pass.Doc, f), "flag %q needs a value: parameter %q of %s is a %s, not a boolean; write %s <%s>", written, p.Name, c.call(), p.Type, written, p.Type)
					continue
				}
				if base, ok := strings.CutSuffix(f.Key, "-file"); ok && c.Action.Param(base) != nil && c.Action.Param(f.Key) == nil {
					pass.Reportf(c.flagSpan(pass.Doc, f), "flag %q needs a file path: it reads parameter %q of %s from a file; write %s <path>", written, base, c.call(), written)
				}
			}
		}
		return nil, nil
	},
}
