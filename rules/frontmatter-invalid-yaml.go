package rules

import "github.com/sfmd-dev/sfmd/lint"

// FrontmatterInvalidYAML reports the parser's frontmatter-invalid-yaml problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var FrontmatterInvalidYAML = &lint.Analyzer{
	Name:     "frontmatter-invalid-yaml",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter is not valid YAML",
		Why:   "frontmatter MUST be valid YAML; the runtime ignores all of it (name, default, env) when it does not parse",
		Bad:   "---\ntags: [a, b\n---\n",
		Good:  "---\ntags: [a, b]\n---\n",

		Severity: "spec.md §1.4: the runtime ignores the whole frontmatter (name, default, env)",
	},
	Run: reportParserProblems,
}
