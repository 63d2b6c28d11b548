package rules

import "github.com/sfmd-dev/sfmd/lint"

// ActionBlockEmpty reports the parser's action-block-empty problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var ActionBlockEmpty = &lint.Analyzer{
	Name:     "action-block-empty",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action block has no definition line",
		Why:   "the first line of an action block is its `METHOD url-or-command` definition; the runtime takes the first line even when it is blank and rejects the block (INVALID_ACTION_BLOCK)",
		Bad:   "```act.search\n\nGET https://api.example.com/search\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n",

		Severity: "parser.ts parseActionBlock returns null and parse reports INVALID_ACTION_BLOCK: the runtime rejects the block (INVALID_ACTION_BLOCK), so the action does not exist",
	},
	Run: reportParserProblems,
}
