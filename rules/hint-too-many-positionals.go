package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// HintTooManyPositionals reports hints with more bare values than the
// action has fields left to bind them to.
var HintTooManyPositionals = &lint.Analyzer{
	Name:     "hint-too-many-positionals",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint passes more positional values than the action takes",
		Why:   "positional values bind to the fields no flag has set, in declaration order; one more is an error (\"Too many positional arguments\")",
		Bad:   "Get the time with `/act.now Seoul tomorrow`.\n\n```act.now\nGET https://api.example.com/now?city={city}\n  city: string (required) \"City\"\n```\n",
		Good:  "Get the time with `/act.now Seoul`.\n\n```act.now\nGET https://api.example.com/now?city={city}\n  city: string (required) \"City\"\n```\n",

		Severity: "action.ts executeAction: the document works; an agent copying the hint gets \"Too many positional arguments\"",
	},
	Requires: []*lint.Analyzer{hintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, c := range hints(pass).Calls {
			if c.Action == nil || c.Inv.Help || c.Inv.Ellipsis {
				continue
			}
			params := namedParams(c.Action)
			if len(params) == 0 {
				continue // positionals only reach the command through $ARGS
			}
			unfilled := unfilledParams(c.Inv, params)
			if len(c.Inv.Positionals) <= len(unfilled) {
				continue
			}
			extra := c.Inv.Positionals[len(unfilled)]
			last := c.Inv.Positionals[len(c.Inv.Positionals)-1]
			span := c.tokenSpan(pass.Doc, extra)
			if c.argsOff >= 0 {
				span = spanAt(pass.Doc, c.argsOff+extra.Start, c.argsOff+last.End)
			}
			taken := "no positional value"
			if n := len(unfilled); n == 1 {
				taken = fmt.Sprintf("at most 1 (%q)", unfilled[0])
			} else if n > 1 {
				taken = fmt.Sprintf("at most %d (%s)", n, quoteList(unfilled, 8))
			}
			values := "values"
			if len(c.Inv.Positionals) == 1 {
				values = "value"
			}
			pass.Reportf(span, "hint passes %d positional %s but %s takes %s; pass the extra values with --name flags or remove them (quote a value that contains spaces)", len(c.Inv.Positionals), values, c.call(), taken)
		}
		return nil, nil
	},
}
