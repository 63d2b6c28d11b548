package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PlaceholderInvalid reports {…} in a definition that the runtime does not
// read as a placeholder.
var PlaceholderInvalid = &lint.Analyzer{
	Name:     "placeholder-invalid",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "placeholder is not a valid {name}",
		Why:   "placeholders are `{name}` or `{name[N]}` with an identifier name; `{City Name}`, `{2id}`, `{user.id}` or an unclosed `{id` are not substituted and are sent literally",
		Bad:   "```act.city\nGET https://api.example.com/cities/{City Name}\n```\n",
		Good:  "```act.city\nGET https://api.example.com/cities/{city}\n  city: string (required) \"city name\"\n```\n",

		Severity: "action.ts executeAction: the request is sent with the placeholder literally",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, u := range definitionUses(pass) {
			if k := u.Kind(); k != sfmd.RefInvalid && k != sfmd.RefVar {
				continue // the kind the uses keep: the reference is not opened
			}
			r := u.Ref
			switch {
			case r.Kind == sfmd.RefInvalid && strings.HasPrefix(r.Name, "Response"):
				continue // response-ref-in-definition
			case r.Kind == sfmd.RefInvalid:
				why := r.Problem
				if why == "" {
					why = "not a valid placeholder"
				}
				want := snakeCase(strings.Trim(r.Name, "{} "))
				msg := fmt.Sprintf("%s in %s is not a placeholder (%s) and is sent literally", r.Raw, defSiteName(u.Site, u.Action), why)
				if want != "" && want != r.Name {
					msg += fmt.Sprintf("; write it as %q", "{"+want+"}")
				} else {
					msg += "; write it as {name} with a name of letters, digits and '_'"
				}
				pass.Reportf(r.Span, "%s", msg)
			case r.Kind == sfmd.RefVar && r.PathText != "" && r.Index < 0:
				if u.Site == siteTarget && u.Action.IsCLI() && u.Action.Param(r.Name) == nil {
					continue // shell or jq text
				}
				pass.Reportf(r.Span, "%s in %s is not substituted: placeholders in definitions take no path (only {name} or {name[N]}); assign the value to a session variable in a response template and use {name}", r.Raw, defSiteName(u.Site, u.Action))
			}
		}
		return nil, nil
	},
}
