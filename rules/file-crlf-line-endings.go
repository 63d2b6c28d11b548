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

// crTemplateLines returns the response template lines ending in "\r\n"
// that the runtime matches with end-anchored patterns (assignments, value
// shortcuts, for:, save: and to:): with the "\r" they no longer match and
// are printed as text.
func crTemplateLines(doc *sfmd.Document) []*sfmd.TemplateLine {
	// a line's span ends before its terminator, or at its "\r" when the
	// parser kept it in the text
	cr := func(end int) bool {
		return end < len(doc.Src) && doc.Src[end] == '\r' || end > 0 && end <= len(doc.Src) && doc.Src[end-1] == '\r'
	}
	var out []*sfmd.TemplateLine
	for _, r := range doc.Responses {
		for _, l := range r.Lines {
			switch l.Kind {
			case sfmd.LineAssign, sfmd.LineValueShortcut, sfmd.LineFor, sfmd.LineSave, sfmd.LineTo:
				if cr(l.Line.Span.End.Off()) {
					out = append(out, l)
				}
			}
		}
	}
	return out
}

// FileCRLFLineEndings reports files with CRLF line endings.
var FileCRLFLineEndings = &lint.Analyzer{
	Name:        "file-crlf-line-endings",
	Severity:    lint.Info,
	MaxSeverity: lint.Error,
	Profile:     lint.Core,
	Doc: lint.Doc{
		Title: "file uses CRLF line endings",
		Why: "the runtime reads the file as is and splits it on \"\\n\" only, then matches parameter lines and template assignments with patterns anchored at the end of the line " +
			"(`parseActionBlock` in `packages/core/src/parser.ts`; `executeResponseTemplate` in `packages/string/src/commands/helpers.ts`), so with CRLF each such line keeps a \"\\r\" and no longer matches: " +
			"every parameter line is dropped, and assignments, `for:`, `save:` and `to:` lines are printed as text. sfmd's runtime model (package model) does the same; a document without such lines is read alike",
		Bad:  "```act.a\r\nGET https://api.example.com/a\r\n  q: string \"Query\"\r\n```\r\n",
		Good: "```act.a\nGET https://api.example.com/a\n  q: string \"Query\"\n```\n",

		Severity: "an error on each parameter line ending in CRLF, which the reference runtime drops (loader.ts Loader.loadFile reads the file as is; parser.ts parse splits it on \"\\n\" and ACTION_BLOCK_FIELD_RE must match up to the end of the line, \"\\r\" included), and on a document whose template assignments, loops, save: or to: lines helpers.ts executeResponseTemplate then prints as text; info for a file where no such line is affected (LF is recommended)",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "every line ending in the file changes, and lines the runtime printed or dropped start to take effect"},
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
		tpl := crTemplateLines(doc)
		var tplNote string
		var tplRelated []lint.Related
		if len(tpl) > 0 {
			tplNote = fmt.Sprintf("; %s printed as text for the same reason", plural(len(tpl), "template assignment, loop, save: or to: line"))
			tplRelated = []lint.Related{{Span: tpl[0].Line.Span, Message: "this line is printed as text"}}
		}
		if dropped := crParams(doc); len(dropped) > 0 {
			// the runtime drops these lines: an error on each, the fix (for
			// the whole file) and the template lines on the first, so that
			// one fix is counted once
			for i, p := range dropped {
				d := lint.Diagnostic{
					Span:     p.Span,
					Severity: lint.Error,
					Message:  fmt.Sprintf("parameter line %q ends in CRLF, and the reference runtime drops it: it splits lines on \"\\n\" only, so its field pattern sees the \"\\r\"; convert the file to LF line endings", p.Name),
				}
				if i == 0 {
					d.Fixes, d.Message, d.Related = fix, d.Message+tplNote, tplRelated
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
		d := lint.Diagnostic{Span: spanAt(doc, first, first+1), Fixes: fix}
		if len(tpl) > 0 {
			d.Severity = lint.Error
			d.Message = fmt.Sprintf("%s in CRLF, and the runtime, which splits lines on \"\\n\", prints %s as text; convert the file to LF line endings", lines, plural(len(tpl), "template assignment, loop, save: or to: line"))
			d.Related = tplRelated
		} else {
			d.Message = fmt.Sprintf("%s in CRLF; convert the file to LF line endings (LF is recommended; no parameter or template line is affected here)", lines)
		}
		pass.Report(d)
		return nil, nil
	},
}

// plural is "1 line" or "n lines" (thing made plural with an "s").
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
