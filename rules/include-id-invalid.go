package rules

import "github.com/sfmd-dev/sfmd/lint"

// IncludeIDInvalid reports include IDs outside [a-z][a-z0-9-]*.
var IncludeIDInvalid = &lint.Analyzer{
	Name:     "include-id-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "include ID does not match [a-z][a-z0-9-]*",
		Why:   "included content is addressed as `document.md#id` and resolved from `<basename>.source/<id>.md`; the spec requires lower-case letters, digits and hyphens, starting with a letter",
		Bad:   "[!include:Side_Bar]()\n",
		Good:  "[!include:sidebar]()\n",

		Severity: "spec.md §1.6: the spec's `document.md#id` address and `<basename>.source/<id>.md` path do not accept the ID",
	},
	Run: directiveNameRun("include ID", []string{"include"}),
}
