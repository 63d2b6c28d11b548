package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TemplateVarUndefined reports {name} in templates that nothing defines.
var TemplateVarUndefined = &lint.Analyzer{
	Name:       "template-var-undefined",
	Severity:   lint.Warning,
	SpendsWork: true,
	Profile:    lint.Core,
	Doc: lint.Doc{
		Title: "template uses a variable nothing defines",
		Why:   "output `{name}` is filled from the action's fields, session variables and loop variables; a name that is none of them (often a typo) prints literally",
		Bad:   "```act.weather\nGET https://api.example.com/weather?q={city}\n  city: string (required) \"city\"\n```\n\n```act.weather.response\nWeather in {citty}: {Response.body.temp}\n```\n",
		Good:  "```act.weather\nGET https://api.example.com/weather?q={city}\n  city: string (required) \"city\"\n```\n\n```act.weather.response\nWeather in {city}: {Response.body.temp}\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the template runs, but the reference prints literally",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the nearest defined name may not be the variable meant"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		syms := symbols(pass)
		known := templateKnownNames(doc, syms)
		var loopVars []string // the buffer of vars
		for k, r := range doc.Responses {
			// the loop variables, the parameters and the output lines in a
			// code fence, each read for the first reference that asks
			var params, vars []string
			var fenced map[int]bool
			varsRead, paramsRead, fencedRead := false, false, false
			syms.templateUses(doc, k, func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) {
				n := ref.Name
				if known.has(n) {
					return
				}
				if !varsRead {
					loopVars = syms.loopVars(doc, k, loopVars)
					vars, varsRead = loopVars, true
				}
				if hasString(vars, n) {
					return // loop variables outside their loop: loop-ref-outside-loop
				}
				if !paramsRead {
					// the names of the ID's parameters (symbolTable.templateParams),
					// without the empty one
					params, paramsRead = syms.templateParams(doc, k), true
					if hasString(params, "") {
						params = slices.DeleteFunc(slices.Clone(params), func(p string) bool { return p == "" })
					}
				}
				if hasString(params, n) {
					return
				}
				if !fencedRead {
					fenced, fencedRead = nestedFenceLines(r), true
				}
				if fenced[i] || followsDollar(doc, ref.Span) || inLineCode(doc, l, ref) {
					return // example text: code the template prints, shell ${X}, curl %{x}
				}
				if !sessionVarShape.Matches(n) {
					return // session-var-name-invalid
				}
				want := ""
				if pass.Spend(2 * (len(params) + len(vars) + known.len())) { // (budgetedNearest, without building the list for nothing)
					cands := append(append([]string(nil), params...), vars...)
					want = nearest(n, known.appendTo(cands))
				}
				d := lint.Diagnostic{Span: ref.Span, Message: fmt.Sprintf("%s is not a parameter of %q, a session variable assigned by any template, or a loop variable, so it prints literally", ref.Raw, "act."+r.ActionID)}
				for _, a := range syms.Actions[r.ActionID] {
					if droppedParam(a, want) {
						return // the runtime drops want's line: that error comes first
					}
				}
				if want != "" {
					d.Message += fmt.Sprintf("; did you mean %q?", "{"+want+ref.Raw[1+len(n):])
					if src(doc, ref.Span) == ref.Raw && strings.HasPrefix(ref.Raw, "{"+n) {
						at := ref.Span.Start.Off() + 1
						d.Fixes = []lint.Fix{{Message: fmt.Sprintf("write {%s}", want), Edits: []lint.Edit{{Start: at, End: at + len(n), New: want}}}}
					}
				} else {
					d.Message += fmt.Sprintf("; assign it in a response template first (\"{%s} = {Response.body.…}\") or declare a parameter %q", n, n)
				}
				pass.Report(d)
			})
		}
		return nil, nil
	},
}

// knownNames are the names a template may use anywhere in the document:
// the session variables assigned by any template (symbolTable.Assigned)
// and the value shortcut names that are not one of them.
type knownNames struct {
	assigned  map[string][]sfmd.Span
	shortcuts map[string]bool
}

// templateKnownNames returns the names a template may use anywhere in the
// document.
func templateKnownNames(doc *sfmd.Document, syms *symbolTable) knownNames {
	known := knownNames{assigned: syms.Assigned}
	syms.eachLine(doc, func(_ int, _ *sfmd.Response, _ int, l *sfmd.TemplateLine) {
		if _, ok := syms.Assigned[l.LHS]; !ok && l.LHS != "" {
			if known.shortcuts == nil {
				known.shortcuts = map[string]bool{}
			}
			known.shortcuts[l.LHS] = true
		}
	}, sfmd.LineValueShortcut)
	return known
}

func (k knownNames) has(n string) bool {
	_, ok := k.assigned[n]
	return ok || k.shortcuts[n]
}

// len is the number of names.
func (k knownNames) len() int { return len(k.assigned) + len(k.shortcuts) }

// appendTo appends the names to list.
func (k knownNames) appendTo(list []string) []string {
	for n := range k.assigned {
		list = append(list, n)
	}
	for n := range k.shortcuts {
		list = append(list, n)
	}
	return list
}

// nestedFenceLines marks the output lines of r that sit inside a code
// fence the template prints (examples, not placeholders to fill).
// It is nil, not an empty map, when there is none (most templates).
func nestedFenceLines(r *sfmd.Response) map[int]bool {
	var out map[int]bool
	mark := func(i int) {
		if out == nil {
			out = map[int]bool{}
		}
		out[i] = true
	}
	var open string
	for i, l := range r.Lines {
		t := strings.TrimSpace(l.Line.Text)
		if l.Kind != sfmd.LineOutput {
			if open != "" {
				mark(i)
			}
			continue
		}
		switch {
		case open == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")):
			open = t[:3]
		case open != "" && strings.HasPrefix(t, open) && strings.Trim(t, open[:1]) == "":
			open = ""
		case open != "":
			mark(i)
		}
	}
	return out
}

// inLineCode reports whether ref sits in an inline code span of its line.
func inLineCode(doc *sfmd.Document, l *sfmd.TemplateLine, ref *sfmd.VarRef) bool {
	off := lineOffset(doc, l.Line.Text, l.Line.Span)
	return off >= 0 && inCodeSpan(l.Line.Text, ref.Span.Start.Off()-off)
}
