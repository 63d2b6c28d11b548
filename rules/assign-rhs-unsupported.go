package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// AssignRHSUnsupported reports spec assignments that the reference
// runtime prints instead of storing.
var AssignRHSUnsupported = &lint.Analyzer{
	Name:     "assign-rhs-unsupported",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "assignment form the reference runtime prints instead of storing",
		Why:   "the reference runtime only stores `{var} = {Response.…}` written at the start of the line with nothing after the closing brace; `\"literal\"` and `{other}` right sides, indentation and trailing spaces make it print the line as text",
		Bad:   "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{label} = \"default\"\n```\n",
		Good:  "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{label} = {Response.body.label}\n```\n",

		Severity: "helpers.ts executeResponseTemplate (assignment pattern): the reference runtime prints the line as text and stores nothing",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only removes the indentation or trailing whitespace that makes the runtime print the assignment, so the line stores what it says"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if !isSessionAssign(l) || l.StrictAssign || l.Loop >= 0 || !paramNameShape.Matches(l.LHS) {
					continue
				}
				switch classifyRHS(l.RHS) {
				case rhsLiteral, rhsVar:
					pass.Reportf(l.RHS.Span, "the reference runtime only stores {Response.…} right sides and prints %q as text; assign from {Response.…} instead", strings.TrimSpace(l.Line.Text))
					continue
				case rhsResponse:
				default:
					continue
				}
				off := lineOffset(doc, l.Line.Text, l.Line.Span)
				if off < 0 {
					continue
				}
				t := l.Line.Text
				if lead := len(t) - len(strings.TrimLeft(t, " \t")); lead > 0 {
					pass.Report(lint.Diagnostic{
						Span:    spanAt(doc, off, off+lead),
						Message: fmt.Sprintf("the assignment to %s is indented, so the reference runtime prints it instead of storing it; remove the indentation", l.LHSRaw),
						Fixes:   []lint.Fix{{Message: "remove the indentation", Safe: true, Edits: []lint.Edit{{Start: off, End: off + lead}}}},
					})
				}
				if trail := len(t) - len(strings.TrimRight(t, " \t")); trail > 0 {
					pass.Report(lint.Diagnostic{
						Span:    spanAt(doc, off+len(t)-trail, off+len(t)),
						Message: fmt.Sprintf("the assignment to %s ends in whitespace, so the reference runtime prints it instead of storing it; remove the trailing whitespace", l.LHSRaw),
						Fixes:   []lint.Fix{{Message: "remove the trailing whitespace", Safe: true, Edits: []lint.Edit{{Start: off + len(t) - trail, End: off + len(t)}}}},
					})
				}
			}
		}
		return nil, nil
	},
}
