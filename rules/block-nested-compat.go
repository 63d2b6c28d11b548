package rules

import (
	"fmt"
	"slices"

	"github.com/sfmd-dev/sfmd/lint"
)

// BlockNestedCompat reports nested blocks, which the reference runtime
// serves but its parser reports.
var BlockNestedCompat = &lint.Analyzer{
	Name:     "block-nested-compat",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "nested block is reported by the reference parser",
		Why:   "the spec allows nested blocks and the reference runtime serves them: extract() stops at the first `<!-- /id -->` of its own id, so `document.md#inner` and `[!include:inner]` work; but its parse() reports NESTED_BLOCK (and MISMATCHED_BLOCK at the inner close) and leaves the inner block out of the blocks it lists; flat sibling blocks avoid both",
		Bad:   "<!-- #report -->\n<!-- #summary -->\nText\n<!-- /summary -->\n<!-- /report -->\n",
		Good:  "<!-- #report -->\nText\n<!-- /report -->\n\n<!-- #summary -->\nText\n<!-- /summary -->\n",

		Severity: "works: extractor.ts extract() serves a nested block; only parser.ts parse() reports NESTED_BLOCK and leaves the inner block out of its list",
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
				Message: fmt.Sprintf("block %q is nested inside block %q (line %d): the reference runtime serves it, but its parser reports NESTED_BLOCK and leaves %q out of the blocks it lists; sibling blocks avoid that", b.marker.ID, b.other.ID, b.other.IDSpan.Start.Line, b.marker.ID),
				Related: []lint.Related{{Span: b.other.IDSpan, Message: "enclosing block opened here"}},
			})
		}
		return nil, nil
	},
}
