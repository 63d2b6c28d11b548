package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// EndWithoutFor reports end: lines with no open loop.
var EndWithoutFor = &lint.Analyzer{
	Name:     "end-without-for",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "end: without an open for: loop",
		Why:   "`end:` closes the nearest open `for:` loop; with none open it is printed as text",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\n- {Response.body.title}\nend:\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.items\n- {p.name}\nend:\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the runtime prints `end:` as text",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for k, r := range pass.Doc.Responses {
			if !syms.hasLines(k, sfmd.LineEnd) {
				continue // no end: line to report
			}
			loopNesting(r, nil, func(l *sfmd.TemplateLine) {
				pass.Reportf(directiveSpan(pass.Doc, l), "end: has no open for: loop to close; remove it or add \"for: <item> in <path>\" above the loop body")
			})
		}
		return nil, nil
	},
}
