package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// HintMissingRequired reports hints that leave a required parameter out.
var HintMissingRequired = &lint.Analyzer{
	Name:     "hint-missing-required",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint leaves out a required parameter",
		Why:   "an agent copying the hint gets \"Missing required flags\"; hints are conventional, so this is only info (a hint without arguments just names the action and is not checked)",
		Bad:   "Post with `/act.post --title \"x\"`.\n\n```act.post\nPOST https://api.example.com/posts\n  submolt: string (required) \"Community\"\n  title: string (required) \"Title\"\n```\n",
		Good:  "Post with `/act.post --submolt general --title \"x\"`.\n\n```act.post\nPOST https://api.example.com/posts\n  submolt: string (required) \"Community\"\n  title: string (required) \"Title\"\n```\n",

		Severity: "action.ts cmdAction and executeAction: hints are conventional; an agent copying this one gets \"Missing required flags\"",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer, hintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, c := range hints(pass).Calls {
			if c.Action == nil || c.Inv.Help || c.Inv.Ellipsis || strings.TrimSpace(c.Hint.Args) == "" {
				continue
			}
			params := namedParams(c.Action)
			unfilled := unfilledParams(c.Inv, params)
			bound := map[string]bool{}
			for i := range c.Inv.Positionals {
				if i < len(unfilled) {
					bound[unfilled[i]] = true
				}
			}
			var missing, fix []string
			for _, p := range params {
				if !p.Required || p.HasDefault || bound[p.Name] || c.Inv.Flag(p.Name) != nil || c.Inv.FileFlag(p.Name) != nil {
					continue
				}
				if len(syms.Assigned[p.Name]) > 0 {
					continue // a session variable of that name can fill it
				}
				missing = append(missing, p.Name)
				t := p.Type
				if t == "" {
					t = "value"
				}
				fix = append(fix, fmt.Sprintf("--%s <%s>", p.Name, t))
			}
			if len(missing) == 0 {
				continue
			}
			what := fmt.Sprintf("required parameter %q", missing[0])
			if len(missing) > 1 {
				what = "required parameters " + quoteList(missing, 8)
			}
			pass.Reportf(c.IDSpan, "hint leaves out %s of %s; add %s", what, c.call(), strings.Join(fix, " "))
		}
		return nil, nil
	},
}
