package rules

import (
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// BodyInlineUnterminated reports the parser's body-inline-unterminated problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed. A -d body that
// goes on over the next lines (sfmd.Action.Continuation) gets an unsafe
// fix that joins it onto the first line.
var BodyInlineUnterminated = &lint.Analyzer{
	Name:     "body-inline-unterminated",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "inline -d body is unterminated or cut short",
		Why:   "the runtime reads `-d '…'` up to the next quote of the same kind and only on the first line of the action, so an unquoted body, a missing closing quote, a quote inside the body or a body spread over several lines sends a truncated request",
		Bad:   "```act.post\nPOST https://api.example.com/post -d '{\"t\":\"it's\"}'\n```\n",
		Good:  "```act.post\nPOST https://api.example.com/post -d '{\"t\": \"{t}\"}'\n  t: string (required) \"Text\"\n```\n",

		Severity: "parser.ts parseHeaderFlags: the runtime cuts the body at the first matching quote and sends a truncated request",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "joining the continuation lines onto the first line changes the body the runtime sends (today it ignores those lines)"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		var continued map[int]*sfmd.Action // built on the first problem
		return reportProblems(pass, func(d *lint.Diagnostic) bool {
			if continued == nil {
				continued = continuedBodies(doc)
			}
			if a := continued[d.Span.Start.Off()]; a != nil {
				d.Fixes = []lint.Fix{joinLines(a)}
				for _, l := range a.Continuation {
					d.Related = append(d.Related, lint.Related{Span: trimmedSpan(doc, l), Message: "ignored by the runtime"})
				}
			}
			return true
		})
	},
}

// continuedBodies maps the offset where an unterminated -d body starts to
// its action, for the bodies that go on over the next lines.
func continuedBodies(doc *sfmd.Document) map[int]*sfmd.Action {
	m := map[int]*sfmd.Action{}
	for _, a := range doc.Actions {
		if b := a.InlineBody; b != nil && !b.Closed && len(a.Continuation) > 0 {
			if _, dup := m[b.Span.Start.Off()]; !dup {
				m[b.Span.Start.Off()] = a
			}
		}
	}
	return m
}

// joinLines joins the continuation lines of a onto its first line, one
// space where each line break and indentation was.
func joinLines(a *sfmd.Action) lint.Fix {
	prev := a.FirstLine.Span.End.Off()
	var edits []lint.Edit
	for _, l := range a.Continuation {
		t := strings.TrimSpace(l.Text)
		if t == "" {
			continue
		}
		start := l.Span.Start.Off() + strings.Index(l.Text, t)
		edits = append(edits, lint.Edit{Start: prev, End: start, New: " "})
		prev = start + len(t)
	}
	return lint.Fix{Message: "join the body onto line " + strconv.Itoa(int(a.FirstLine.Span.Start.Line)), Edits: edits}
}
