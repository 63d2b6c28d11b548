package rules

import (
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// FenceUnclosed reports the parser's fence-unclosed problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed. When the parser
// found where an act.<id> block ends (sfmd.Fence.MissingClose), the
// finding points there and offers an unsafe fix that adds the closing
// line.
var FenceUnclosed = &lint.Analyzer{
	Name:     "fence-unclosed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "code fence is never closed",
		Why:   "an unclosed fence swallows the rest of the document: every later action, block and link becomes code",
		Bad:   "```act.search\nGET https://api.example.com/search\n\n# More\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n# More\n",

		Severity: "parser.ts parse (fence tracking): the fence swallows the rest of the document: every later action, block and link becomes code",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the closing line goes where the parser guesses the block ends, which may not be where it was meant to end"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		return reportProblems(pass, func(d *lint.Diagnostic) bool {
			if f := fenceAt(doc, d.Span.Start.Off()); f != nil && f.MissingClose != nil {
				d.Related = []lint.Related{{Span: f.MissingClose.Last, Message: "the block ends here"}}
				d.Fixes = []lint.Fix{closeFence(doc, f)}
			}
			return true
		})
	},
}

// fenceAt returns the fence whose first fence character is at offset.
func fenceAt(doc *sfmd.Document, offset int) *sfmd.Fence {
	for _, f := range doc.Fences {
		if f.Span.Start.Off() == offset {
			return f
		}
	}
	return nil
}

// closeFence adds the closing line of f after the line where its content
// ends.
func closeFence(doc *sfmd.Document, f *sfmd.Fence) lint.Fix {
	last := int(f.MissingClose.Last.Start.Line)
	at := doc.Index.LineStart(last + 1)
	nl := "\n"
	if end := doc.Index.LineEnd(last); end < len(doc.Src) && doc.Src[end] == '\r' {
		nl = "\r\n"
	}
	line := strings.Repeat(" ", f.Indent) + strings.Repeat(string(f.Char), f.Length)
	if at >= len(doc.Src) && doc.Index.LineEnd(last) == len(doc.Src) {
		// the last line of the file has no terminator
		at, line = len(doc.Src), nl+line
		nl = ""
	}
	return lint.Fix{Message: "close the block after line " + strconv.Itoa(last), Edits: []lint.Edit{{Start: at, End: at, New: line + nl}}}
}
