package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// NavPathMissing reports nav directives with an empty path.
var NavPathMissing = &lint.Analyzer{
	Name:     "nav-path-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "nav directive has no menu file path",
		Why:   "a nav directive needs the path of its menu file; only include may leave the path empty",
		Bad:   "[!nav:main]()\n",
		Good:  "[!nav:main](nav/main.md)\n",

		Severity: "parser.ts parse (NAV_RE needs a path): the menu has no file to load",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "nav", "menu") {
			if strings.TrimSpace(d.Path) != "" {
				continue
			}
			name := d.Name
			if name == "" {
				name = "main"
			}
			pass.Reportf(d.Span, "nav directive has no menu file path; write [!nav:%s](nav/%s.md) and create that file", d.Name, name)
		}
		return nil, nil
	},
}
