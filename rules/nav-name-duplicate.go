package rules

import "github.com/sfmd-dev/sfmd/lint"

// NavNameDuplicate reports a nav menu name registered twice.
var NavNameDuplicate = &lint.Analyzer{
	Name:     "nav-name-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "nav menu name registered twice",
		Why:   "nav names MUST be unique in a document; `/nav <name>` and `@<name>.id` can only reach one menu",
		Bad:   "[!nav:main](nav/a.md)\n[!nav:main](nav/b.md)\n",
		Good:  "[!nav:main](nav/a.md)\n[!nav:admin](nav/b.md)\n",

		Severity: "spec.md §1.6: `/nav <name>` can only reach one of the menus",
	},
	Run: directiveDupRun("nav menu", navTypes),
}
