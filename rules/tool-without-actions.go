package rules

import "github.com/sfmd-dev/sfmd/lint"

// ToolWithoutActions reports tool documents with no action.
var ToolWithoutActions = &lint.Analyzer{
	Name:     "tool-without-actions",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "tool document defines no action",
		Why:   "a tool is one or more act.* blocks called with /tool:name; without any, every call fails",
		Bad:   "---\nname: translate\ntype: tool\n---\n\n# Translate\n\nTranslates text.\n",
		Good:  "---\nname: translate\ntype: tool\ndefault: translate\n---\n\n```act.translate\nPOST https://api.example.com/translate\n  text: string (required) \"Text\"\n```\n",

		Severity: "tool.ts cmdTool: every call of the tool fails",
	},
	Run: func(pass *lint.Pass) (any, error) {
		typ, span := docType(pass.Doc)
		if typ == "tool" && len(pass.Doc.Actions) == 0 {
			pass.Reportf(span, "this document is \"type: tool\" but defines no action, so every /tool: call fails; add an act.<id> block or make it \"type: app\"")
		}
		return nil, nil
	},
}
