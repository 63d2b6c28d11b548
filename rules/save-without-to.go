package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// SaveWithoutTo reports save: pipelines that never write the buffer.
var SaveWithoutTo = &lint.Analyzer{
	Name:     "save-without-to",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "save: without a following to:",
		Why:   "the buffer filled by `save:` is only consumed by `to:`; without one the saved value goes nowhere",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nDone\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\nSaved image.png\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the template runs, but the saved value goes nowhere",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		eachSavePipeline(pass, func(r *sfmd.Response, p [2]int) {
			found := false
			for _, l := range r.Lines[p[0]+1 : p[1]] {
				found = found || l.Kind == sfmd.LineTo
			}
			if !found {
				pass.Reportf(directiveSpan(pass.Doc, r.Lines[p[0]]), "the buffer of %q is never written; add \"to: <file>\" after it or remove the save: line", strings.TrimSpace(r.Lines[p[0]].Line.Text))
			}
		})
		return nil, nil
	},
}
