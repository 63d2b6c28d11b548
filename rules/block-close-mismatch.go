package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/lint"
)

// BlockCloseMismatch reports closing markers that close the wrong block.
var BlockCloseMismatch = &lint.Analyzer{
	Name:     "block-close-mismatch",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "closing marker does not match the open block",
		Why:   "the IDs of the opening and closing markers MUST match and blocks may nest but not overlap; otherwise the extracted content is not what the author meant",
		Bad:   "<!-- #a -->\n<!-- #b -->\nText\n<!-- /a -->\n<!-- /b -->\n",
		Good:  "<!-- #a -->\n<!-- #b -->\nText\n<!-- /b -->\n<!-- /a -->\n",

		Severity: "extractor.ts extract: the block is not closed where written, so `document.md#id` extracts different content",
		Fix:      lint.FixDoc{Kind: lint.SometimesSafe, Reason: "safe when the closing ID is a near miss (edit distance 2 or less) of the open block's ID; a farther one may name another block on purpose, so the fix is unsafe"},
	},
	Requires: []*lint.Analyzer{blocksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, b := range blockStructure(pass).Mismatch {
			m, o := b.marker, b.other
			d := lint.Diagnostic{Span: m.IDSpan, Related: []lint.Related{{Span: o.IDSpan, Message: "block opened here"}}}
			if blockStructure(pass).blockOpened(m.ID) {
				d.Message = fmt.Sprintf("<!-- /%s --> closes block %q while block %q (opened on line %d inside it) is still open, so the blocks overlap; close %q first", m.ID, m.ID, o.ID, o.IDSpan.Start.Line, o.ID)
			} else {
				d.Message = fmt.Sprintf("<!-- /%s --> does not match the open block %q (line %d); did you mean <!-- /%s -->?", m.ID, o.ID, o.IDSpan.Start.Line, o.ID)
				if src(doc, m.IDSpan) == m.ID {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("close block %q", o.ID),
						Safe:    suggest.EditDistance(m.ID, o.ID) <= 2,
						Edits:   []lint.Edit{{Start: m.IDSpan.Start.Off(), End: m.IDSpan.End.Off(), New: o.ID}},
					}}
				}
			}
			pass.Report(d)
		}
		return nil, nil
	},
}
