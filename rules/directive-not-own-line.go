package rules

import "github.com/sfmd-dev/sfmd/lint"

// DirectiveNotOwnLine reports directives written inside a line of text.
var DirectiveNotOwnLine = &lint.Analyzer{
	Name:     "directive-not-own-line",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "directive is not on its own line",
		Why:   "a directive MUST be alone on its line; inside text it is rendered as an ordinary link and never registered",
		Bad:   "See [!nav:main](nav/main.md) for menus\n",
		Good:  "[!nav:main](nav/main.md)\n",

		Severity: "parser.ts parse (directive patterns anchored to the line): inside text the directive is an ordinary link and is never registered",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range pass.Doc.Directives {
			if d.OwnLine || !hasString(knownDirectives, d.Type) {
				continue
			}
			pass.Reportf(d.Span, "%s directive shares its line with other text, so it is rendered as a link and never registered; put it on a line of its own", d.Type)
		}
		return nil, nil
	},
}
