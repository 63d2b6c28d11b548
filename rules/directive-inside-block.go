package rules

import "github.com/sfmd-dev/sfmd/lint"

// DirectiveInsideBlock reports nav and menu directives inside a block,
// which the reference parser never registers. An include inside a block
// is still expanded (renderer.ts expandIncludes scans the whole source)
// and a requirements line is still found (model render.go
// requirementsPath, the project's model of it), so neither is reported.
var DirectiveInsideBlock = &lint.Analyzer{
	Name:     "directive-inside-block",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "nav directive inside a block is ignored by the reference runtime",
		Why:   "the reference parser registers `[!nav:…]` and `[!menu:…]` only outside `<!-- #id -->` blocks, so a menu declared inside one does not exist for /nav (an `[!include:…]` inside a block is still expanded)",
		Bad:   "<!-- #side -->\n[!nav:main](nav/main.md)\n<!-- /side -->\n",
		Good:  "[!nav:main](nav/main.md)\n\n<!-- #side -->\nSide text.\n<!-- /side -->\n",

		Severity: "parser.ts parse() registers nav and menu directives only outside blocks, so the menu does not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "nav", "menu") {
			if d.InBlock == "" {
				continue
			}
			pass.Reportf(d.Span, "%s directive inside block %q is ignored by the reference runtime; move it outside the block", d.Type, d.InBlock)
		}
		return nil, nil
	},
}
