package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// EnvNameInvalid reports env entries whose name is not a valid $ name.
var EnvNameInvalid = &lint.Analyzer{
	Name:     "env-name-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env name is not a valid persistent variable name",
		Why:   "env entries declare `$NAME` persistent variables, whose names match [a-zA-Z][a-zA-Z0-9_]*; any other name can never be referenced",
		Bad:   "---\nenv:\n  - 2FA-KEY: \"Two-factor key\"\n---\n",
		Good:  "---\nenv:\n  - TWOFA_KEY: \"Two-factor key\"\n---\n",

		Severity: "helpers.ts resolveEnvVars (\\$[a-zA-Z_]\\w*): a name that is not `$NAME` syntax can never be referenced or set",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, e := range fm.Env {
			if e.Name == "" || (e.Form != sfmd.EnvCanonical && e.Form != sfmd.EnvBare) || persistentShape.Matches(e.Name) {
				continue
			}
			hint := "; use letters, digits and '_', starting with a letter"
			if want := envNameFor(e.Name); want != "" {
				hint = fmt.Sprintf("; rename it to %q", want)
			}
			pass.Reportf(e.NameSpan, "env name %q does not match [a-zA-Z][a-zA-Z0-9_]*%s", e.Name, hint)
		}
		return nil, nil
	},
}

// envNameFor turns name into a valid persistent variable name keeping its
// case: invalid characters become '_', leading digits move to the end.
// It returns "" when name has no letter.
func envNameFor(name string) string {
	b := []byte(name)
	for i, c := range b {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			b[i] = '_'
		}
	}
	s := strings.Trim(string(b), "_")
	i := strings.IndexFunc(s, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' })
	if i < 0 {
		return ""
	}
	return s[i:] + strings.Trim(s[:i], "_")
}
