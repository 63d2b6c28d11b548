package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ResponseEmpty reports response templates without lines.
var ResponseEmpty = &lint.Analyzer{
	Name:     "response-empty",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "response template is empty",
		Why:   "an empty template replaces the response with nothing; without a template the raw body would be returned",
		Bad:   "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\nFound {Response.body.count}\n```\n",

		Severity: "helpers.ts executeResponseTemplate: works: an empty template does nothing",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			empty := true
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineBlank {
					empty = false
					break
				}
			}
			if empty {
				pass.Reportf(r.IDSpan, "response template %q has no lines; remove it to return the raw response, or add output lines", "act."+r.ActionID+".response")
			}
		}
		return nil, nil
	},
}
