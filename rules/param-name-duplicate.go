package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamNameDuplicate reports a parameter declared twice in one action.
var ParamNameDuplicate = &lint.Analyzer{
	Name:     "param-name-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter declared twice in one action",
		Why:   "parameter names are payload keys, flags and placeholders; a second declaration silently replaces the first",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n  q: number \"Limit\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n  limit: number \"Limit\"\n```\n",

		Severity: "action.ts executeAction keeps both under one payload key: the first default wins, either's (required) applies, and renderer.ts renderActions lists the name twice",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for i, a := range pass.Doc.Actions {
			if !mayHaveDup(pass, i, dupName) {
				continue
			}
			eachDupParam(a.Params, paramName, func(p *sfmd.Param, first sfmd.Span) {
				reportDup(pass, p.NameSpan, first, fmt.Sprintf("parameter %q of action %q", p.Name, a.ID), "rename or remove this declaration")
			})
		}
		return nil, nil
	},
}
