package rules

import (
	"slices"

	"github.com/sfmd-dev/sfmd/lint"
)

// ActLinkMissingRequired reports act: links that do not pass a required
// field without default.
var ActLinkMissingRequired = &lint.Analyzer{
	Name:       "act-link-missing-required",
	Severity:   lint.Error,
	SpendsWork: true,
	Profile:    lint.Core,
	Doc: lint.Doc{
		Title: "act: link does not pass a required field",
		Why:   "an act: link runs the action with the fields in its query; a required field without a default that is missing makes the call fail validation (or show the help) instead of running",
		Bad:   "[Read](act:read)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",
		Good:  "[Read](act:read?id=1)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",

		Severity: "action.ts cmdAction and executeAction: following the link shows the action's help or fails with \"Missing required flags\" instead of running",
	},
	Requires: []*lint.Analyzer{actLinksAnalyzer, symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		set := docActLinks(pass)
		assigned := symbols(pass).Assigned
		for _, l := range set.links {
			a := set.target(l)
			if a == nil {
				continue
			}
			missing, misnamed := linkFields(pass, a, l, assigned)
			if len(misnamed) > 0 {
				missing = slices.Clone(missing) // linkFields' is shared
			}
			for _, field := range misnamed {
				missing = slices.DeleteFunc(missing, func(m string) bool { return m == field })
			}
			if len(missing) == 0 {
				continue
			}
			field, them := "field", "it"
			if len(missing) > 1 {
				field, them = "fields", "them"
			}
			example := "act:" + l.ID + "?" + missing[0] + "=…"
			pass.Reportf(l.DestSpan, "act: link to %q does not pass the required %s %s; add %s to the query, e.g. %q", l.ID, field, quoteAll(missing), them, example)
		}
		return nil, nil
	},
}
