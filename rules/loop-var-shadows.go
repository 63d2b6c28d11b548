package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// LoopVarShadows reports loop variables named like a parameter or a
// session variable.
var LoopVarShadows = &lint.Analyzer{
	Name:     "loop-var-shadows",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "loop variable shadows a parameter or session variable",
		Why:   "inside the loop `{name}` means the element, outside it the parameter or session variable; one name for both makes the template ambiguous and easy to break",
		Bad:   "```act.posts\nGET https://api.example.com/posts?author={post}\n  post: string (required) \"author\"\n```\n\n```act.posts.response\nfor: post in Response.body.posts\n- {post.title}\nend:\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts?author={post}\n  post: string (required) \"author\"\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n- {p.title}\nend:\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the template runs, but one name means two things and is easy to break",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		syms.eachLine(pass.Doc, func(k int, r *sfmd.Response, _ int, l *sfmd.TemplateLine) {
			if !l.ForValid {
				return
			}
			what := ""
			if syms.isParamOf(pass.Doc, k, l.ItemVar) {
				what = fmt.Sprintf("parameter %q of %q", l.ItemVar, "act."+r.ActionID)
			} else if _, ok := syms.Assigned[l.ItemVar]; ok {
				what = fmt.Sprintf("session variable {%s}", l.ItemVar)
			}
			if what != "" {
				want := l.ItemVar + "_item"
				if strings.HasSuffix(l.ItemVar, "item") {
					want = "entry"
				}
				pass.Reportf(l.ItemVarSpan, "loop variable %q has the name of %s; rename the loop variable (e.g. %q)", l.ItemVar, what, want)
			}
		}, sfmd.LineFor)
		return nil, nil
	},
}
