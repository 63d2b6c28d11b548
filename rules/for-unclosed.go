package rules

import "github.com/sfmd-dev/sfmd/lint"

// ForUnclosed reports the parser's for-unclosed problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var ForUnclosed = &lint.Analyzer{
	Name:     "for-unclosed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "for: loop has no end: line",
		Why:   "`end:` closes the nearest open loop; without it the loop body runs to the end of the template and the lines meant to follow it repeat",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n- {p.title}\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n- {p.title}\nend:\n```\n",

		Severity: "the loop body runs to the end of the template, so the lines meant to follow it repeat",
	},
	Run: reportParserProblems,
}
