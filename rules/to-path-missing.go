package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ToPathMissing reports to: without a path.
var ToPathMissing = &lint.Analyzer{
	Name:     "to-path-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "to: has no path",
		Why:   "`to:` writes the buffer to a file; without a path the write fails",
		Bad:   "```act.img\nGET https://api.example.com/image\n  filename: path (required) \"where to save\"\n```\n\n```act.img.response\nsave: data\nto:\nSaved\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n  filename: path (required) \"where to save\"\n```\n\n```act.img.response\nsave: data\nto: {filename}\nSaved {filename}\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the write fails: there is no path",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for k, r := range pass.Doc.Responses {
			if !syms.hasLines(k, sfmd.LineTo) {
				continue // no to: line
			}
			for _, l := range r.Lines {
				if l.Kind == sfmd.LineTo && l.Arg == "" {
					pass.Reportf(directiveSpan(pass.Doc, l), "to: has no path; write the file to create, e.g. \"to: {filename}\"")
				}
			}
		}
		return nil, nil
	},
}
