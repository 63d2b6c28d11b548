package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PersistentVarInCommand reports $VAR in invocation hints.
var PersistentVarInCommand = &lint.Analyzer{
	Name:     "persistent-var-in-command",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "persistent $VAR in a command argument",
		Why:   "the runtime refuses a call whose argument holds a $var: `executeAction` in `packages/string/src/commands/action.ts` returns INVALID_PAYLOAD with the error of `substituteVars` (`packages/string/src/commands/helpers.ts`), \"$var cannot be used in command arguments\"; an agent copying the hint fails",
		Bad:   "Search with `/act.search --key $API_KEY --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n  key: string \"Key\"\n```\n",
		Good:  "Search with `/act.search --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search?key=$API_KEY\n  q: string (required) \"Query\"\n```\n",

		Severity: "helpers.ts substituteVars rejects the call (INVALID_PAYLOAD \"$var cannot be used in command arguments\")",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, u := range symbols(pass).usesAt(siteHint, siteHint) {
			if u.Site != siteHint || u.Kind() != sfmd.RefPersistent {
				continue
			}
			pass.Reportf(u.Ref.Span, "%q in a command is rejected by the runtime (INVALID_PAYLOAD: \"$var cannot be used in command arguments\"); use it in the action's URL or headers and drop it from the command", u.Ref.Raw)
		}
		return nil, nil
	},
}
