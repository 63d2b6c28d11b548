package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunTemplateLoopEmpty reports a for: loop of a response template
// that never iterates for a response shaped as the template's own other
// lines read it.
var DryrunTemplateLoopEmpty = &lint.Analyzer{
	Name:     "dryrun-template-loop-empty",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "a for: loop never iterates for the response the template itself reads",
		Why: "a `for:` line iterates only when its path reaches an array (`executeResponseTemplate` in `packages/string/src/commands/helpers.ts` skips a loop whose path is not a non-empty array); otherwise its body prints nothing, silently. " +
			"sfmd builds the response body the template's lines read (each `{Response.body.…}` path, each loop path as an array whose element has the fields the loop body reads) and runs the template against it through its model of the runtime: when another line of the same template reads the loop's path, or a step of it, as an object where the loop needs an array (or the reverse), one of the two is wrong, and for the response the rest of the template expects the loop prints nothing. " +
			"When the document has test suites (a `*.test.yaml` beside it whose `document:` names it, or with none, whose stem is the document's, as `sfmd test` pairs them), each call a test step makes with one recorded response on the success path and a JSON body runs the template against that response too: an HTTP response of status 2xx other than 204 and 205 (fetch gives those no body: `Loader.action` in `loader.ts` reads `res.text()`, as `sfmd test` does), or for a CLI action an exec entry that exits 0, its stdout and stderr read together as the runtime reads a command's output (`Loader.execCli` in `loader.ts`); the steps of a test run in one session, as `sfmd test` runs them, so a call sees the session variables an earlier step's template or `/set` set (a template runs on any status, `executeAction` in `action.ts`, but an error response tests the failure path): a loop whose path reaches no array there is reported once per line, the first such test in the order `sfmd test` runs them named as the evidence, unless the shape-based run reports the line already; an empty array, a null or a path through a null (the API's own \"none\") is no finding. A suite with a problem gives nothing here",
		Bad:  "```act.orders\nGET https://api.example.com/orders\n```\n\n```act.orders.response\n{count} = {Response.body.data.total}\nfor: o in Response.body.data\n- {o.id}\nend:\n```\n",
		Good: "```act.orders\nGET https://api.example.com/orders\n```\n\n```act.orders.response\n{count} = {Response.body.data.total}\nfor: o in Response.body.data.items\n- {o.id}\nend:\n```\n",

		Severity: "the template runs, but for the response its other lines read, or the response a test suite records for the call (what the author says the API returns), the loop prints nothing (helpers.ts executeResponseTemplate skips a for: whose path is not an array): almost certainly not as meant; which reading is wrong depends on the API",
	},
	Requires: []*lint.Analyzer{tmplDryAnalyzer, tmplFixtureAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		done := lineSet{}
		for _, td := range tmplDryOf(pass) {
			nested := nestedLoops(td.Resp)
			for li, l := range td.Lines {
				f := td.Run.Lines[li]
				if l.Kind != sfmd.LineFor || !l.ForValid || nested[l] || f.Kind != "for" || f.Iterations > 0 {
					continue
				}
				steps, ok := bodySteps(loopPath(l.Arg))
				if !ok || !isBodyPath(loopPath(l.Arg)) {
					continue // for-path-root
				}
				reason := td.why(td.Body, "Response.body", steps)
				if reason == "" {
					n, i := td.Body.shapeAt(steps)
					if i < len(steps) || n.kind != shapeObject {
						continue
					}
					reason = fmt.Sprintf("%s is an object (line %s reads a key of it), not an array", pathText("Response.body", steps, len(steps)), td.docLine(n.line))
				}
				done.add(td.Resp, li)
				pass.Reportf(l.ArgSpan, "`%s` with a response whose body is %s (the shape this template's lines read): the loop %q never iterates: %s; its lines print nothing",
					td.callLine(), td.shortJSON(), "for: "+l.ItemVar+" in "+l.Arg, reason)
			}
		}
		reportFixtureLoops(pass, done)
		return nil, nil
	},
}
