package rules

import "github.com/sfmd-dev/sfmd/lint"

// PackageMissingNamespace reports package roots without a namespace.
var PackageMissingNamespace = &lint.Analyzer{
	Name:     "package-missing-namespace",
	Severity: lint.Info,
	Profile:  lint.Package,
	Doc: lint.Doc{
		Title: "package root has no namespace",
		Why:   "(namespace, name) is a package's identity at install: without a namespace, two publishers' packages of one name cannot be told apart and a reinstall cannot be told from a conflict",
		Bad:   "---\nname: weather\ntype: app\n---\n\n# Weather\n",
		Good:  "---\nname: weather\ntype: app\nnamespace: cookbook\n---\n\n# Weather\n",

		Severity: "spec.md §1.13: installs, but two publishers' packages of one name cannot be told apart",
	},
	Run: func(pass *lint.Pass) (any, error) {
		root, _ := packageRoot(pass)
		if !root {
			return nil, nil
		}
		if n, _ := pass.Doc.Frontmatter.String("namespace"); n != "" {
			return nil, nil
		}
		pass.Reportf(headSpan(pass.Doc), "package root has no \"namespace\"; add \"namespace: <publisher>\" to the frontmatter so that (namespace, name) identifies the package")
		return nil, nil
	},
}
