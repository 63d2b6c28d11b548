package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// HeaderPlaceholderIsParam reports header placeholders naming a parameter.
var HeaderPlaceholderIsParam = &lint.Analyzer{
	Name:     "header-placeholder-is-param",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "header placeholder names a parameter",
		Why:   "the runtime fills header placeholders from session variables only, never from the action's own parameters, so the header is sent with a literal or empty value",
		Bad:   "```act.me\nGET https://api.example.com/me -H \"Authorization: Bearer {token}\"\n  token: string (required) \"API token\"\n```\n",
		Good:  "```act.me\nGET https://api.example.com/me -H \"Authorization: Bearer $API_TOKEN\"\n```\n",

		Severity: "action.ts executeAction (headers filled from session variables only): the request is sent, but the header carries a session variable or the literal placeholder, not the caller's value",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !a.IsHTTP() {
				continue
			}
			for _, h := range a.Headers {
				if h.Value == nil {
					continue
				}
				for _, r := range h.Value.Refs {
					if r.Kind == sfmd.RefVar && a.Param(r.Name) != nil {
						pass.Reportf(r.Span, "header placeholder %s names parameter %q, but headers are filled from session variables only; use a $VAR or pass the value in the URL or body", r.Raw, r.Name)
					}
				}
			}
		}
		return nil, nil
	},
}
