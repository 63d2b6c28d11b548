package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// ParamNameInvalid reports parameter names that cannot be flags and
// placeholders.
var ParamNameInvalid = &lint.Analyzer{
	Name:     "param-name-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter name is not an identifier",
		Why:   "a parameter name doubles as the `--name` flag, the payload key and the `{name}` placeholder; the runtime only reads names made of letters, digits and '_' that do not start with a digit",
		Bad:   "```act.user\nGET https://api.example.com/users/{user-id}\n  user-id: string (required) \"User ID\"\n```\n",
		Good:  "```act.user\nGET https://api.example.com/users/{user_id}\n  user_id: string (required) \"User ID\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the runtime drops the whole parameter line, so the field does not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			for _, p := range a.Params {
				if p.Name == "" || paramNameShape.Matches(p.Name) {
					continue
				}
				want := strings.Map(func(r rune) rune {
					if r == '-' || r == '.' || r == ' ' {
						return '_'
					}
					return r
				}, p.Name)
				if !paramNameShape.Matches(want) {
					want = snakeCase(p.Name)
				}
				pass.Reportf(p.NameSpan, "parameter name %q is not a valid identifier (letters, digits and '_', not starting with a digit)%s", p.Name, renameHint(want, paramChars))
			}
		}
		return nil, nil
	},
}

const paramChars = "letters, digits and '_'"
