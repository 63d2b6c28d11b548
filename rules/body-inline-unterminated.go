package rules

import "github.com/sfmd-dev/sfmd/lint"

// BodyInlineUnterminated reports the parser's body-inline-unterminated problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var BodyInlineUnterminated = &lint.Analyzer{
	Name:     "body-inline-unterminated",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "inline -d body is unterminated or cut short",
		Why:   "the runtime reads `-d '…'` up to the next quote of the same kind, so an unquoted body, a missing closing quote or a quote inside the body sends a truncated request",
		Bad:   "```act.post\nPOST https://api.example.com/post -d '{\"t\":\"it's\"}'\n```\n",
		Good:  "```act.post\nPOST https://api.example.com/post\n  t: string (required) \"Text\"\n  body:\n    {\"t\": \"{t}\"}\n```\n",

		Severity: "the runtime cuts the body at the first matching quote and sends a truncated request",
	},
	Run: reportParserProblems,
}
