package rules

import "github.com/sfmd-dev/sfmd/lint"

// ParamSyntaxInvalid reports the parser's param-syntax-invalid problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var ParamSyntaxInvalid = &lint.Analyzer{
	Name:     "param-syntax-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter line does not follow name: type (constraints) \"description\"",
		Why:   "the runtime only reads parameter lines of the form `name: type (constraints) \"description\" = \"default\"`; a malformed line is dropped and the flag does not exist",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q:string (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	},
	Run: reportParserProblems,
}
