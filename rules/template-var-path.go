package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TemplateVarPath reports {name.field} on a session variable or a
// parameter: the runtime only fills {name} and {name[N]} there (a path
// works only on a loop variable inside its loop).
var TemplateVarPath = &lint.Analyzer{
	Name:     "template-var-path",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "field path on a session variable or parameter",
		Why:   "outside a loop the runtime fills `{name}` and `{name[N]}` only: a session variable holds text (an object is stored as its JSON) and a parameter is a string, so `{best.name}` is not substituted and prints literally; assign the field itself from the response",
		Bad:   "```act.top\nGET https://api.example.com/top\n```\n\n```act.top.response\n{best} = {Response.body.items[0]}\nBest: {best.name}\n```\n",
		Good:  "```act.top\nGET https://api.example.com/top\n```\n\n```act.top.response\n{best_name} = {Response.body.items[0].name}\nBest: {best_name}\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the runtime only fills `{name}` and `{name[N]}` of a session variable, so `{name.field}` prints literally",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		syms := symbols(pass)
		for k, r := range doc.Responses {
			var fenced map[int]bool // the output lines in a code fence, read for the first reference that asks
			fencedRead := false
			syms.templateUses(doc, k, func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) {
				n := ref.Name
				if !hasKeyStep(ref) || inScopeLoopVar(r, l, n) {
					return // loop fields work
				}
				if !fencedRead {
					fenced, fencedRead = nestedFenceLines(r), true
				}
				if fenced[i] || inLineCode(doc, l, ref) || l.Kind == sfmd.LineAssign {
					return // loop fields work; example code; assign-rhs-unsupported
				}
				_, session := syms.Assigned[n]
				param := syms.isParamOf(doc, k, n)
				if !session && !param {
					return // template-var-undefined, loop-ref-outside-loop
				}
				what := fmt.Sprintf("session variable %q, which holds text (an object as its JSON)", n)
				if param {
					what = fmt.Sprintf("parameter %q, which is a string", n)
				}
				msg := fmt.Sprintf("%s reads a field of %s, but the runtime only fills {%s} and {%s[N]}, so it prints literally", ref.Raw, what, n, n)
				switch rhs := assignedFrom(doc, n); {
				case param:
					msg += "; declare the value you need as a parameter of its own"
				case rhs != "":
					msg += fmt.Sprintf("; assign the field itself: {%s} = %s", n+"_"+varNameFor(ref, "value"), strings.TrimSuffix(rhs, "}")+ref.PathText+"}")
				default:
					msg += "; assign the field to a variable of its own from the response"
				}
				pass.Reportf(ref.Span, "%s", msg)
			})
		}
		return nil, nil
	},
}

// hasKeyStep reports whether a reference reads a key ({best.name},
// {best[0].name}), which only loop variables support; a lone index
// ({best[0]}) is fine.
func hasKeyStep(ref *sfmd.VarRef) bool {
	for _, s := range ref.Path {
		if !s.IsIndex {
			return true
		}
	}
	return false
}

// assignedFrom returns the {Response.…} right side of the first strict
// assignment to session variable name, or "".
func assignedFrom(doc *sfmd.Document, name string) string {
	for _, r := range doc.Responses {
		for _, l := range r.Lines {
			if l.Kind == sfmd.LineAssign && l.StrictAssign && l.LHS == name && l.RHS != nil && len(l.RHS.Refs) == 1 && l.RHS.Refs[0].Kind == sfmd.RefResponse {
				return l.RHS.Refs[0].Raw
			}
		}
	}
	return ""
}
