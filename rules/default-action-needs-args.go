package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DefaultActionNeedsArgs reports a default action with required fields
// that have no default value.
var DefaultActionNeedsArgs = &lint.Analyzer{
	Name:     "default-action-needs-args",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "default action has required fields without defaults",
		Why:   "the default action runs with no flags; a required field without a default makes the runtime show the schema or fail with \"Missing required flags\" instead of running",
		Bad:   "---\ndefault: now\n---\n\n```act.now\nGET https://wttr.in/{city}\n  city: string (required) \"City\"\n```\n",
		Good:  "---\ndefault: now\n---\n\n```act.now\nGET https://wttr.in/{city}\n  city: string \"City\" = \"Seoul\"\n```\n",

		Severity: "open.ts cmdOpen runs it through action.ts executeAction with no flags, which fails with \"Missing required flags\", and drops the failure: /open shows the page without the result (a bare /tool:name shows the error)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		f, id := fmDefaultAction(pass.Doc)
		if f == nil || isToolDocument(pass.Doc) {
			// a tool's default receives the caller's arguments
			// (/tool:name ARGS), and it never runs on /open
			return nil, nil
		}
		acts := symbols(pass).Actions[id]
		if len(acts) == 0 {
			return nil, nil
		}
		a := acts[0]
		var names []string
		var first *sfmd.Param
		for _, p := range a.Params {
			if p.Required && !p.HasDefault {
				names = append(names, p.Name)
				if first == nil {
					first = p
				}
			}
		}
		if first == nil {
			return nil, nil
		}
		pass.Report(lint.Diagnostic{
			Span:    f.ValueSpan,
			Message: fmt.Sprintf("default action %q runs without flags but requires %s with no default; give them defaults (= \"value\") or choose another default action", id, fmQuotedNames(names)),
			Related: []lint.Related{{Span: first.NameSpan, Message: "required field without a default"}},
		})
		return nil, nil
	},
}
