package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// BlockIDCollidesInclude reports a block ID equal to an include ID.
var BlockIDCollidesInclude = &lint.Analyzer{
	Name:     "block-id-collides-include",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "block ID is also an include ID",
		Why:   "included content is addressed as `document.md#id` like a block, so a block and an include with the same ID make the address ambiguous (BLOCK_ID_COLLISION)",
		Bad:   "<!-- #pricing -->\nPrices.\n<!-- /pricing -->\n\n[!include:pricing]()\n",
		Good:  "<!-- #prices -->\nPrices.\n<!-- /prices -->\n\n[!include:pricing]()\n",

		Severity: "spec.md §1.5: both exist, but `document.md#id` is ambiguous (BLOCK_ID_COLLISION)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		includes := map[string]*sfmd.Directive{}
		for _, d := range pass.Doc.Directives {
			if d.Type == "include" && d.OwnLine && d.Name != "" && includes[d.Name] == nil {
				includes[d.Name] = d
			}
		}
		if len(includes) == 0 {
			return nil, nil
		}
		for _, m := range pass.Doc.Markers {
			if !m.Open || !m.OwnLine {
				continue
			}
			d := includes[m.ID]
			if d == nil {
				continue
			}
			pass.Report(lint.Diagnostic{
				Span:    m.IDSpan,
				Message: fmt.Sprintf("block %q has the same ID as the include on line %d, so %q addresses both; rename the block or the include", m.ID, d.Span.Start.Line, "#"+m.ID),
				Related: []lint.Related{{Span: d.NameSpan, Message: "include defined here"}},
			})
		}
		return nil, nil
	},
}
