package rules

import "github.com/sfmd-dev/sfmd/lint"

// ToolHasNavigation reports nav and menu directives in tools.
var ToolHasNavigation = &lint.Analyzer{
	Name:     "tool-has-navigation",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "tool document has navigation",
		Why:   "a tool is a single document that runs in the caller's context and cannot open an app or another page; its navigation is dead",
		Bad:   "---\nname: translate\ntype: tool\ndefault: translate\n---\n\n[!nav:main](nav/main.md)\n\n```act.translate\nPOST https://api.example.com/translate\n  text: string (required) \"Text\"\n```\n",
		Good:  "---\nname: translate\ntype: tool\ndefault: translate\n---\n\n```act.translate\nPOST https://api.example.com/translate\n  text: string (required) \"Text\"\n```\n",

		Severity: "tool.ts cmdTool: the tool works; its navigation is dead",
	},
	Run: func(pass *lint.Pass) (any, error) {
		if typ, _ := docType(pass.Doc); typ != "tool" {
			return nil, nil
		}
		for _, d := range pass.Doc.Directives {
			if d.Type == "nav" || d.Type == "menu" {
				pass.Reportf(d.Span, "a tool cannot navigate, so the %s directive is dead; remove it or make the document \"type: app\"", d.Type)
			}
		}
		return nil, nil
	},
}
