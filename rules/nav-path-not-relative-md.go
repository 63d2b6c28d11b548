package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// NavPathNotRelativeMD reports nav paths that are URLs, absolute or not
// Markdown.
var NavPathNotRelativeMD = &lint.Analyzer{
	Name:     "nav-path-not-relative-md",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "nav path is not a relative path to a Markdown file",
		Why:   "the menu file MUST be a relative path to a Markdown file; URLs, absolute paths and other files are not loaded as menus",
		Bad:   "[!nav:main](https://example.com/nav.md)\n",
		Good:  "[!nav:main](nav/main.md)\n",

		Severity: "spec.md §1.6: URLs, absolute paths and other files are not loaded as menus",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "nav", "menu") {
			if strings.TrimSpace(d.Path) == "" {
				continue
			}
			if why := relMDProblem(d.Path); why != "" {
				pass.Reportf(d.PathSpan, "nav path %q %s; point it at a menu file next to this document, e.g. nav/%s.md", d.Path, why, orDefault(d.Name, "main"))
			}
		}
		return nil, nil
	},
}
