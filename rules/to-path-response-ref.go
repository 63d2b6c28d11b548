package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ToPathResponseRef reports {Response.…} in to: paths.
var ToPathResponseRef = &lint.Analyzer{
	Name:     "to-path-response-ref",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "to: path uses {Response.…}",
		Why:   "`to:` paths are filled from fields and session variables only; a `{Response.…}` reference stays literal in the file name",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\nto: {Response.body.name}.png\nSaved\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\n{name} = {Response.body.name}\nsave: data\nto: {name}.png\nSaved {name}.png\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the file is written, under a name with the literal `{Response.…}` in it",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for k, r := range pass.Doc.Responses {
			if !syms.hasLines(k, sfmd.LineTo) {
				continue // no to: line
			}
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineTo {
					continue
				}
				for _, ref := range lineRefsOf(l) {
					if ref.Kind != sfmd.RefResponse {
						continue
					}
					v := varNameFor(ref, "name")
					pass.Reportf(ref.Span, "%s is not substituted in to: paths and stays literal in the file name; assign it first ({%s} = %s) and write {%s}", ref.Raw, v, ref.Raw, v)
				}
			}
		}
		return nil, nil
	},
}
