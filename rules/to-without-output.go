package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ToWithoutOutput reports templates that end with to: and print nothing
// after it.
var ToWithoutOutput = &lint.Analyzer{
	Name:     "to-without-output",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "no output line after to:",
		Why:   "`to:` prints nothing on success; without an output line after it the agent gets an empty result and cannot tell where the file went",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\nSaved image.png\n```\n",

		Severity: "helpers.ts executeResponseTemplate: works; the agent only gets an empty result",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			last := -1
			for i, l := range r.Lines {
				switch l.Kind {
				case sfmd.LineTo:
					last = i
				case sfmd.LineOutput:
					last = -1
				}
			}
			if last >= 0 {
				l := r.Lines[last]
				pass.Reportf(directiveSpan(pass.Doc, l), "nothing is printed after %q, so the result is empty; add an output line such as \"Saved %s\"", strings.TrimSpace(l.Line.Text), l.Arg)
			}
		}
		return nil, nil
	},
}
