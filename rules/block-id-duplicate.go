package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// BlockIDDuplicate reports a second block with the same ID.
var BlockIDDuplicate = &lint.Analyzer{
	Name:     "block-id-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "two blocks share one ID",
		Why:   "block IDs MUST be unique in a document at any nesting depth; `document.md#id` can only address one of them",
		Bad:   "<!-- #intro -->\nHello.\n<!-- /intro -->\n\n<!-- #intro -->\nAgain.\n<!-- /intro -->\n",
		Good:  "<!-- #intro -->\nHello.\n<!-- /intro -->\n\n<!-- #intro-2 -->\nAgain.\n<!-- /intro-2 -->\n",

		Severity: "extractor.ts extract (first match): `document.md#id` can only reach one of the blocks",
	},
	Run: func(pass *lint.Pass) (any, error) {
		opens := 0
		for _, m := range pass.Doc.Markers {
			if m.Open {
				opens++
			}
		}
		// made for the ids it gets: grown from empty, the map of the
		// generated 10 MB document's 17,094 ids was made over again
		// as it grew
		ids := make(map[string]bool, opens)
		named := 0 // the opening markers with an id
		for _, m := range pass.Doc.Markers {
			if m.Open {
				ids[m.ID] = true
				if m.ID != "" {
					named++
				}
			}
		}
		if eachOnce(ids, named) {
			return nil, nil
		}
		seen := make(dupTracker, len(ids))
		for _, m := range pass.Doc.Markers {
			if !m.Open || m.ID == "" {
				continue
			}
			if first, dup := seen.check(m.ID, m.IDSpan); dup {
				n := freeName(m.ID, "-", func(s string) bool { return ids[s] })
				reportDup(pass, m.IDSpan, first, fmt.Sprintf("block %q", m.ID), fmt.Sprintf("rename this one (e.g. %q)", n))
			}
		}
		return nil, nil
	},
}
