package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// AssignSpacing reports assignments not written "{var} = value".
var AssignSpacing = &lint.Analyzer{
	Name:     "assign-spacing",
	Severity: lint.Info,
	Profile:  lint.Style,
	Doc: lint.Doc{
		Title: "assignment not written with one space around '='",
		Why:   "the spec form of an assignment is `{var} = value` with one space on each side of `=`; other spacing works in the reference runtime but not necessarily elsewhere",
		Bad:   "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city}={Response.body.city}\n```\n",
		Good:  "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city} = {Response.body.city}\n```\n",

		Severity: "helpers.ts executeResponseTemplate (\\s* around =): the runtime accepts any spacing around `=`; only the spec's canonical form differs",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only changes the spacing around `=`, which the runtime reads alike"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if !isSessionAssign(l) && l.Kind != sfmd.LineValueShortcut || l.RHS == nil || l.RHS.Text == "" {
					continue
				}
				s, e := l.LHSSpan.End.Off(), l.RHS.Span.Start.Off()
				if s < 0 || e > len(doc.Src) || s >= e || string(doc.Src[s:e]) == " = " {
					continue
				}
				pass.Report(lint.Diagnostic{
					Span:    spanAt(doc, s, e),
					Message: fmt.Sprintf("write the assignment to %s as %q, with one space on each side of '='", l.LHSRaw, l.LHSRaw+" = "+l.RHS.Text),
					Fixes:   []lint.Fix{{Message: "use one space on each side of '='", Safe: true, Edits: []lint.Edit{{Start: s, End: e, New: " = "}}}},
				})
			}
		}
		return nil, nil
	},
}
