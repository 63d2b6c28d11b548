package rules

import "github.com/sfmd-dev/sfmd/lint"

// NavTargetNotFound reports nav directives whose menu file does not exist.
var NavTargetNotFound = &lint.Analyzer{
	Name:     "nav-target-not-found",
	Severity: lint.Error,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "nav menu file does not exist",
		Why:   "`/nav <name>` loads the menu file; when it does not exist the menu is empty and the runtime reports an error",
		Bad:   "[!nav:main](nav/mian.md)\n",
		Good:  "[!nav:main](nav/main.md)\n",

		Severity: "spec.md §1.6: `/nav <name>` loads a menu file that does not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil || isToolDocument(pass.Doc) {
			return nil, nil // a tool cannot navigate: tool-has-navigation reports the directive
		}
		for _, d := range directivesOf(pass.Doc, "nav", "menu") {
			file, ok := localTarget(d.Path)
			if !ok || ws.Exists(file) {
				continue
			}
			pass.Reportf(d.PathSpan, "nav menu file %q does not exist; %s", d.Path, missingMessage(ws, file, "create it or fix the path"))
		}
		return nil, nil
	},
}
