package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ActLinkUnknownAction reports act: links to actions the document lacks.
var ActLinkUnknownAction = &lint.Analyzer{
	Name:       "act-link-unknown-action",
	Severity:   lint.Error,
	SpendsWork: true,
	Profile:    lint.Core,
	Doc: lint.Doc{
		Title: "act: link names an action the document does not define",
		Why:   "following `[t](act:id)` dispatches `act.id` on the document where `/open` runs; when it defines no such action the link fails with \"Action not found\"",
		Bad:   "[Read](act:read?id=1)\n",
		Good:  "[Read](act:read?id=1)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",

		Severity: "action.ts cmdAction: following the link fails with \"Action not found\"",
	},
	Requires: []*lint.Analyzer{actLinksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		set := docActLinks(pass)
		tool := isToolDocument(pass.Doc)
		for _, l := range set.links {
			if l.ID == "" || (tool && l.Owner != "") {
				continue
			}
			scope := set.actionScope()
			if set.target(l) != nil || !scope.complete {
				continue
			}
			msg := fmt.Sprintf("act: link calls action %q, which this document does not define", l.ID)
			if want := budgetedNearest(pass, l.ID, scope.sortedIDs()); want != "" {
				msg += fmt.Sprintf("; did you mean %q?", want)
			} else {
				msg += fmt.Sprintf("; define ```act.%s or link to an existing action", l.ID)
			}
			pass.Reportf(actLinkIDSpan(pass.Doc, l), "%s", msg)
		}
		return nil, nil
	},
}

// isToolDocument reports whether the document is a tool (type: tool, or
// the older category: tool): its templates render in the caller's
// document, whose actions an act: link then calls.
func isToolDocument(doc *sfmd.Document) bool {
	for _, k := range []string{"type", "category"} {
		if v, ok := doc.Frontmatter.String(k); ok && strings.TrimSpace(v) == "tool" {
			return true
		}
	}
	return false
}

// actLinkIDSpan returns the span of the action ID of an act: link (the whole
// destination when the ID is empty).
func actLinkIDSpan(doc *sfmd.Document, l *actLink) sfmd.Span {
	s := l.DestSpan.Start.Off() + len("act:")
	if l.ID == "" || src(doc, l.DestSpan) != l.Dest {
		return l.DestSpan
	}
	return spanAt(doc, s, s+len(l.ID))
}
