package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// SessionVarNameInvalid reports {Name} references that can only be
// session variables and do not match the session variable pattern.
var SessionVarNameInvalid = &lint.Analyzer{
	Name:     "session-var-name-invalid",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "session variable name does not match [a-z][a-z0-9_]*",
		Why:   "session variables are written `{name}` with a lower-case name; a reference like `{UserName}` that is neither a parameter nor a valid session variable is never set and renders literally or empty",
		Bad:   "```act.me\nGET https://api.example.com/me\n```\n\n```act.me.response\nHello {UserName}\n```\n",
		Good:  "```act.me\nGET https://api.example.com/me\n```\n\n```act.me.response\n{user_name} = {Response.body.name}\nHello {user_name}\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the reference is never set, so it prints literally or empty",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, u := range syms.usesAt(siteTarget, siteResponse) {
			if u.Site == siteHint || u.Site == siteProse || u.Kind() != sfmd.RefVar || u.Ref.Name == "" || sessionVarShape.Matches(u.Ref.Name) {
				continue
			}
			if u.followsDollar() {
				continue // ${X}: shell syntax in a command, persistent-var-name-invalid elsewhere
			}
			if u.Action != nil && u.Action.Param(u.Ref.Name) != nil {
				continue // a parameter: camelCase field names are legal
			}
			if u.Action != nil && u.Action.IsCLI() && u.followsDollar() {
				continue // shell ${HOME}: the runtime leaves it to bash
			}
			if u.Site == siteResponse && isLoopVar(u.Response, u.tline(), u.Ref.Name) {
				continue
			}
			pass.Reportf(u.Ref.Span, "%q is not a parameter and not a valid session variable name ([a-z][a-z0-9_]*)%s", u.Ref.Raw, renameHint(snakeCase(u.Ref.Name), sessionChars))
		}
		return nil, nil
	},
}

// isLoopVar reports whether name is the item variable of the for: loop
// enclosing l.
func isLoopVar(r *sfmd.Response, l *sfmd.TemplateLine, name string) bool {
	if r == nil || l.Loop < 0 || int(l.Loop) >= len(r.Lines) {
		return false
	}
	return r.Lines[l.Loop].ItemVar == name
}
