package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// HeaderValueEmpty reports headers with an empty value.
var HeaderValueEmpty = &lint.Analyzer{
	Name:     "header-value-empty",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header has an empty value",
		Why:   "an empty header value is almost always a missing variable (`Authorization: ` without the token)",
		Bad:   "```act.data\nGET https://api.example.com/data -H \"Authorization: \"\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data -H \"Authorization: Bearer $TOKEN\"\n```\n",

		Severity: "action.ts executeAction: the header is sent empty, almost always a missing variable",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !a.IsHTTP() {
				continue
			}
			for _, h := range a.Headers {
				if !h.Valid || h.Name == "" || (h.Value != nil && strings.TrimSpace(h.Value.Text) != "") {
					continue
				}
				pass.Reportf(h.Span, "header %q has an empty value; give it a value (e.g. a $VAR) or remove it", h.Name)
			}
		}
		return nil, nil
	},
}
