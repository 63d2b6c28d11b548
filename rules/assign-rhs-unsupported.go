package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// AssignRHSUnsupported reports spec assignments that the reference
// runtime prints instead of storing.
var AssignRHSUnsupported = &lint.Analyzer{
	Name:     "assign-rhs-unsupported",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Doc: lint.Doc{
		Title: "assignment form the reference runtime prints instead of storing",
		Why:   "the reference runtime only stores `{var} = {Response.…}` written at the start of the line with nothing after the closing brace; `\"literal\"` and `{other}` right sides, indentation and trailing spaces make it print the line as text. A value shortcut `{@name} = value` is registered only when written at the start of the line with a value after `=`",
		Bad:   "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{label} = \"default\"\n```\n",
		Good:  "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{label} = {Response.body.label}\n```\n",

		Severity: "helpers.ts executeResponseTemplate (assignment and value-shortcut patterns; model.TemplateLineRaw): the reference runtime prints the line as text and stores nothing",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only removes the indentation or trailing whitespace that makes the runtime print the assignment, so the line stores what it says"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		syms := symbols(pass)
		syms.eachLine(doc, func(_ int, _ *sfmd.Response, _ int, l *sfmd.TemplateLine) { checkRawValueShortcut(pass, l) }, sfmd.LineValueShortcut)
		syms.eachAssign(doc, func(f assignFacts, form rhsForm) bool {
			return f&(factSession|factStrict|factLoop) == factSession && (form == rhsLiteral || form == rhsVar || form == rhsResponse)
		}, func(_ int, _ *sfmd.Response, _ int, l *sfmd.TemplateLine) {
			if !isSessionAssign(l) || l.StrictAssign || l.Loop >= 0 || !paramNameShape.Matches(l.LHS) {
				return
			}
			switch classifyRHS(l.RHS) {
			case rhsLiteral, rhsVar:
				pass.Reportf(l.RHS.Span, "the reference runtime only stores {Response.…} right sides and prints %q as text; assign from {Response.…} instead", strings.TrimSpace(l.Line.Text))
				return
			case rhsResponse:
			default:
				return
			}
			off := lineOffset(doc, l.Line.Text, l.Line.Span)
			if off < 0 {
				return
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
		})
		return nil, nil
	},
}

// checkRawValueShortcut reports a value shortcut line the runtime prints
// as text (model.TemplateLineRaw): indented, or with no value.
func checkRawValueShortcut(pass *lint.Pass, l *sfmd.TemplateLine) {
	doc := pass.Doc
	t := l.Line.Text
	if !model.TemplateLineRaw(t, l.Loop >= 0) {
		return
	}
	off := lineOffset(doc, t, l.Line.Span)
	if off < 0 {
		return
	}
	if lead := len(t) - len(strings.TrimLeft(t, " \t")); lead > 0 {
		pass.Report(lint.Diagnostic{
			Span:    spanAt(doc, off, off+lead),
			Message: fmt.Sprintf("the value shortcut {@%s} is indented, so the reference runtime prints it instead of registering it; remove the indentation", l.LHS),
			Fixes:   []lint.Fix{{Message: "remove the indentation", Safe: true, Edits: []lint.Edit{{Start: off, End: off + lead}}}},
		})
		return
	}
	if l.RHS == nil || strings.TrimSpace(l.RHS.Text) == "" {
		pass.Reportf(lineTrimSpan(doc, l.Line), "the value shortcut {@%s} has no value, so the reference runtime prints the line as text; write {@%s} = <value>", l.LHS, l.LHS)
	}
}
