package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// PackageMissingType reports package roots without a type.
var PackageMissingType = &lint.Analyzer{
	Name:     "package-missing-type",
	Severity: lint.Warning,
	Profile:  lint.Package,
	Doc: lint.Doc{
		Title: "package root has no type",
		Why:   "`/install` needs to know whether it installs an app or a tool: without `type` (and without --app/--tool or a manifest) it fails",
		Bad:   "---\nname: weather\nnamespace: cookbook\n---\n\n# Weather\n",
		Good:  "---\nname: weather\nnamespace: cookbook\ntype: app\n---\n\n# Weather\n",

		Severity: "installer.ts installPackage: `/install` needs --app or --tool (or a manifest) to know what to install",
	},
	Run: func(pass *lint.Pass) (any, error) {
		root, _ := packageRoot(pass)
		doc := pass.Doc
		if !root || doc.Frontmatter.Get("type") != nil {
			return nil, nil
		}
		msg := "package root has no \"type\", so /install cannot tell an app from a tool without --app or --tool; add \"type: app\" or \"type: tool\" to the frontmatter"
		if c, _ := doc.Frontmatter.String("category"); c != "" {
			msg = fmt.Sprintf("package root has no \"type\" (\"category: %s\" is the older field /install does not read); rename \"category\" to \"type\"", c)
		}
		pass.Reportf(headSpan(doc), "%s", msg)
		return nil, nil
	},
}
