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
		// what each file named was found to be: "" when it exists, else the
		// rest of the message (2,850 nav lines of the 10 MB document name one
		// file: it is looked up and suggested for once)
		var missing map[string]string
		for _, d := range directivesOf(pass.Doc, "nav", "menu") {
			file, ok := localTarget(d.Path)
			if !ok {
				continue
			}
			todo, seen := missing[file]
			if !seen {
				if !ws.Exists(file) {
					todo = missingMessage(ws, file, "create it or fix the path")
				}
				if missing == nil {
					missing = map[string]string{}
				}
				missing[file] = todo
			}
			if todo == "" {
				continue
			}
			pass.Reportf(d.PathSpan, "nav menu file %q does not exist; %s", d.Path, todo)
		}
		return nil, nil
	},
}
