package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// BlockMarkerMalformed reports markers without the exact spacing.
var BlockMarkerMalformed = &lint.Analyzer{
	Name:     "block-marker-malformed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "block marker is not exactly <!-- #id -->",
		Why:   "the reference parser only recognises the exact spacing `<!-- #id -->` / `<!-- /id -->`; `<!--#intro-->` or `<!-- # intro -->` is an ordinary comment to it",
		Bad:   "<!--#intro-->\nHello.\n<!-- /intro -->\n",
		Good:  "<!-- #intro -->\nHello.\n<!-- /intro -->\n",

		Severity: "parser.ts parse (exact marker pattern): the reference parser reads it as an ordinary comment, so the block does not exist",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it rewrites the marker in the exact form the parser reads, with the same block ID"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, m := range pass.Doc.Markers {
			if m.Exact || !m.OwnLine {
				continue
			}
			sigil := "#"
			if !m.Open {
				sigil = "/"
			}
			want := fmt.Sprintf("<!-- %s%s -->", sigil, m.ID)
			pass.Report(lint.Diagnostic{
				Span:    m.Span,
				Message: fmt.Sprintf("block marker %s is not written exactly, so the reference runtime ignores it; write %s", src(pass.Doc, m.Span), want),
				Fixes: []lint.Fix{{
					Message: "write " + want,
					Safe:    true,
					Edits:   []lint.Edit{{Start: m.Span.Start.Off(), End: m.Span.End.Off(), New: want}},
				}},
			})
		}
		return nil, nil
	},
}
