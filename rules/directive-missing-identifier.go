package rules

import (
	"path"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// DirectiveMissingIdentifier reports nav and include directives without a
// name.
var DirectiveMissingIdentifier = &lint.Analyzer{
	Name:     "directive-missing-identifier",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "nav or include directive without an identifier",
		Why:   "nav and include directives need a name (`[!nav:main]`, `[!include:footer]`); the reference parser rejects them with MISSING_IDENTIFIER",
		Bad:   "[!include](footer.md)\n",
		Good:  "[!include:footer](footer.md)\n",

		Severity: "parser.ts parse: the reference parser rejects the directive (MISSING_IDENTIFIER)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "nav", "menu", "include") {
			if strings.TrimSpace(d.Name) != "" {
				continue
			}
			name := "name"
			if file, _, _ := splitTarget(d.Path); file != "" {
				if n := sanitizeID(strings.TrimSuffix(path.Base(file), path.Ext(file)), '-', false); n != "" {
					name = n
				}
			}
			pass.Reportf(d.TypeSpan, "%s directive has no identifier; write [!%s:%s](%s)", d.Type, d.Type, name, d.Path)
		}
		return nil, nil
	},
}
