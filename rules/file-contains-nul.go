package rules

import "github.com/sfmd-dev/sfmd/lint"

// FileContainsNUL reports the parser's file-contains-nul problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var FileContainsNUL = &lint.Analyzer{
	Name:     "file-contains-nul",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "file contains a NUL byte",
		Why:   "a NUL byte means the file is binary or corrupted; Markdown tools and the runtime truncate or reject it",
		Bad:   "# Notes\x00\n",
		Good:  "# Notes\n",

		Severity: "spec.md §1.2: an SFMD file is UTF-8 text; a NUL byte means it is binary or corrupted, which Markdown tools may truncate or reject",
	},
	Run: reportParserProblems,
}
