package rules

import (
	"path/filepath"

	"github.com/sfmd-dev/sfmd/lint"
)

// PackageMissingName reports package roots without a name.
var PackageMissingName = &lint.Analyzer{
	Name:     "package-missing-name",
	Severity: lint.Info,
	Profile:  lint.Package,
	Doc: lint.Doc{
		Title: "package root has no name",
		Why:   "`/install` registers the package under its frontmatter `name`; without it the file name is used (\"string\" for string.md), which says nothing and collides with other packages",
		Bad:   "---\ntype: app\nnamespace: cookbook\n---\n\n# Weather\n",
		Good:  "---\nname: weather\ntype: app\nnamespace: cookbook\n---\n\n# Weather\n",

		Severity: "installer.ts installPackage: installs under the file name, which says little and may collide",
	},
	Run: func(pass *lint.Pass) (any, error) {
		root, _ := packageRoot(pass)
		if !root {
			return nil, nil
		}
		if n, _ := pass.Doc.Frontmatter.String("name"); n != "" {
			return nil, nil
		}
		want := packageDirName(pass)
		if want == "" {
			want = "<name>"
		}
		pass.Reportf(headSpan(pass.Doc), "package root has no \"name\", so /install names the package after the file; add \"name: %s\" to the frontmatter", want)
		return nil, nil
	},
}

var packageNameShape = shapeOf(nameChars) // ^[a-zA-Z0-9_-]+$

// packageDirName is the name of the document's directory when it is a
// valid package name, else "".
func packageDirName(pass *lint.Pass) string {
	var dir string
	if pass.Workspace != nil {
		dir = pass.Workspace.Resolve(".")
	} else {
		dir = filepath.Dir(pass.Doc.Path)
	}
	n := filepath.Base(dir)
	if n == "." || n == "/" || !packageNameShape.Matches(n) {
		return ""
	}
	return n
}
