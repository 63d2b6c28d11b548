package rules

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamDefaultNotInHints reports defaults outside the a|b|c value hints.
var ParamDefaultNotInHints = &lint.Analyzer{
	Name:       "param-default-not-in-hints",
	Severity:   lint.Warning,
	SpendsWork: true,
	Profile:    lint.Core,
	Requires:   []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter default is not one of its value hints",
		Why:   "value hints `a|b|c` list the allowed values; a default outside the list sends a value the author said is not allowed",
		Bad:   "```act.feed\nGET https://api.example.com/feed\n  sort: string \"hot|new|top\" = \"best\"\n```\n",
		Good:  "```act.feed\nGET https://api.example.com/feed\n  sort: string \"hot|new|top\" = \"hot\"\n```\n",

		Severity: "action.ts executeAction: the default is sent, but it is a value the hints say is not allowed",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, defaultNotInHintsGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			hints := valueHints(p)
			if len(hints) == 0 {
				return
			}
			for _, h := range hints {
				if h == p.Default || (!p.DefaultQuoted && "'"+h+"'" == p.Default) {
					return // = 'hot': param-default-unquoted is the one mistake
				}
			}
			msg := fmt.Sprintf("default %q of %q is not one of its values %s", p.Default, p.Name, strings.Join(hints, "|"))
			if want := budgetedNearest(pass, p.Default, hints); want != "" {
				msg += fmt.Sprintf("; did you mean %q?", want)
			} else {
				msg += fmt.Sprintf("; use one of them, e.g. %q", hints[0])
			}
			report(diag(p.DefaultSpan, "%s", msg))
		})
		return nil, nil
	},
}

// hintListRe is a list of value hints; isHintList matches it without a
// regexp (TestIsHintListIsRegexp).
var hintListRe = lazyre.New(`^[^\s|]+(\|[^\s|]+)+$`)

// isHintList reports whether s is two or more words joined by '|',
// each without a blank (\s: tab, line feed, form feed, carriage return,
// space) or a '|': hintListRe.MatchString(s), read on the constraints and
// the description of every parameter with a default.
func isHintList(s string) bool {
	words, n := 0, 0 // n: bytes of the current word
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\f', '\r', ' ':
			return false
		case '|':
			if n == 0 {
				return false
			}
			words, n = words+1, 0
		default:
			n++
		}
	}
	return n > 0 && words >= 1
}

// valueHints returns the allowed values of p: an a|b|c constraint, or a
// description that is exactly a|b|c (spec.md §4 Q6).
func valueHints(p *sfmd.Param) []string {
	for _, c := range p.Constraints {
		if c.Kind == sfmd.ConstraintHint && isHintList(c.Value) {
			return strings.Split(c.Value, "|")
		}
	}
	if p.HasDescription && isHintList(p.Description) {
		return strings.Split(p.Description, "|")
	}
	return nil
}

// defaultNotInHintsGate is the test param-default-not-in-hints makes first of a parameter (see paramGate).
var defaultNotInHintsGate = newParamGate(true, defaultNotInHintsTest)

// defaultNotInHintsTest is defaultNotInHintsGate's test of a parameter.
func defaultNotInHintsTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.HasDefault && p.Default != "" && !dynamicDefault(p.Default) && p.DefaultSpan.IsValid() && p.DefaultSpan.Len() != 0
}
