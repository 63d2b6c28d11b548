package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ResponseRefInDefinition reports {Response.…} in action definitions.
var ResponseRefInDefinition = &lint.Analyzer{
	Name:     "response-ref-in-definition",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "{Response.…} used in an action definition",
		Why:   "`Response` only exists while a response template runs; in a URL, command, header or body it is never substituted and the request carries the literal text",
		Bad:   "```act.item\nGET https://api.example.com/items/{Response.body.id}\n```\n",
		Good:  "```act.item\nGET https://api.example.com/items/{id}\n```\n\n```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\n{id} = {Response.body.items[0].id}\n```\n",

		Severity: "action.ts executeAction: the request carries the literal text: Response only exists in templates",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		uses := symbols(pass).Uses
		for i := range uses {
			u := &uses[i]
			if k := u.Kind(); !u.Site.inDefinition() || k != sfmd.RefResponse && k != sfmd.RefInvalid || u.Action == nil {
				continue // the kind the list holds, before the reference
			}
			r := u.Ref
			isResp := r.Kind == sfmd.RefResponse || r.Kind == sfmd.RefInvalid && strings.HasPrefix(r.Name, "Response.")
			if !isResp {
				continue
			}
			v := "value"
			if r.Kind == sfmd.RefResponse && len(r.Path) > 0 && !r.Path[len(r.Path)-1].IsIndex {
				v = snakeCase(r.Path[len(r.Path)-1].Key)
			}
			if v == "" {
				v = "value"
			}
			pass.Reportf(r.Span, "%s in %s is never substituted: Response only exists in response templates; assign it in a template ({%s} = %s) and use {%s} here", r.Raw, defSiteName(u.Site, u.Action), v, r.Raw, v)
		}
		return nil, nil
	},
}
