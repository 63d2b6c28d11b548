package rules

import (
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
		var buf []byte // the messages, written one at a time and copied out
		eachGatedParam(pass, aliasReservedGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			buf = aliasReservedMessage(buf[:0], a, p)
			report(lint.Diagnostic{Span: p.AliasSpan, Message: string(buf)})
		})
		return nil, nil
	},
}

// aliasReservedMessage appends param-alias-reserved's message for p, an
// action's parameter with the alias -h: a free letter to use instead,
// the first of p's name and then of the alphabet that no alias of the
// action (nor -h) takes. %q as appendQuote; TestAliasReservedMessage
// holds it to the map of taken aliases and the fmt.Sprintf's it
// replaces.
func aliasReservedMessage(buf []byte, a *sfmd.Action, p *sfmd.Param) []byte {
	var taken [26]bool    // -a to -z
	taken['h'-'a'] = true // sfmd.HelpAlias
	for _, q := range a.Params {
		if len(q.Alias) == 2 && q.Alias[0] == '-' && q.Alias[1] >= 'a' && q.Alias[1] <= 'z' {
			taken[q.Alias[1]-'a'] = true
		}
	}
	want := byte(0)
	for _, c := range strings.ToLower(p.Name) + "abcdefgijklmnopqrstuvwxyz" {
		if c >= 'a' && c <= 'z' && !taken[c-'a'] {
			want = byte(c)
			break
		}
	}
	buf = appendQuote(append(buf, "alias "...), p.Alias)
	buf = appendQuote(append(buf, " of parameter "...), p.Name)
	buf = append(buf, " can never be used: -h always shows the action's help"...)
	if want == 0 {
		return append(buf, "; remove the alias"...)
	}
	return append(append(buf, "; use another letter, e.g. \"-"...), want, '"')
}

// aliasReservedGate is the test param-alias-reserved makes first of a parameter (see paramGate).
var aliasReservedGate = newParamGate(true, aliasReservedTest)

// aliasReservedTest is aliasReservedGate's test of a parameter.
func aliasReservedTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.Alias == sfmd.HelpAlias
}
