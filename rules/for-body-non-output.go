package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ForBodyNonOutput reports assignments and pipeline lines inside loops.
var ForBodyNonOutput = &lint.Analyzer{
	Name:     "for-body-non-output",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "assignment or save pipeline inside a for: loop",
		Why:   "a loop body is output: the runtime prints assignments and `save:`/`decode:`/`to:` lines inside a loop as text instead of running them (value shortcuts `{@x} = …` are the exception)",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n{last} = {p.id}\nend:\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\n{last} = {Response.body.posts[0].id}\nfor: p in Response.body.posts\n- {p.title}\nend:\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the runtime prints the line as text instead of running it",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for k, r := range pass.Doc.Responses {
			if !syms.hasLines(k, sfmd.LineFor) {
				continue // no for: line
			}
			for _, l := range r.Lines {
				if loopOf(r, l) == nil {
					continue
				}
				switch l.Kind {
				case sfmd.LineAssign, sfmd.LineSave, sfmd.LineDecode, sfmd.LineTo:
					pass.Reportf(directiveSpan(pass.Doc, l), "%s inside a for: loop is printed as text, not run; move %q before or after the loop", lineKindPhrase(l.Kind), strings.TrimSpace(l.Line.Text))
				}
			}
		}
		return nil, nil
	},
}
