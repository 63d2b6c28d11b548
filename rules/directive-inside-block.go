package rules

import "github.com/sfmd-dev/sfmd/lint"

// DirectiveInsideBlock reports directives inside a block.
var DirectiveInsideBlock = &lint.Analyzer{
	Name:     "directive-inside-block",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "directive inside a block is ignored by the reference runtime",
		Why:   "the reference parser recognises nav, include and requirements directives only outside `<!-- #id -->` blocks",
		Bad:   "<!-- #side -->\n[!nav:main](nav/main.md)\n<!-- /side -->\n",
		Good:  "[!nav:main](nav/main.md)\n\n<!-- #side -->\nSide text.\n<!-- /side -->\n",

		Severity: "the reference parser ignores the directive",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc) {
			if d.InBlock == "" {
				continue
			}
			pass.Reportf(d.Span, "%s directive inside block %q is ignored by the reference runtime; move it outside the block", d.Type, d.InBlock)
		}
		return nil, nil
	},
}
