package rules

import "github.com/sfmd-dev/sfmd/lint"

// NavNameInvalid reports nav menu names outside [a-z][a-z0-9-]*.
var NavNameInvalid = &lint.Analyzer{
	Name:     "nav-name-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "nav menu name does not match [a-z][a-z0-9-]*",
		Why:   "nav names are typed in `/nav <name>` and used as the `@<name>.id` shortcut namespace; the spec requires lower-case letters, digits and hyphens, starting with a letter",
		Bad:   "[!nav:Main_Menu](nav/main.md)\n",
		Good:  "[!nav:main-menu](nav/main.md)\n",

		Severity: "spec.md §1.6: the spec's `/nav <name>` and `@<name>.id` forms do not accept the name",
	},
	Run: directiveNameRun("nav name", navTypes),
}
