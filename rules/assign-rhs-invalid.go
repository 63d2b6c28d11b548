package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// AssignRHSInvalid reports assignments whose right side is not one of the
// spec's expression forms.
var AssignRHSInvalid = &lint.Analyzer{
	Name:     "assign-rhs-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Doc: lint.Doc{
		Title: "assignment right side is not {Response.…}, {var} or \"literal\"",
		Why:   "an assignment stores one expression: `{Response.body.x}`, `{Response.status}`, `{other_variable}` or a `\"literal\"`; anything else is not an assignment and the runtime prints the line as text",
		Bad:   "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city} = Response.body.city\n```\n",
		Good:  "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city} = {Response.body.city}\n```\n",

		Severity: "helpers.ts executeResponseTemplate (assignment pattern): the runtime prints the line as text instead of storing anything",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only adds the braces a response reference needs, so the line stores the value it names instead of being printed"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		symbols(pass).eachAssign(doc, func(f assignFacts, form rhsForm) bool {
			return f&factSession != 0 && (form == rhsEmpty || form == rhsInvalid)
		}, func(_ int, _ *sfmd.Response, _ int, l *sfmd.TemplateLine) {
			if !isSessionAssign(l) {
				return
			}
			switch classifyRHS(l.RHS) {
			case rhsEmpty:
				pass.Reportf(lineTrimSpan(doc, l.Line), "assignment to %s has no value; write %s = {Response.body.<path>}", l.LHSRaw, l.LHSRaw)
			case rhsInvalid:
				rhs := l.RHS.Text
				d := lint.Diagnostic{Span: l.RHS.Span}
				switch {
				case strings.HasPrefix(rhs, "Response.") && !strings.ContainsAny(rhs, " \t{}"):
					d.Message = fmt.Sprintf("right side %q of the assignment to %s is missing its braces; write {%s}", rhs, l.LHSRaw, rhs)
					if src(doc, l.RHS.Span) == rhs {
						d.Fixes = []lint.Fix{{Message: "wrap the reference in braces", Safe: true, Edits: []lint.Edit{
							{Start: l.RHS.Span.Start.Off(), End: l.RHS.Span.Start.Off(), New: "{"},
							{Start: l.RHS.Span.End.Off(), End: l.RHS.Span.End.Off(), New: "}"}}}}
					}
				case len(l.RHS.Refs) > 1 || len(l.RHS.Refs) == 1 && l.RHS.Refs[0].Raw != rhs:
					d.Message = fmt.Sprintf("right side %q of the assignment to %s is not a single expression, so the line is printed instead of stored; assign one {Response.…} per variable and combine them in an output line", rhs, l.LHSRaw)
				default:
					d.Message = fmt.Sprintf("right side %q of the assignment to %s is not {Response.…}, {variable} or a \"literal\", so the line is printed instead of stored; write %s = {Response.body.<path>} or %s = %q", rhs, l.LHSRaw, l.LHSRaw, l.LHSRaw, strings.Trim(rhs, `"`))
				}
				pass.Report(d)
			}
		})
		return nil, nil
	},
}
