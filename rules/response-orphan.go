package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// ResponseOrphan reports response templates without an action.
var ResponseOrphan = &lint.Analyzer{
	Name:       "response-orphan",
	Severity:   lint.Error,
	SpendsWork: true,
	Profile:    lint.Core,
	Tags:       []lint.Tag{lint.Unnecessary},
	Doc: lint.Doc{
		Title: "response template for an action that does not exist",
		Why:   "a response template is matched to its action by ID; with no action of that ID the runtime silently drops it",
		Bad:   "```act.search\nGET https://api.example.com/search\n```\n\n```act.serch.response\nFound {Response.body.count}\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\nFound {Response.body.count}\n```\n",

		Severity: "parser.ts parse: the runtime silently drops the template",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "renaming the template attaches it to an action it was perhaps not written for"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, r := range pass.Doc.Responses {
			if len(syms.Actions[r.ActionID]) > 0 {
				continue
			}
			d := lint.Diagnostic{Span: r.IDSpan}
			if n := budgetedNearest(pass, r.ActionID, syms.actionIDs()); n != "" {
				d.Message = fmt.Sprintf("response template %q has no action %q, so it is ignored; did you mean %q?", "act."+r.ActionID+".response", "act."+r.ActionID, "act."+n+".response")
				if src(pass.Doc, r.IDSpan) == r.ActionID && len(syms.responses()[n]) == 0 {
					// (renaming onto an action that has a template would make two)
					d.Fixes = []lint.Fix{{Message: fmt.Sprintf("rename it to %q", "act."+n+".response"), Edits: []lint.Edit{{Start: r.IDSpan.Start.Off(), End: r.IDSpan.End.Off(), New: n}}}}
				}
			} else {
				d.Message = fmt.Sprintf("response template %q has no action %q, so it is ignored; define the action or remove the template", "act."+r.ActionID+".response", "act."+r.ActionID)
			}
			pass.Report(d)
		}
		return nil, nil
	},
}
