package rules

import (
	"fmt"
	"slices"

	"github.com/sfmd-dev/sfmd/lint"
)

// BlockNestedCompat reports nested blocks, which the reference runtime
// rejects.
var BlockNestedCompat = &lint.Analyzer{
	Name:     "block-nested-compat",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "nested block is rejected by the reference runtime",
		Why:   "the spec allows nested blocks, but the reference parser reports NESTED_BLOCK and ignores the inner block, so `document.md#inner` does not exist there; flat sibling blocks work everywhere",
		Bad:   "<!-- #report -->\n<!-- #summary -->\nText\n<!-- /summary -->\n<!-- /report -->\n",
		Good:  "<!-- #report -->\nText\n<!-- /report -->\n\n<!-- #summary -->\nText\n<!-- /summary -->\n",

		Severity: "the reference parser reports NESTED_BLOCK and ignores the inner block",
	},
	Requires: []*lint.Analyzer{blocksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		bs := blockStructure(pass)
		for _, b := range bs.Nested {
			if !b.other.Exact || slices.ContainsFunc(bs.Unclosed, func(u blockIssue) bool { return u.marker == b.other }) {
				// the runtime does not see the enclosing block as written:
				// block-marker-malformed or block-unclosed reports it
				continue
			}
			pass.Report(lint.Diagnostic{
				Span:    b.marker.IDSpan,
				Message: fmt.Sprintf("block %q is nested inside block %q (line %d), so the reference runtime reports NESTED_BLOCK and ignores the inner block; make them sibling blocks", b.marker.ID, b.other.ID, b.other.IDSpan.Start.Line),
				Related: []lint.Related{{Span: b.other.IDSpan, Message: "enclosing block opened here"}},
			})
		}
		return nil, nil
	},
}
