package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// BlockCloseOrphan reports closing markers without an open block.
var BlockCloseOrphan = &lint.Analyzer{
	Name:     "block-close-orphan",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "closing marker without an open block",
		Why:   "a closing marker that closes nothing is left over from a removed or renamed block; the reference parser rejects the document with UNEXPECTED_BLOCK_CLOSE",
		Bad:   "Text\n<!-- /notes -->\n",
		Good:  "<!-- #notes -->\nText\n<!-- /notes -->\n",

		Severity: "parser.ts parse: the reference parser rejects it (UNEXPECTED_BLOCK_CLOSE)",
	},
	Requires: []*lint.Analyzer{blocksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, b := range blockStructure(pass).Orphan {
			m := b.marker
			msg := fmt.Sprintf("<!-- /%s --> closes no open block", m.ID)
			if blockStructure(pass).blockOpened(m.ID) {
				msg += fmt.Sprintf(" (block %q is already closed); remove this marker", m.ID)
			} else {
				msg += fmt.Sprintf("; add <!-- #%s --> where the block starts or remove this marker", m.ID)
			}
			pass.Reportf(m.Span, "%s", msg)
		}
		return nil, nil
	},
}
