package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// LoopRefOutsideLoop reports references to a loop variable outside its
// loop.
var LoopRefOutsideLoop = &lint.Analyzer{
	Name:     "loop-ref-outside-loop",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "loop variable used outside its loop",
		Why:   "a loop variable only exists between its `for:` and `end:`; outside it `{post.title}` is not filled and prints literally",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: post in Response.body.posts\n- {post.title}\nend:\nLast: {post.title}\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: post in Response.body.posts\n- {post.title}\nend:\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the template runs, but the reference prints literally outside its loop",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		doc := pass.Doc
		var vars []string // the item variables of the valid for: lines of the template at hand
		for k, r := range doc.Responses {
			if vars = syms.loopVars(doc, k, vars); len(vars) == 0 {
				continue
			}
			syms.templateUses(doc, k, func(_ int, l *sfmd.TemplateLine, ref *sfmd.VarRef) {
				if !hasString(vars, ref.Name) || inScopeLoopVar(r, l, ref.Name) || syms.isParamOf(doc, k, ref.Name) {
					return
				}
				if _, ok := syms.Assigned[ref.Name]; ok {
					return
				}
				pass.Reportf(ref.Span, "%s uses loop variable %q outside its for: loop, where it is not filled and prints literally; move the line between \"for: %s in …\" and \"end:\"", ref.Raw, ref.Name, ref.Name)
			})
		}
		return nil, nil
	},
}
