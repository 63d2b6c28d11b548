package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PlaceholderUndeclared reports {name} placeholders in a definition that
// name neither a parameter nor a session variable.
var PlaceholderUndeclared = &lint.Analyzer{
	Name:       "placeholder-undeclared",
	Severity:   lint.Warning,
	SpendsWork: true,
	Profile:    lint.Core,
	Doc: lint.Doc{
		Title: "placeholder names no parameter of the action",
		Why:   "the runtime fills `{name}` from the caller's fields, then from session variables; a name that is neither a parameter nor assigned by any response template is sent literally (`/alerts/{alert_id}`); a header is filled from session variables only, so there the advice is a response template or an env `$VAR`, never a parameter",
		Bad:   "```act.close\nPUT https://api.example.com/alerts/{alert_id}\n```\n",
		Good:  "```act.close\nPUT https://api.example.com/alerts/{alert_id}\n  alert_id: string (required) \"alert to close\"\n```\n",

		Severity: "action.ts executeAction fills `{name}` from the fields, then session variables, and leaves an unknown one as written, so the request is sent with the placeholder literally (a session variable set by a template is info)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, u := range definitionUses(pass) {
			r := u.Ref
			if u.Kind() != sfmd.RefVar || r.Name == "" || u.Action.Param(r.Name) != nil {
				continue
			}
			if u.Site == siteTarget && u.Action.IsCLI() && !cliPlaceholderLike(r) {
				continue
			}
			if _, ok := syms.Assigned[r.Name]; ok {
				todo := "declare a parameter if the caller should pass it"
				if u.Site == siteHeader {
					todo = "make sure the action that assigns it runs first"
				}
				pass.Report(lint.Diagnostic{
					Span:     r.Span,
					Severity: lint.Info,
					Message:  fmt.Sprintf("%s in %s is not a parameter of %q; it is filled from session variable %q, set by a response template; %s", r.Raw, defSiteName(u.Site, u.Action), "act."+u.Action.ID, r.Name, todo),
				})
				continue
			}
			if u.Site == siteHeader {
				// a header is filled from session variables only
				// (header-placeholder-is-param): a parameter cannot help
				pass.Reportf(r.Span, "%s in a header of %q names no session variable, so it is sent literally; a header is filled from session variables only, never from parameters: assign it in a response template (\"{%s} = {Response.body.…}\") or use an env $VAR", r.Raw, "act."+u.Action.ID, r.Name)
				continue
			}
			msg := fmt.Sprintf("%s in %s names no parameter of %q and no session variable, so it is sent literally", r.Raw, defSiteName(u.Site, u.Action), "act."+u.Action.ID)
			n := ""
			if pass.Spend(2 * len(u.Action.Params)) { // (budgetedNearest, without building the list for nothing)
				n = nearest(r.Name, actionParamNames(u.Action))
			}
			if droppedParam(u.Action, n) {
				continue // the runtime drops n's line: that error comes first
			} else if n != "" {
				msg += fmt.Sprintf("; did you mean %q?", "{"+n+"}")
			} else {
				msg += fmt.Sprintf("; declare it as a parameter (\"  %s: string (required)\")", r.Name)
			}
			pass.Reportf(r.Span, "%s", msg)
		}
		return nil, nil
	},
}

// cliPlaceholderLike reports whether a {name} in a CLI command is meant
// as a placeholder rather than shell, jq or awk syntax: a plain name
// without path or modifiers.
func cliPlaceholderLike(r *sfmd.VarRef) bool {
	return r.PathText == "" && len(r.Modifiers) == 0 && paramNameShape.Matches(r.Name)
}
