package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamConstraintUnknown reports constraints that are not required,
// optional, min:N, max:N or an a|b value hint.
var ParamConstraintUnknown = &lint.Analyzer{
	Name:     "param-constraint-unknown",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter constraint is not required, optional, min:N, max:N or a|b",
		Why:   "the spec knows `required`, `optional`, `min:N`, `max:N` and `a|b|c` value hints; any other word is ignored, so the constraint the author meant is not enforced",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (mandatory) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the reference runtime drops the whole parameter line (and a runtime following the spec ignores the word)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, constraintUnknownGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			for _, c := range p.Constraints {
				if c.Kind != sfmd.ConstraintUnknown {
					continue
				}
				msg := fmt.Sprintf("unknown constraint %q on parameter %q makes the reference runtime drop the whole line", c.Text, p.Name)
				if v, ok := defaultInConstraint(c.Text); ok {
					msg += fmt.Sprintf("; a default is written last, after the description: = %q", v)
				} else if want := suggestConstraint(c.Text); want != "" {
					msg += fmt.Sprintf("; did you mean %q?", want)
				} else {
					msg += "; expected required, optional, min:N, max:N or a value hint like a|b (or move the text into the description)"
				}
				report(diag(c.Span, "%s", msg))
			}
		})
		return nil, nil
	},
}

// constraintAliases maps constraint words authors use to the spec's.
var constraintAliases = map[string]string{
	"mandatory": "required", "req": "required", "must": "required", "needed": "required", "require": "required",
	"opt": "optional", "maybe": "optional", "nullable": "optional",
}

// suggestConstraint returns the spec constraint an unknown one probably
// means, or "".
func suggestConstraint(text string) string {
	low := strings.ToLower(strings.TrimSpace(text))
	if low == "required" || low == "optional" {
		return low
	}
	if s, ok := constraintAliases[low]; ok {
		return s
	}
	for _, pre := range [][2]string{{"maximum", "max"}, {"minimum", "min"}, {"maxlength", "max"}, {"minlength", "min"}, {"max", "max"}, {"min", "min"}} {
		if strings.HasPrefix(low, pre[0]) {
			v := strings.TrimLeft(low[len(pre[0]):], " :=")
			if v != "" && numberShape.Matches(v) {
				return pre[1] + ":" + v
			}
		}
	}
	return nearest(low, []string{"required", "optional"})
}

// defaultInConstraint reads a default written as a constraint ("default 7",
// "default: 7", "default=7") and returns its value.
func defaultInConstraint(text string) (string, bool) {
	low := strings.ToLower(strings.TrimSpace(text))
	if !strings.HasPrefix(low, "default") {
		return "", false
	}
	v := strings.Trim(strings.TrimSpace(text)[len("default"):], " :=\"'")
	return v, v != ""
}

// constraintUnknownGate is the test param-constraint-unknown makes first of a parameter (see paramGate).
var constraintUnknownGate = newParamGate(true, constraintClosed)
