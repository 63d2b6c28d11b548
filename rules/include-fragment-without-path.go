package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// IncludeFragmentWithoutPath reports [!include:id](#block).
var IncludeFragmentWithoutPath = &lint.Analyzer{
	Name:     "include-fragment-without-path",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "include targets a #block without a file",
		Why:   "block targeting works only with an explicit path (`products.md#pricing`); a bare `#pricing` names no file to read",
		Bad:   "[!include:pricing](#pricing)\n",
		Good:  "[!include:pricing](products.md#pricing)\n",

		Severity: "spec.md §1.6: `#block` alone names no file to read, so nothing is included",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "include") {
			if p := strings.TrimSpace(d.Path); strings.HasPrefix(p, "#") {
				pass.Reportf(d.PathSpan, "include path %q names a block but no file; write the file before it, e.g. other.md%s", p, p)
			}
		}
		return nil, nil
	},
}
