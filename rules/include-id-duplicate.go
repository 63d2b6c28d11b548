package rules

import "github.com/sfmd-dev/sfmd/lint"

// IncludeIDDuplicate reports an include ID used twice.
var IncludeIDDuplicate = &lint.Analyzer{
	Name:     "include-id-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "include ID used twice",
		Why:   "include IDs MUST be unique in a document; the included content is addressed by ID",
		Bad:   "[!include:header]()\n[!include:header](h2.md)\n",
		Good:  "[!include:header]()\n[!include:header-alt](h2.md)\n",

		Severity: "spec.md §1.6: the included content is addressed by ID, so only one include is reachable",
	},
	Run: directiveDupRun("include", []string{"include"}),
}
