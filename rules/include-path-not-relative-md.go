package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// IncludePathNotRelativeMD reports include paths that are URLs, absolute
// or not Markdown.
var IncludePathNotRelativeMD = &lint.Analyzer{
	Name:     "include-path-not-relative-md",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "include path is not a relative path to a Markdown file",
		Why:   "an include path MUST be relative to a Markdown file; URLs, absolute paths and other files are not included",
		Bad:   "[!include:terms](https://example.com/terms.md)\n",
		Good:  "[!include:terms](legal/terms.md)\n",

		Severity: "spec.md §1.6: URLs, absolute paths and other files are not included",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "include") {
			p := strings.TrimSpace(d.Path)
			if p == "" || strings.HasPrefix(p, "#") {
				continue
			}
			if why := relMDProblem(p); why != "" {
				pass.Reportf(d.PathSpan, "include path %q %s; include a Markdown file next to this document or leave the path empty for %s.source/%s.md", d.Path, why, docBase(pass.Doc), orDefault(d.Name, "id"))
			}
		}
		return nil, nil
	},
}
