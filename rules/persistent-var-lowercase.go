package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PersistentVarLowercase reports $vars with lower-case letters in HTTP
// action definitions.
var PersistentVarLowercase = &lint.Analyzer{
	Name:     "persistent-var-lowercase",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "persistent $VAR name is not upper case",
		Why:   "by convention $VAR names are upper case, and the runtime's check for unset variables only knows upper-case names: an unset `$api_key` is sent literally instead of failing with a clear message (CLI commands are not checked: lower-case names there are shell variables)",
		Bad:   "```act.me\nGET https://api.example.com/me -H \"Authorization: Bearer $api_key\"\n```\n",
		Good:  "```act.me\nGET https://api.example.com/me -H \"Authorization: Bearer $API_KEY\"\n```\n",

		Severity: "action.ts executeAction (unset check only for \\$[A-Z_][A-Z0-9_]*): works when set; only an unset lower-case name escapes the runtime's check and is sent literally",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, u := range symbols(pass).usesAt(siteTarget, siteParamDefault) {
			if !u.Site.inDefinition() || u.Kind() != sfmd.RefPersistent || u.Action == nil || u.Action.IsCLI() {
				continue
			}
			name := u.Ref.Name
			if name == "" || !persistentShape.Matches(name) || name == strings.ToUpper(name) {
				continue
			}
			want := strings.ToUpper(snakeCase(name))
			if want == "" {
				want = strings.ToUpper(name)
			}
			pass.Reportf(u.Ref.Span, "%q is not upper case, so the runtime does not report it when it is unset; rename it %q here, in env and where it is set", u.Ref.Raw, "$"+want)
		}
		return nil, nil
	},
}
