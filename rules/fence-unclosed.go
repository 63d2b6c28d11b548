package rules

import "github.com/sfmd-dev/sfmd/lint"

// FenceUnclosed reports the parser's fence-unclosed problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var FenceUnclosed = &lint.Analyzer{
	Name:     "fence-unclosed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "code fence is never closed",
		Why:   "an unclosed fence swallows the rest of the document: every later action, block and link becomes code",
		Bad:   "```act.search\nGET https://api.example.com/search\n\n# More\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n# More\n",

		Severity: "the fence swallows the rest of the document: every later action, block and link becomes code",
	},
	Run: reportParserProblems,
}
