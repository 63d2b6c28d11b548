package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// SavePathMissing reports save: without a path.
var SavePathMissing = &lint.Analyzer{
	Name:     "save-path-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "save: has no path",
		Why:   "`save:` puts the value at a JSON path of the body into the buffer; without a path there is nothing to save and the pipeline fails",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave:\ndecode: base64\nto: image.png\nSaved image.png\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data.image\ndecode: base64\nto: image.png\nSaved image.png\n```\n",

		Severity: "helpers.ts executeResponseTemplate: there is nothing to save and the pipeline fails",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for k, r := range pass.Doc.Responses {
			if !syms.hasLines(k, sfmd.LineSave) {
				continue // no save: line
			}
			for _, l := range r.Lines {
				if l.Kind == sfmd.LineSave && l.Arg == "" {
					pass.Reportf(directiveSpan(pass.Doc, l), "save: has no path; write the JSON path of the value in the body, e.g. \"save: data.image\"")
				}
			}
		}
		return nil, nil
	},
}
