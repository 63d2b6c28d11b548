package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// DefaultActionMissing reports a default naming no action of the document.
var DefaultActionMissing = &lint.Analyzer{
	Name:     "default-action-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "default names an action the document does not define",
		Why:   "the runtime runs `act.<default>` on /open and for a bare /tool:name; when it does not exist the document fails with ACTION_NOT_FOUND",
		Bad:   "---\ndefault: weather\n---\n\n```act.forecast\nGET https://wttr.in/Seoul\n```\n",
		Good:  "---\ndefault: forecast\n---\n\n```act.forecast\nGET https://wttr.in/Seoul\n```\n",

		Severity: "open.ts cmdOpen and tool.ts cmdTool: /open runs nothing (the failure is silently dropped) and a bare `/tool:name` fails",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the nearest action name may not be the action meant to run by default"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		f, id := fmDefaultAction(pass.Doc)
		if f == nil {
			return nil, nil
		}
		syms := symbols(pass)
		if len(syms.Actions[id]) > 0 {
			return nil, nil
		}
		d := lint.Diagnostic{Span: f.ValueSpan}
		switch near := nearest(id, syms.actionIDs()); {
		case near != "":
			d.Message = fmt.Sprintf("default action %q is not defined in this document; did you mean %q?", id, near)
			if src(pass.Doc, f.ValueSpan) == f.Value.Value && f.Value.Value == id {
				d.Fixes = []lint.Fix{{Message: fmt.Sprintf("use %q", near),
					Edits: []lint.Edit{{Start: f.ValueSpan.Start.Off(), End: f.ValueSpan.End.Off(), New: near}}}}
			}
		case len(syms.actionIDs()) == 0:
			d.Message = fmt.Sprintf("default action %q is not defined: the document has no actions; add an act.%s block or remove \"default\"", id, id)
		default:
			d.Message = fmt.Sprintf("default action %q is not defined in this document; expected one of %s", id, fmQuotedNames(syms.actionIDs()))
		}
		pass.Report(d)
		return nil, nil
	},
}
