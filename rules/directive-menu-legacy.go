package rules

import "github.com/sfmd-dev/sfmd/lint"

// DirectiveMenuLegacy reports the legacy [!menu:name] alias of nav.
var DirectiveMenuLegacy = &lint.Analyzer{
	Name:     "directive-menu-legacy",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Tags:     []lint.Tag{lint.Deprecated},
	Doc: lint.Doc{
		Title: "menu directive is the legacy form of nav",
		Why:   "only `[!nav:name]` is in the spec; `[!menu:name]` is kept by the reference runtime for backwards compatibility and other runtimes ignore it",
		Bad:   "[!menu:main](nav/main.md)\n",
		Good:  "[!nav:main](nav/main.md)\n",

		Severity: "parser.ts parse (MENU_RE): the reference runtime still reads `[!menu:…]`; other runtimes ignore it (portability)",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "the reference runtime reads `[!menu:…]` and `[!nav:…]` alike"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "menu") {
			pass.Report(lint.Diagnostic{
				Span:    d.TypeSpan,
				Message: "[!menu:…] is the legacy form of the nav directive; write [!nav:" + d.Name + "]",
				Fixes: []lint.Fix{{Message: "replace \"menu\" with \"nav\"", Safe: true,
					Edits: []lint.Edit{{Start: d.TypeSpan.Start.Off(), End: d.TypeSpan.End.Off(), New: "nav"}}}},
			})
		}
		return nil, nil
	},
}
