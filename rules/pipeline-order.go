package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PipelineOrder reports decode: after to: in one pipeline.
var PipelineOrder = &lint.Analyzer{
	Name:     "pipeline-order",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "decode: after to: in a save pipeline",
		Why:   "the pipeline runs in order `save:` → `decode:` → `to:`; a `decode:` after `to:` runs after the file is written, so the file holds the undecoded data",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\nto: image.png\ndecode: base64\nSaved image.png\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\nSaved image.png\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the runtime writes the file before decoding, so the file holds the undecoded data",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		eachSavePipeline(pass, func(r *sfmd.Response, p [2]int) {
			wrote := -1
			for i := p[0] + 1; i < p[1]; i++ {
				l := r.Lines[i]
				switch {
				case l.Kind == sfmd.LineTo && wrote < 0:
					wrote = i
				case l.Kind == sfmd.LineDecode && wrote >= 0:
					pass.Reportf(directiveSpan(pass.Doc, l), "decode: comes after %q, so the file is written before decoding; move it between save: and to:", strings.TrimSpace(r.Lines[wrote].Line.Text))
				}
			}
		})
		return nil, nil
	},
}
