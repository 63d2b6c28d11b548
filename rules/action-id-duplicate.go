package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// ActionIDDuplicate reports a second action with the same ID.
var ActionIDDuplicate = &lint.Analyzer{
	Name:     "action-id-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "two actions share one ID",
		Why:   "action IDs MUST be unique in a document; `/act.<id>` can only reach one of them",
		Bad:   "```act.search\nGET https://api.example.com/search\n```\n\n```act.search\nGET https://api.example.com/cities\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n```act.search_city\nGET https://api.example.com/cities\n```\n",

		Severity: "action.ts cmdAction (doc.actions.find): `/act.<id>` reaches only one of the actions; the other is silently unreachable",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		if syms.dupIDs == nil {
			return nil, nil // every action has an id of its own
		}
		seen := make(dupTracker, len(pass.Doc.Actions))
		for _, a := range pass.Doc.Actions {
			if first, dup := seen.check(a.ID, a.IDSpan); dup {
				n := freeName(a.ID, "_", func(s string) bool { return len(syms.Actions[s]) > 0 })
				reportDup(pass, a.IDSpan, first, fmt.Sprintf("action %q", a.ID), fmt.Sprintf("rename this one (e.g. %q) or remove it", n))
			}
		}
		return nil, nil
	},
}
