package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// ActionMethodLowercase reports actionMethods not written in upper case.
var ActionMethodLowercase = &lint.Analyzer{
	Name:     "action-method-lowercase",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action method is not upper case",
		Why:   "the spec writes every method in upper case; the reference runtime accepts any case, but other runtimes and readers may not",
		Bad:   "```act.search\nget https://api.example.com/search\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n",

		Severity: "parser.ts parseActionBlock (method matched with /i): the reference runtime accepts any case; other runtimes and readers may not (portability)",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only upper-cases the method, which the reference runtime reads in any case"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !hasFirstLine(a) || !isKnownMethod(a.Method) || a.MethodRaw == a.Method {
				continue
			}
			d := lint.Diagnostic{
				Span:    a.MethodSpan,
				Message: fmt.Sprintf("method %q should be written in upper case; write %q", a.MethodRaw, a.Method),
			}
			if src(doc, a.MethodSpan) == a.MethodRaw {
				d.Fixes = []lint.Fix{{
					Message: fmt.Sprintf("upper-case %q", a.MethodRaw),
					Safe:    true,
					Edits:   []lint.Edit{{Start: a.MethodSpan.Start.Off(), End: a.MethodSpan.End.Off(), New: a.Method}},
				}}
			}
			pass.Report(d)
		}
		return nil, nil
	},
}
