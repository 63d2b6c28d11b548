package rules

import "github.com/sfmd-dev/sfmd/lint"

// BlockUnclosed reports block markers that are never closed.
var BlockUnclosed = &lint.Analyzer{
	Name:     "block-unclosed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "block is never closed",
		Why:   "a block needs its closing marker; without it `document.md#id` cannot be extracted and the runtime reports the block as missing",
		Bad:   "<!-- #summary -->\nText\n",
		Good:  "<!-- #summary -->\nText\n<!-- /summary -->\n",

		Severity: "extractor.ts extract: the block cannot be extracted: `document.md#id` is reported missing",
	},
	Requires: []*lint.Analyzer{blocksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, b := range blockStructure(pass).Unclosed {
			pass.Reportf(b.marker.IDSpan, "block %q opened here is never closed; add <!-- /%s --> on its own line where the block ends", b.marker.ID, b.marker.ID)
		}
		return nil, nil
	},
}
