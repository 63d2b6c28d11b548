package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// FileCRLFLineEndings reports files with CRLF line endings.
var FileCRLFLineEndings = &lint.Analyzer{
	Name:     "file-crlf-line-endings",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "file uses CRLF line endings",
		Why: "the runtime's parser splits lines on \"\\n\" only and matches parameter lines and template assignments with patterns anchored at the end of the line " +
			"(`parseActionBlock` in `packages/core/src/parser.ts`; `executeResponseTemplate` in `packages/string/src/commands/helpers.ts`), so with CRLF each such line keeps a \"\\r\" and no longer matches: " +
			"every parameter line is dropped, and assignments, `for:`, `save:` and `to:` lines are printed as text. sfmd's runtime model (runner/runtime) does the same; a document without such lines is read alike",
		Bad:  "```act.a\r\nGET https://api.example.com/a\r\n  q: string \"Query\"\r\n```\r\n",
		Good: "```act.a\nGET https://api.example.com/a\n  q: string \"Query\"\n```\n",

		Severity: "error when the document has parameter lines or template assignments, loops, save: or to: lines, which parser.ts parseActionBlock and helpers.ts executeResponseTemplate match with patterns anchored at the end of the line and so no longer recognise with a trailing \"\\r\"; info (portability) for any other document",
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
		d := lint.Diagnostic{
			Span:  spanAt(doc, first, first+1),
			Fixes: []lint.Fix{{Message: "convert CRLF line endings to LF", Safe: false, Edits: edits}},
		}
		if effect, related := crlfEffect(doc); effect != "" {
			d.Message = fmt.Sprintf("%s in CRLF, and the runtime, which splits lines on \"\\n\", %s; convert the file to LF line endings", lines, effect)
			d.Related = related
		} else {
			d.Message = fmt.Sprintf("%s in CRLF; convert the file to LF line endings (the runtime splits lines on \"\\n\" and keeps the \"\\r\", which this document's lines tolerate)", lines)
			d.Severity, d.SeveritySet = lint.Info, true
		}
		pass.Report(d)
		return nil, nil
	},
}

// crlfEffect says what the runtime's parser does with the lines of doc
// that end in "\r\n" and that it matches with end-anchored patterns:
// parameter lines (dropped) and template assignments, value shortcuts,
// for:, save: and to: lines (printed as text). It is "" when there are
// none; related points at the first of each.
func crlfEffect(doc *sfmd.Document) (string, []lint.Related) {
	// a line's span ends before its terminator, or at its "\r" when the
	// parser kept it in the text
	crlf := func(end int) bool {
		return end < len(doc.Src) && doc.Src[end] == '\r' || end > 0 && end <= len(doc.Src) && doc.Src[end-1] == '\r'
	}
	var params, tpl int
	var related []lint.Related
	for _, a := range doc.Actions {
		for _, p := range a.Params {
			if crlf(p.Line.Span.End.Offset) {
				if params == 0 {
					related = append(related, lint.Related{Span: p.Span, Message: "this parameter line is dropped"})
				}
				params++
			}
		}
	}
	for _, r := range doc.Responses {
		for _, l := range r.Lines {
			switch l.Kind {
			case sfmd.LineAssign, sfmd.LineValueShortcut, sfmd.LineFor, sfmd.LineSave, sfmd.LineTo:
			default:
				continue
			}
			if crlf(l.Line.Span.End.Offset) {
				if tpl == 0 {
					related = append(related, lint.Related{Span: l.Line.Span, Message: "this line is printed as text"})
				}
				tpl++
			}
		}
	}
	var parts []string
	if params > 0 {
		parts = append(parts, fmt.Sprintf("drops %s", plural(params, "parameter line")))
	}
	if tpl > 0 {
		parts = append(parts, fmt.Sprintf("prints %s as text", plural(tpl, "template assignment, loop, save: or to: line")))
	}
	return strings.Join(parts, " and "), related
}

// plural is "1 line" or "n lines" (thing made plural with an "s").
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
