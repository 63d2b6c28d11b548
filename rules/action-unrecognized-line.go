package rules

import "github.com/sfmd-dev/sfmd/lint"

// ActionUnrecognizedLine reports the parser's action-unrecognized-line problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var ActionUnrecognizedLine = &lint.Analyzer{
	Name:     "action-unrecognized-line",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "line in an action block is not a parameter or body",
		Why:   "after the first line an action block holds only indented parameter lines and a `body:` section; the runtime silently drops anything else",
		Bad:   "```act.search\nGET https://api.example.com/search\n  ??? junk\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "the runtime silently drops the line",
	},
	Run: reportParserProblems,
}
