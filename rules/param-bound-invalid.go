package rules

import (
	"strconv"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamBoundInvalid reports min:/max: values that are not numbers, and
// min greater than max.
var ParamBoundInvalid = &lint.Analyzer{
	Name:     "param-bound-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "min:/max: bound is not a number or min exceeds max",
		Why:   "`min:N` and `max:N` take a number; a word, an empty bound or a minimum above the maximum makes the constraint meaningless or unsatisfiable",
		Bad:   "```act.list\nGET https://api.example.com/items\n  limit: number (min:10, max:5) \"Max items\"\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  limit: number (min:1, max:50) \"Max items\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the constraint is meaningless or unsatisfiable, and the reference runtime drops the whole line",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, boundInvalidGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			bad := false
			for _, c := range p.Constraints {
				if (c.Kind == sfmd.ConstraintMin || c.Kind == sfmd.ConstraintMax) && !numberShape.Matches(c.Value) {
					bad = true
					key := c.Text[:3]
					if c.Value == "" {
						report(diag(c.Span, "%q of parameter %q has no value; write %q with a number", c.Text, p.Name, key+":10"))
					} else {
						report(diag(c.Span, "bound %q of parameter %q is not a number; write %q with a number, or move the text into the description", c.Text, p.Name, key+":N"))
					}
				}
			}
			if bad {
				return
			}
			lo, hi := bounds(p)
			if lo == nil || hi == nil {
				return
			}
			// what fmt.Sscan reads of a whole numberShape match
			l, err := strconv.ParseFloat(lo.Value, 64)
			if err != nil {
				return
			}
			h, err := strconv.ParseFloat(hi.Value, 64)
			if err != nil {
				return
			}
			if l > h {
				report(diag(hi.Span, "parameter %q has %q below %q, so no value satisfies both; swap or fix the bounds", p.Name, hi.Text, lo.Text))
			}
		})
		return nil, nil
	},
}

// bounds returns the min and max constraints of p (nil when absent).
func bounds(p *sfmd.Param) (lo, hi *sfmd.Constraint) {
	for _, c := range p.Constraints {
		switch c.Kind {
		case sfmd.ConstraintMin:
			lo = c
		case sfmd.ConstraintMax:
			hi = c
		}
	}
	return lo, hi
}

// boundInvalidGate is the test param-bound-invalid makes first of a parameter (see paramGate).
var boundInvalidGate = newParamGate(true, constraintClosed)
