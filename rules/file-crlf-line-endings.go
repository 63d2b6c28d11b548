package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// FileCRLFLineEndings reports files with CRLF line endings.
var FileCRLFLineEndings = &lint.Analyzer{
	Name:     "file-crlf-line-endings",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "file uses CRLF line endings",
		Why:   "LF is the recommended line ending; the reference runtime splits lines on \"\\n\" only, so with CRLF every parameter line keeps a \"\\r\" and can be silently dropped",
		Bad:   "---\r\ntitle: Weather\r\n---\r\n",
		Good:  "---\ntitle: Weather\n---\n",

		Severity: "parser.ts parse (split on \"\\n\"; field pattern anchored at $): LF is recommended; whether the reference runtime keeps a \"\\r\" on parameter lines (and drops them) depends on its loader, which could not be checked",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		if doc.CRLF == 0 {
			return nil, nil
		}
		var edits []lint.Edit
		first := -1
		for i := 0; i+1 < len(doc.Src); i++ {
			if doc.Src[i] == '\r' && doc.Src[i+1] == '\n' {
				if first < 0 {
					// point at the first of a run of '\r's ("\r\r\n")
					first = i
					for first > 0 && doc.Src[first-1] == '\r' {
						first--
					}
				}
				edits = append(edits, lint.Edit{Start: i, End: i + 1})
			}
		}
		if first < 0 {
			return nil, nil
		}
		lines := "every line ends"
		if n := index(doc).LineCount(); len(edits) < n-1 {
			lines = fmt.Sprintf("%d of %d lines end", len(edits), n)
		} else if len(edits) == 1 {
			lines = "the line ends"
		}
		pass.Report(lint.Diagnostic{
			Span:    spanAt(doc, first, first+1),
			Message: fmt.Sprintf("%s in CRLF; convert the file to LF line endings (the reference runtime keeps a \"\\r\" on parameter lines)", lines),
			Fixes:   []lint.Fix{{Message: "convert CRLF line endings to LF", Safe: false, Edits: edits}},
		})
		return nil, nil
	},
}
