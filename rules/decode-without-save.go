package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DecodeWithoutSave reports decode: before any save:.
var DecodeWithoutSave = &lint.Analyzer{
	Name:     "decode-without-save",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "decode: without an earlier save:",
		Why:   "`decode:` reinterprets the buffer filled by `save:`; with no `save:` before it there is no buffer and the runtime prints an error line",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\ndecode: base64\nto: image.png\nSaved image.png\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\nSaved image.png\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the runtime prints an error line: there is no buffer to decode",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		return nil, pipelineWithoutSave(pass, sfmd.LineDecode, "decode: has no buffer to decode because no save: comes before it; add \"save: <path>\" above it")
	},
}
