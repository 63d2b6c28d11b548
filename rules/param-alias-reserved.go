package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamAliasReserved reports the alias -h.
var ParamAliasReserved = &lint.Analyzer{
	Name:     "param-alias-reserved",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter alias -h is reserved for help",
		Why:   "the runtime treats `-h` anywhere in the arguments as a request for help, so a field aliased `-h` can never be set through its alias",
		Bad:   "```act.ping\nGET https://api.example.com/ping/{host}\n  host, -h: string (required) \"Host\"\n```\n",
		Good:  "```act.ping\nGET https://api.example.com/ping/{host}\n  host, -o: string (required) \"Host\"\n```\n",

		Severity: "helpers.ts parsePosixFlags: `-h` always means help, so the alias can never set the field",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, aliasReservedGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			taken := map[string]bool{sfmd.HelpAlias: true}
			for _, q := range a.Params {
				taken[q.Alias] = true
			}
			want := ""
			for _, c := range strings.ToLower(p.Name) + "abcdefgijklmnopqrstuvwxyz" {
				if c >= 'a' && c <= 'z' && !taken["-"+string(c)] {
					want = "-" + string(c)
					break
				}
			}
			msg := fmt.Sprintf("alias %q of parameter %q can never be used: -h always shows the action's help", p.Alias, p.Name)
			if want != "" {
				msg += fmt.Sprintf("; use another letter, e.g. %q", want)
			} else {
				msg += "; remove the alias"
			}
			report(diag(p.AliasSpan, "%s", msg))
		})
		return nil, nil
	},
}

// aliasReservedGate is the test param-alias-reserved makes first of a parameter (see paramGate).
var aliasReservedGate = newParamGate(true, aliasReservedTest)

// aliasReservedTest is aliasReservedGate's test of a parameter.
func aliasReservedTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.Alias == sfmd.HelpAlias
}
