package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamConstraintCompat reports constraint groups the reference runtime
// cannot read (anything but exactly (required) or (optional)).
var ParamConstraintCompat = &lint.Analyzer{
	Name:     "param-constraint-compat",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "constraint list the reference runtime cannot read",
		Why:   "the reference runtime only reads `(required)` or `(optional)`; any other parenthesis, such as the spec's own `(optional, max:50)`, makes it drop the whole parameter line, so the field does not exist there",
		Bad:   "```act.list\nGET https://api.example.com/items\n  limit: number (optional, max:50) \"Max items\"\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  limit: number (optional) \"Max items (at most 50)\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the reference runtime drops the whole parameter line, so the field, its default and its required check do not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		// 17,100 findings on the 10 MB document: each message is written
		// into one scratch buffer and copied out once (%q as
		// appendQuote, strconv.AppendQuote: what %q prints for a string)
		var buf []byte
		var rest []string
		eachGatedParam(pass, constraintCompatGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if g := doc.Src[p.ConstraintSpan.Start.Offset:p.ConstraintSpan.End.Offset]; string(g) == "(required)" || string(g) == "(optional)" {
				return // constraintClosed checked the span
			}
			keep, kept := "", false // the last (required) or (optional)
			rest = rest[:0]
			for _, c := range p.Constraints {
				switch c.Kind {
				case sfmd.ConstraintUnknown:
					return // param-constraint-unknown
				case sfmd.ConstraintRequired, sfmd.ConstraintOptional:
					keep, kept = c.Text, true
				case sfmd.ConstraintMin, sfmd.ConstraintMax:
					if !numberShape.Matches(c.Value) {
						return // param-bound-invalid
					}
					rest = append(rest, c.Text)
				default:
					rest = append(rest, c.Text)
				}
			}
			buf = append(buf[:0], "the reference runtime only reads (required) or (optional) and drops this whole line, so "...)
			buf = appendQuote(buf, p.Name)
			buf = append(buf, " does not exist there"...)
			switch {
			case len(rest) > 0 && kept:
				buf = append(append(append(buf, "; keep ("...), keep...), ") and move "...)
				buf = append(appendJoin(buf, rest, ", "), " into the description"...)
			case len(rest) > 0:
				buf = append(appendJoin(append(buf, "; move "...), rest, ", "), " into the description"...)
			default:
				buf = append(buf, "; write exactly (required) or (optional)"...)
			}
			msg := string(buf)
			report(lint.Diagnostic{Span: p.ConstraintSpan, Message: msg})
		})
		return nil, nil
	},
}

// constraintCompatGate is the test param-constraint-compat makes first of a parameter (see paramGate).
var constraintCompatGate = newParamGate(true, constraintCompatTest)

// constraintCompatTest is constraintCompatGate's test of a parameter.
func constraintCompatTest(doc *sfmd.Document, p *sfmd.Param) bool {
	return p.ConstraintSpan.IsValid() && constraintClosed(doc, p) && !(p.Required && p.Optional)
}
