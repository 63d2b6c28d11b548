package rules

import (
	"strconv"

	"github.com/sfmd-dev/sfmd/lint"
)

// FrontmatterUnclosed reports the parser's frontmatter-unclosed problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed. When the parser
// found where the fields end (sfmd.Frontmatter.LastLine), an unsafe fix
// adds the closing "---" there.
var FrontmatterUnclosed = &lint.Analyzer{
	Name:     "frontmatter-unclosed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter has no closing ---",
		Why:   "the closing `---` MUST be on its own line; without it the runtime reads no frontmatter at all: its fields are ignored and shown as content",
		Bad:   "---\nname: weather\n# Weather\n",
		Good:  "---\nname: weather\n---\n# Weather\n",

		Severity: "spec.md §1.4: the whole document is read as YAML, or the frontmatter as content",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the closing `---` goes where the parser guesses the fields end, which may not be where they were meant to end"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		return reportProblems(pass, func(d *lint.Diagnostic) bool {
			if fm := doc.Frontmatter; fm != nil && fm.LastLine > 0 {
				at, nl := doc.Index.LineStart(fm.LastLine+1), "\n"
				if end := doc.Index.LineEnd(fm.LastLine); end < len(doc.Src) && doc.Src[end] == '\r' {
					nl = "\r\n"
				}
				d.Fixes = []lint.Fix{{Message: "close the frontmatter after line " + strconv.Itoa(fm.LastLine),
					Edits: []lint.Edit{{Start: at, End: at, New: "---" + nl}}}}
			}
			return true
		})
	},
}
