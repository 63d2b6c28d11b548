package rules

import "github.com/sfmd-dev/sfmd/lint"

// FrontmatterNotMapping reports the parser's frontmatter-not-mapping problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var FrontmatterNotMapping = &lint.Analyzer{
	Name:     "frontmatter-not-mapping",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter is not a key: value mapping",
		Why:   "frontmatter fields are `key: value` pairs; a list or a scalar defines no field at all",
		Bad:   "---\n- a\n- b\n---\n",
		Good:  "---\ntags: [a, b]\n---\n",

		Severity: "spec.md §1.4: no field is defined at all",
	},
	Run: reportParserProblems,
}
