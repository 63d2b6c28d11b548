package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// HintToolUnknownAction reports /tool:<this>.<act> hints naming an
// action this tool does not define.
var HintToolUnknownAction = &lint.Analyzer{
	Name:       "hint-tool-unknown-action",
	Severity:   lint.Warning,
	SpendsWork: true,
	Profile:    lint.Core,
	Doc: lint.Doc{
		Title: "tool hint calls an action the tool does not define",
		Why:   "`/tool:name.act` looks act up in the tool document; a misspelled one fails with \"Action not found in tool\"",
		Bad:   "---\nname: translate\ntype: tool\ndefault: detect\n---\n\nDetect with `/tool:translate.detcet --text \"hola\"`.\n\n```act.detect\nPOST https://api.example.com/detect\n  text: string (required) \"Text\"\n```\n",
		Good:  "---\nname: translate\ntype: tool\ndefault: detect\n---\n\nDetect with `/tool:translate.detect --text \"hola\"`.\n\n```act.detect\nPOST https://api.example.com/detect\n  text: string (required) \"Text\"\n```\n",

		Severity: "tool.ts cmdTool: the document works; an agent copying the hint gets \"Action not found in tool\"",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the nearest action name may not be the action the hint means"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer, hintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		t := hints(pass)
		for _, c := range t.Calls {
			if !c.Tool || c.Action != nil || !strings.Contains(c.Hint.Target, ".") {
				continue
			}
			d := lint.Diagnostic{Span: c.IDSpan}
			d.Message = fmt.Sprintf("tool %q has no action %q", t.ToolName, c.ActionID)
			switch n := budgetedNearest(pass, c.ActionID, syms.actionIDs()); {
			case n != "":
				d.Message += fmt.Sprintf("; did you mean %q?", n)
				if src(pass.Doc, c.IDSpan) == c.ActionID {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("call %q instead", n),
						Safe:    false,
						Edits:   []lint.Edit{{Start: c.IDSpan.Start.Off(), End: c.IDSpan.End.Off(), New: n}},
					}}
				}
			case len(syms.actionIDs()) == 0:
				d.Message += "; define it with an act." + c.ActionID + " block"
			default:
				d.Message += fmt.Sprintf("; expected one of %s", quoteList(syms.actionIDs(), 8))
			}
			pass.Report(d)
		}
		return nil, nil
	},
}
