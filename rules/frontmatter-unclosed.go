package rules

import "github.com/sfmd-dev/sfmd/lint"

// FrontmatterUnclosed reports the parser's frontmatter-unclosed problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var FrontmatterUnclosed = &lint.Analyzer{
	Name:     "frontmatter-unclosed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter has no closing ---",
		Why:   "the closing `---` MUST be on its own line; without it the whole document is read as YAML or the frontmatter is shown as content",
		Bad:   "---\nname: weather\n# Weather\n",
		Good:  "---\nname: weather\n---\n# Weather\n",

		Severity: "the whole document is read as YAML, or the frontmatter as content",
	},
	Run: reportParserProblems,
}
