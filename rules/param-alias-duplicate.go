package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamAliasDuplicate reports a short alias used by two parameters.
var ParamAliasDuplicate = &lint.Analyzer{
	Name:     "param-alias-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "short alias used by two parameters",
		Why:   "`-p value` can only mean one parameter; the second alias is unreachable",
		Bad:   "```act.gen\nPOST https://api.example.com/gen\n  prompt, -p: string (required) \"Prompt\"\n  path, -p: path \"Output file\"\n```\n",
		Good:  "```act.gen\nPOST https://api.example.com/gen\n  prompt, -p: string (required) \"Prompt\"\n  path, -f: path \"Output file\"\n```\n",

		Severity: "action.ts executeAction (short-alias map): `-x` reaches only one of the parameters",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for i, a := range pass.Doc.Actions {
			if !mayHaveDup(pass, i, dupAlias) {
				continue
			}
			var used map[string]bool // the action's aliases, made at its first duplicate
			eachDupParam(a.Params, paramAlias, func(p *sfmd.Param, first sfmd.Span) {
				if used == nil {
					used = map[string]bool{}
					for _, q := range a.Params {
						used[q.Alias] = true
					}
				}
				todo := "choose another letter"
				for _, c := range strings.ToLower(p.Name) {
					if c >= 'a' && c <= 'z' && c != 'h' && !used["-"+string(c)] {
						todo = fmt.Sprintf("choose another letter (e.g. %q)", "-"+string(c))
						break
					}
				}
				reportDup(pass, p.AliasSpan, first, fmt.Sprintf("alias %q", p.Alias), todo)
			})
		}
		return nil, nil
	},
}
