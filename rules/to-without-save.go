package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ToWithoutSave reports to: before any save:.
var ToWithoutSave = &lint.Analyzer{
	Name:     "to-without-save",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "to: without an earlier save:",
		Why:   "`to:` writes the buffer filled by `save:`; with no `save:` before it nothing is written and the runtime prints an error line",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nto: image.png\nSaved image.png\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\nSaved image.png\n```\n",

		Severity: "helpers.ts executeResponseTemplate: nothing is written and the runtime prints an error line",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		return nil, pipelineWithoutSave(pass, sfmd.LineTo, "to: has no buffer to write because no save: comes before it; add \"save: <path>\" above it")
	},
}
