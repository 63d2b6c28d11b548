package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// EnvNameNotUppercase reports env names that are not upper case.
var EnvNameNotUppercase = &lint.Analyzer{
	Name:     "env-name-not-uppercase",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env name is not upper case",
		Why:   "persistent variables are upper case by convention (`$API_KEY`); mixed case is easy to mistype in `$var` references",
		Bad:   "---\nenv:\n  - api_key: \"Service API key\"\n---\n",
		Good:  "---\nenv:\n  - API_KEY: \"Service API key\"\n---\n",

		Severity: "action.ts executeAction (unset check only for \\$[A-Z_][A-Z0-9_]*): works; upper case is the convention, and lower-case names escape the runtime's unset-variable check",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for i, e := range fm.Env {
			if misplacedDefault(fm.Env, i) {
				continue
			}
			if (e.Form != sfmd.EnvCanonical && e.Form != sfmd.EnvObject) || !persistentShape.Matches(e.Name) || e.Name == strings.ToUpper(e.Name) {
				continue
			}
			pass.Reportf(e.NameSpan, "env name %q is not upper case; by convention write %q (and $%s in references)", e.Name, strings.ToUpper(e.Name), strings.ToUpper(e.Name))
		}
		return nil, nil
	},
}
