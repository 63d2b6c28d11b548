package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// IncludeTargetNotFound reports includes of files that do not exist.
var IncludeTargetNotFound = &lint.Analyzer{
	Name:     "include-target-not-found",
	Severity: lint.Error,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "included file does not exist",
		Why:   "an include reads the given path, or `<basename>.source/<id>.md` next to the document for `()`; a missing file leaves a hole the compiler reports",
		Bad:   "<!-- dashboard.md, without dashboard.source/header.md -->\n[!include:header]()\n",
		Good:  "<!-- dashboard.md, with dashboard.source/header.md -->\n[!include:header]()\n",

		Severity: "renderer.ts expandIncludes puts \"⚠ Include failed\" in the page instead of the content",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		for _, d := range directivesOf(pass.Doc, "include") {
			file, _, ok := includeFile(pass.Doc, d)
			if !ok || ws.Exists(file) {
				continue
			}
			if strings.TrimSpace(d.Path) == "" {
				pass.Reportf(d.NameSpan, "include %q has no path, so it reads %q, which does not exist; %s", d.Name, file, missingMessage(ws, file, "create that file or give the include a path"))
				continue
			}
			pass.Reportf(d.PathSpan, "included file %q does not exist; %s", file, missingMessage(ws, file, "create it or fix the path"))
		}
		return nil, nil
	},
}
