package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
)

// BodyFileModifierType reports |file and |base64file on fields that are
// not declared as paths.
var BodyFileModifierType = &lint.Analyzer{
	Name:     "body-file-modifier-type",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "file modifier on a field that is not a path",
		Why:   "`|file` and `|base64file` read the value as a file path; a field declared as another type tells the caller to pass something else, and the read fails",
		Bad:   "```act.upload\nPOST https://api.example.com/upload\n  count: number \"how many\"\n  body:\n    {\"data\": \"{count|file}\"}\n```\n",
		Good:  "```act.upload\nPOST https://api.example.com/upload\n  input_image: path (required) \"image file\"\n  body:\n    {\"data\": \"{input_image|base64file}\"}\n```\n",

		Severity: "action.ts substituteBodyTemplate: the read works when the caller passes a path; only the declared type tells callers otherwise",
	},
	Requires: []*lint.Analyzer{bodiesAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, m := range docModRefs(pass) {
			a, r := m.Action, m.Ref
			if !hasString(r.Modifiers, "file") && !hasString(r.Modifiers, "base64file") {
				continue
			}
			p := a.Param(r.Name)
			if p == nil || p.Type == "" || p.Type == "path" {
				continue
			}
			pass.Reportf(r.Span, "%s reads parameter %q as a file path, but it is declared as %q; declare it as \"%s: path\" so callers pass a file", r.Raw, p.Name, p.Type, p.Name)
		}
		return nil, nil
	},
}
