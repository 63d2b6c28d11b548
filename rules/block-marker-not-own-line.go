package rules

import "github.com/sfmd-dev/sfmd/lint"

// BlockMarkerNotOwnLine reports markers sharing their line with text.
var BlockMarkerNotOwnLine = &lint.Analyzer{
	Name:     "block-marker-not-own-line",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "block marker is not on its own line",
		Why:   "markers MUST each be on their own line; a marker inside a line of text is not recognised at all, so the block does not exist",
		Bad:   "Intro <!-- #intro --> text\n",
		Good:  "<!-- #intro -->\nIntro text\n<!-- /intro -->\n",

		Severity: "parser.ts parse (marker pattern anchored to the line): a marker inside a line is not recognised, so the block does not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, m := range pass.Doc.Markers {
			if m.OwnLine {
				continue
			}
			kind := "opening"
			if !m.Open {
				kind = "closing"
			}
			pass.Reportf(m.Span, "%s marker of block %q shares its line with other text, so it is not recognised; put it on a line of its own", kind, m.ID)
		}
		return nil, nil
	},
}
