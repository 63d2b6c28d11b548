package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunTemplateValueMissing reports a response template reference that
// reaches nothing for a response shaped as the template's own other lines
// read it.
var DryrunTemplateValueMissing = &lint.Analyzer{
	Name:     "dryrun-template-value-missing",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "a template value reaches nothing for the response the template itself reads",
		Why: "a `{Response.body.…}` reference, a loop item's `{item.…}` or an assignment's right side is walked step by step (`walkJsonPath` in `packages/string/src/commands/helpers.ts`): a key of an array or an index of an object reaches nothing, and the line shows no value for it (an assignment stores an empty variable). " +
			"sfmd builds the response body the template's lines read and runs the template against it through its model of the runtime (`executeResponseTemplate`): when one line reads a path as an array (a `for:` over it, an `[N]`) and another reads a key of it, or the reverse, the second reaches nothing for the response the first expects. " +
			"When the document has test suites (a `*.test.yaml` beside it whose `document:` names it, or with none, whose stem is the document's, as `sfmd test` pairs them), each call a test step makes with one recorded response on the success path and a JSON body runs the template against that response too: an HTTP response of status 2xx other than 204 and 205 (fetch gives those no body: `Loader.action` in `loader.ts` reads `res.text()`, as `sfmd test` does), or for a CLI action an exec entry that exits 0, its stdout and stderr read together as the runtime reads a command's output (`Loader.execCli` in `loader.ts`); the steps of a test run in one session, as `sfmd test` runs them, so a call sees the session variables an earlier step's template or `/set` set (a template runs on any status, `executeAction` in `action.ts`, but an error response tests the failure path): a `{Response.body.…}` reference or an assignment that reaches nothing there (the line shows no value for it: `sfmd test` prints the reference as written under an \"Unresolved template reference\" note, as runtime-semantics.md §3 reads helpers.ts at aa8212cd; an assignment stores an empty variable), or a loop item's `{item.…}` that reaches nothing in every item (printed empty; a key some items have is an optional field, not reported), is reported once per line, the first such test in the order `sfmd test` runs them named as the evidence, unless the shape-based run reports the line already; a null, or a path through one (the API's own \"none\"), is no finding. A suite with a problem gives nothing here",
		Bad:  "```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\nfor: it in Response.body.items\n- {it.name}\nend:\nFirst: {Response.body.items.name}\n```\n",
		Good: "```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\nfor: it in Response.body.items\n- {it.name}\nend:\nFirst: {Response.body.items[0].name}\n```\n",

		Severity: "the template runs, but for the response its other lines read, or the response a test suite records for the call (what the author says the API returns), the value is missing from what the agent sees (helpers.ts walkJsonPath returns undefined for a key of an array, an index of an object or a key the response lacks): almost certainly not as meant; which reading is wrong depends on the API",
	},
	Requires: []*lint.Analyzer{tmplDryAnalyzer, tmplFixtureAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		done := lineSet{}
		for _, td := range tmplDryOf(pass) {
			for li, l := range td.Lines {
				if checkTmplValues(pass, td, li, l) {
					done.add(td.Resp, li)
				}
			}
		}
		reportFixtureValues(pass, done)
		return nil, nil
	},
}

// checkTmplValues reports line li of td's template if a value of it
// reaches nothing in the shape; it says whether it reported.
func checkTmplValues(pass *lint.Pass, td *tmplDry, li int, l *sfmd.TemplateLine) bool {
	f := td.Run.Lines[li]
	if f.Kind == "assign" && !f.Found && l.Kind == sfmd.LineAssign && l.StrictAssign {
		if steps, ok := bodySteps(f.Path); ok && isBodyPath(f.Path) {
			if reason := td.why(td.Body, "Response.body", steps); reason != "" {
				pass.Reportf(l.RHS.Span, "`%s` with a response whose body is %s (the shape this template's lines read): line %s stores an empty {%s}: %s",
					td.callLine(), td.shortJSON(), td.docLine(li), l.LHS, reason)
				return true
			}
		}
		return false
	}
	if l.Template == nil || (len(f.Unresolved) == 0 && len(f.Empty) == 0) {
		return false
	}
	missing := map[string]bool{}
	for _, r := range append(append([]string{}, f.Unresolved...), f.Empty...) {
		missing[r] = true
	}
	// one finding per line: its first reference that reaches nothing, the
	// others named with it
	var first *sfmd.VarRef
	var refs []string
	var reason string
	for _, ref := range l.Template.Refs {
		if !missing[ref.Raw] || ref.Problem != "" || dotIndexed(ref) {
			continue
		}
		delete(missing, ref.Raw)
		if why := refWhy(td, l, ref); why != "" {
			if first == nil {
				first, reason = ref, why
			}
			refs = append(refs, strings.TrimSpace(ref.Raw))
		}
	}
	if first == nil {
		return false
	}
	what := refs[0] + " on line " + td.docLine(li) + " reaches nothing"
	if len(refs) > 1 {
		what = strings.Join(refs, ", ") + " on line " + td.docLine(li) + " reach nothing"
	}
	pass.Reportf(first.Span, "`%s` with a response whose body is %s (the shape this template's lines read): %s: %s",
		td.callLine(), td.shortJSON(), what, reason)
	return true
}

// refWhy is why ref, on line l, reaches nothing in the body the template
// reads, or "" when the shape does not say.
func refWhy(td *tmplDry, l *sfmd.TemplateLine, ref *sfmd.VarRef) string {
	switch {
	case ref.Kind == sfmd.RefResponse && ref.Name == "body":
		if steps, ok := bodySteps(ref.PathText); ok {
			return td.why(td.Body, "Response.body", steps)
		}
	case ref.Kind == sfmd.RefVar && l.Loop >= 0 && td.Lines[l.Loop].ItemVar == ref.Name:
		if elem := loopElem(td, int(l.Loop)); elem != nil {
			if steps := walkSteps(ref.PathText); steps != nil {
				return td.why(elem, ref.Name, steps)
			}
		}
	}
	return ""
}

// loopElem is the element of the array the for: line at li loops over.
func loopElem(td *tmplDry, li int) *shapeNode {
	steps, ok := bodySteps(loopPath(td.Lines[li].Arg))
	if !ok {
		return nil
	}
	n, i := td.Body.shapeAt(steps)
	if i < len(steps) || n.kind != shapeArray {
		return nil
	}
	return n.elem
}
