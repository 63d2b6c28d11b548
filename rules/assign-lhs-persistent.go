package rules

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// AssignLHSPersistent reports assignments to $VAR.
var AssignLHSPersistent = &lint.Analyzer{
	Name:     "assign-lhs-persistent",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "response template assigns to a persistent $VAR",
		Why:   "assignments store session variables only; `$TOKEN = …` MUST NOT be used and the runtime prints the line instead of storing anything",
		Bad:   "```act.login\nPOST https://api.example.com/login\n```\n\n```act.login.response\n$TOKEN = {Response.body.token}\n```\n",
		Good:  "```act.login\nPOST https://api.example.com/login\n```\n\n```act.login.response\n{token} = {Response.body.token}\n```\n",

		Severity: "helpers.ts executeResponseTemplate (assignment pattern): the runtime prints the line as text instead of storing anything",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the value goes to a session variable instead, and later uses of the $VAR are not renamed"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				var span sfmd.Span
				var raw string
				switch {
				case l.Kind == sfmd.LineAssign && isDollar(l.LHSRaw):
					span, raw = l.LHSSpan, l.LHSRaw
				case l.Kind == sfmd.LineOutput:
					text := l.Line.Text
					trimmed := strings.TrimLeft(text, " \t")
					if symFast && !strings.HasPrefix(trimmed, "$") {
						continue // no match of ^\$ (TestSymFast)
					}
					m := dollarAssignRe.FindString(trimmed)
					off := lineOffset(doc, text, l.Line.Span)
					if m == "" || off < 0 {
						continue
					}
					raw = strings.TrimRight(strings.TrimSuffix(m, "="), " \t")
					start := off + len(text) - len(trimmed)
					span = spanAt(doc, start, start+len(raw))
				default:
					continue
				}
				want := snakeCase(strings.TrimPrefix(raw, "$"))
				d := lint.Diagnostic{
					Span:    span,
					Message: fmt.Sprintf("cannot assign to persistent variable %q in a response template; assign a session variable instead, e.g. \"{%s}\"", raw, want),
				}
				// The fix only helps where the renamed line is an assignment the
				// runtime stores: at column 0, with a {Response.…} right side.
				if want != "" && src(doc, span) == raw && storesAfterRename(doc, l.Line, span) {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("assign session variable {%s} instead", want),
						Safe:    false, // later uses of $VAR are not renamed
						Edits:   []lint.Edit{{Start: span.Start.Off(), End: span.End.Off(), New: "{" + want + "}"}},
					}}
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}

var dollarAssignRe = lazyre.New(`^\$[A-Za-z][A-Za-z0-9_]*\s*=`)

// storesAfterRename reports whether line, with its left side at span
// renamed to a session variable, is an assignment the runtime stores
// (runtime-semantics.md §3: no leading whitespace, "= {Response.…}" to the
// end of the line).
func storesAfterRename(doc *sfmd.Document, line sfmd.Line, span sfmd.Span) bool {
	off := lineOffset(doc, line.Text, line.Span)
	if off < 0 || span.Start.Off() != off {
		return false
	}
	rest := strings.TrimSpace(line.Text[span.End.Off()-off:])
	rhs, ok := strings.CutPrefix(rest, "=")
	rhs = strings.TrimSpace(rhs)
	return ok && strings.HasPrefix(rhs, "{Response.") && strings.HasSuffix(rhs, "}")
}
