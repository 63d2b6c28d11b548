package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// crParams returns the parameter lines that end in "\r\n".
func crParams(doc *sfmd.Document) []*sfmd.Param {
	var out []*sfmd.Param
	for _, a := range doc.Actions {
		for _, p := range a.Params {
			if p.CR {
				out = append(out, p)
			}
		}
	}
	return out
}

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

		Severity: "an error on each parameter line ending in CRLF, which the reference runtime drops (loader.ts loadFile reads the file as is; parser.ts parse splits it on \"\\n\" and ACTION_BLOCK_FIELD_RE must match up to the end of the line, \"\\r\" included); info for a file where no parameter line is affected (LF is recommended)",
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
		fix := []lint.Fix{{Message: "convert CRLF line endings to LF", Safe: false, Edits: edits}}
		if dropped := crParams(doc); len(dropped) > 0 {
			// the runtime drops these lines: an error on each, the fix (for
			// the whole file) on the first, so that one fix is counted once
			for i, p := range dropped {
				d := lint.Diagnostic{
					Span:     p.Span,
					Severity: lint.Error, SeveritySet: true,
					Message: fmt.Sprintf("parameter line %q ends in CRLF, and the reference runtime drops it: it splits lines on \"\\n\" only, so its field pattern sees the \"\\r\"; convert the file to LF line endings", p.Name),
				}
				if i == 0 {
					d.Fixes = fix
				}
				pass.Report(d)
			}
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
			Message: fmt.Sprintf("%s in CRLF; convert the file to LF line endings (LF is recommended; no parameter line is affected here)", lines),
			Fixes:   fix,
		})
		return nil, nil
	},
}
