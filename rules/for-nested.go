package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ForNested reports for: loops inside another loop.
var ForNested = &lint.Analyzer{
	Name:     "for-nested",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "for: loop nested inside another loop",
		Why:   "loops MUST NOT be nested in SFMD v0.1; the runtime ends the outer loop at the first `end:` and prints the inner `for:` line as text",
		Bad:   "```act.x\nGET https://api.example.com/x\n```\n\n```act.x.response\nfor: a in Response.body.x\nfor: b in Response.body.y\n- {b.name}\nend:\nend:\n```\n",
		Good:  "```act.x\nGET https://api.example.com/x\n```\n\n```act.x.response\nfor: a in Response.body.x\n- {a.name}\nend:\nfor: b in Response.body.y\n- {b.name}\nend:\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the runtime ends the outer loop at the first `end:` and prints the inner `for:` line as text",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for k, r := range pass.Doc.Responses {
			if !syms.hasLines(k, sfmd.LineFor) {
				continue // no for: line
			}
			loopNesting(r, func(l *sfmd.TemplateLine) {
				pass.Reportf(directiveSpan(pass.Doc, l), "%q is nested inside another loop, which SFMD v0.1 does not allow; close the outer loop with end: first and write the loops one after the other", strings.TrimSpace(l.Line.Text))
			}, nil)
		}
		return nil, nil
	},
}
