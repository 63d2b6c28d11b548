package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// ResponseDuplicate reports a second response template for one action.
var ResponseDuplicate = &lint.Analyzer{
	Name:     "response-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "two response templates for one action",
		Why:   "an action has at most one companion response template; the runtime silently uses the last one",
		Bad:   "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\nFound {Response.body.count}\n```\n\n```act.search.response\nTotal {Response.body.count}\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\nFound {Response.body.count}\n```\n",

		Severity: "parser.ts parse (last template of an id wins): the runtime silently uses the last template",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		if symFast {
			// the symbol table's templates by ID, in source order: a
			// template that is not the first of its ID is a second one,
			// the first's span the one a dupTracker keeps; none when no
			// ID has two (no map made, no ID hashed: TestSymFast)
			syms := symbols(pass)
			if !syms.dupResponses {
				return nil, nil
			}
			for _, r := range pass.Doc.Responses {
				if first := syms.responses()[r.ActionID][0]; first != r {
					reportDup(pass, r.IDSpan, first.IDSpan, fmt.Sprintf("response template for %q", r.ActionID), "merge the two templates into one")
				}
			}
			return nil, nil
		}
		seen := make(dupTracker, len(pass.Doc.Responses))
		for _, r := range pass.Doc.Responses {
			if first, dup := seen.check(r.ActionID, r.IDSpan); dup {
				reportDup(pass, r.IDSpan, first, fmt.Sprintf("response template for %q", r.ActionID), "merge the two templates into one")
			}
		}
		return nil, nil
	},
}
