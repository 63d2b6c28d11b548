package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PlaceholderDoubleBraces reports {{name}} (Mustache style) where the
// runtime fills the inner {name} and keeps the outer braces.
var PlaceholderDoubleBraces = &lint.Analyzer{
	Name:     "placeholder-double-braces",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "placeholder written with double braces {{name}}",
		Why:   "SFMD placeholders take one pair of braces; in `{{city}}` the runtime fills the inner `{city}` and keeps the outer braces, so the request goes to `/weather/{Seoul}` and a template prints `{Seoul}`",
		Bad:   "```act.weather\nGET https://api.example.com/weather/{{city}}\n  city: string (required) \"City\"\n```\n",
		Good:  "```act.weather\nGET https://api.example.com/weather/{city}\n  city: string (required) \"City\"\n```\n",

		Severity: "action.ts executeAction: the runtime fills the inner `{name}` and keeps the outer braces, so `{{city}}` sends `{Seoul}`",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only removes the outer braces, which the runtime sends literally"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		syms := symbols(pass)
		fenced := map[*sfmd.Response]map[int]bool{}
		for _, u := range syms.usesAt(siteTarget, siteResponse) {
			r := u.Ref
			if u.Site == siteHint || u.Site == siteProse || u.Site == siteParamDefault || (u.Kind() != sfmd.RefVar && u.Kind() != sfmd.RefResponse) {
				continue
			}
			if u.prev != '{' || u.next != '}' {
				continue // the source's bytes around the reference, kept by the uses: the reference is not opened
			}
			s, e := r.Span.Start.Off(), r.Span.End.Off()
			if s < 1 || e >= len(doc.Src) || doc.Src[s-1] != '{' || doc.Src[e] != '}' || src(doc, r.Span) != r.Raw {
				continue
			}
			if !filledByRuntime(syms, u) {
				continue // left literally, so {{x}} reaches the program as written (Go or Mustache templates)
			}
			if u.Site == siteResponse {
				lines, ok := fenced[u.Response]
				if !ok {
					lines = nestedFenceLines(u.Response)
					fenced[u.Response] = lines
				}
				if lines[u.Line] {
					continue // example code the template prints
				}
			}
			verb := "sends"
			if u.Site == siteResponse {
				verb = "prints"
			}
			pass.Report(lint.Diagnostic{
				Span:    spanAt(doc, s-1, e+1),
				Message: fmt.Sprintf("{%s} has double braces: the runtime fills %s and keeps the outer ones, so it %s {<value>}; write %s", r.Raw, r.Raw, verb, r.Raw),
				Fixes: []lint.Fix{{Message: "remove the outer braces", Safe: true,
					Edits: []lint.Edit{{Start: s - 1, End: s}, {Start: e, End: e + 1}}}},
			})
		}
		return nil, nil
	},
}

// filledByRuntime reports whether the runtime substitutes the reference
// of u: a {Response.…} in a template, a field of the action, a session
// variable some template assigns, or the loop variable around it.
func filledByRuntime(syms *symbolTable, u use) bool {
	r := u.Ref
	if r.Kind == sfmd.RefResponse {
		return u.Site == siteResponse
	}
	if u.Action != nil && u.Action.Param(r.Name) != nil {
		return true
	}
	if _, ok := syms.Assigned[r.Name]; ok {
		return true
	}
	return u.Site == siteResponse && isLoopVar(u.Response, u.tline(), r.Name)
}
