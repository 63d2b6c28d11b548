package rules

import "github.com/sfmd-dev/sfmd/lint"

// FileNotUTF8 reports the parser's file-not-utf8 problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var FileNotUTF8 = &lint.Analyzer{
	Name:     "file-not-utf8",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "file is not valid UTF-8",
		Why:   "SFMD files are UTF-8; other encodings turn non-ASCII text into garbage for the runtime and the agent",
		Bad:   "# Caf\xe9 menu\n",
		Good:  "# Café menu\n",

		Severity: "loader.ts Loader.loadFile (reads utf-8): non-ASCII text reaches the runtime and the agent as garbage",
	},
	Run: reportParserProblems,
}
