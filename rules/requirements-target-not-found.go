package rules

import "github.com/sfmd-dev/sfmd/lint"

// RequirementsTargetNotFound reports requirements files that do not exist.
var RequirementsTargetNotFound = &lint.Analyzer{
	Name:     "requirements-target-not-found",
	Severity: lint.Warning,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "requirements file does not exist",
		Why:   "/open prepends `[setup] /open <requirements>`; a missing file sends the agent to a page that does not exist",
		Bad:   "<!-- next to docs/install.md -->\n[!requirements](docs/instal.md)\n",
		Good:  "<!-- next to docs/install.md -->\n[!requirements](docs/install.md)\n",

		Severity: "action.ts executeAction (Setup info hint): the document works; its setup pointer leads to a page that does not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		for _, d := range directivesOf(pass.Doc, "requirements") {
			if !isLocalPath(d.Path) {
				continue
			}
			file, _, _ := splitTarget(d.Path)
			if file == "" || ws.Exists(file) {
				continue
			}
			pass.Reportf(d.PathSpan, "requirements file %q does not exist; %s", d.Path, missingMessage(ws, file, "create it, fix the path or use an https:// URI"))
		}
		return nil, nil
	},
}
