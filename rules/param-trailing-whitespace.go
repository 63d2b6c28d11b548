package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamTrailingWhitespace reports parameter lines ending in blanks.
var ParamTrailingWhitespace = &lint.Analyzer{
	Name:     "param-trailing-whitespace",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter line ends in whitespace",
		Why:   "the reference runtime's parameter pattern is anchored at the end of the line; trailing spaces or tabs make it drop the line silently, so the field does not exist",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"  \n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the reference runtime drops the whole parameter line, so the field does not exist",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only removes the trailing whitespace that makes the runtime drop the line"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachGatedParam(pass, trailingWhitespaceGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			t := p.Line.Text
			off := lineOffset(doc, t, p.Line.Span)
			if off < 0 {
				return
			}
			trimmed := len(strings.TrimRight(t, " \t"))
			d := diag(spanAt(doc, off+trimmed, off+len(t)), "parameter line %q ends in whitespace, which makes the runtime drop it; remove the trailing whitespace", p.Name)
			d.Fixes = []lint.Fix{{
				Message: "remove the trailing whitespace",
				Safe:    true,
				Edits:   []lint.Edit{{Start: off + trimmed, End: off + len(t)}},
			}}
			report(d)
		})
		return nil, nil
	},
}

// trailingWhitespaceGate is the test param-trailing-whitespace makes first of a parameter (see paramGate).
var trailingWhitespaceGate = newParamGate(true, trailingWhitespaceTest)

// trailingWhitespaceTest is trailingWhitespaceGate's test of a parameter.
func trailingWhitespaceTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.TrailingSpace
}
