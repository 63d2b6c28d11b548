package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// ToolWithoutDefault reports tools without a default action.
var ToolWithoutDefault = &lint.Analyzer{
	Name:     "tool-without-default",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "tool document has no default action",
		Why:   "a bare /tool:name runs the default action; without `default:` it fails with \"No default action for tool\" and callers must always name the action",
		Bad:   "---\nname: translate\ntype: tool\n---\n\n```act.translate\nPOST https://api.example.com/translate\n  text: string (required) \"Text\"\n```\n",
		Good:  "---\nname: translate\ntype: tool\ndefault: translate\n---\n\n```act.translate\nPOST https://api.example.com/translate\n  text: string (required) \"Text\"\n```\n",

		Severity: "tool.ts cmdTool: works when callers name the action; a bare `/tool:name` fails",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "a bare `/tool:name` call starts running the action made default"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		typ, span := docType(doc)
		if typ != "tool" || len(doc.Actions) == 0 {
			return nil, nil
		}
		if doc.Frontmatter.Get("default") != nil {
			return nil, nil // a present but bad default is default-action-missing's
		}
		ids := symbols(pass).actionIDs()
		d := lint.Diagnostic{Span: span}
		if len(ids) == 1 {
			d.Message = fmt.Sprintf("tool has no default action, so a bare /tool: call fails; add \"default: %s\" to the frontmatter", ids[0])
			if f := doc.Frontmatter.Get("type"); f != nil && f.KeySpan.IsValid() {
				ls := index(doc).LineStart(int(f.KeySpan.Start.Line))
				indent := string(doc.Src[ls:f.KeySpan.Start.Offset])
				if strings.Trim(indent, " ") == "" {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("add \"default: %s\"", ids[0]),
						Safe:    false, // a bare /tool: call starts running it
						Edits:   []lint.Edit{{Start: ls, End: ls, New: indent + "default: " + ids[0] + "\n"}},
					}}
				}
			}
		} else {
			d.Message = fmt.Sprintf("tool has no default action, so a bare /tool: call fails; add \"default: <id>\" naming one of %s", quoteList(ids, 8))
		}
		pass.Report(d)
		return nil, nil
	},
}
