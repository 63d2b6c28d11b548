package rules

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
)

// DryrunBodyJSONBroken reports a -d JSON body that is JSON for an ordinary
// value and stops being JSON when a value holds a double quote or a
// backslash: the placeholder sits inside a JSON string with other text,
// where the runtime inserts the value unescaped.
var DryrunBodyJSONBroken = &lint.Analyzer{
	Name:     "dryrun-body-json-broken",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "a value with a quote or backslash breaks the JSON body",
		Why: "the runtime JSON-escapes a value only where the placeholder is the whole JSON string, `\"{name}\"` (`substituteBodyTemplate` in `packages/string/src/commands/action.ts`: the quotes must sit right around the braces); " +
			"inside a longer string (`\"Hello {name}!\"`, `\"{first} {last}\"`) the value goes in raw, so a `\"` or a `\\` in it ends the string early or starts an escape and the body sent as `Content-Type: application/json` is no longer JSON. " +
			"sfmd builds the call from the document's hints and defaults, then gives each string field of the body a value with a quote and a backslash, and runs the calls through its model of the runtime",
		Bad:  "```act.greet\nPOST https://api.example.com/greet -d '{\"text\":\"Hello {name}!\"}'\n  name: string (required) \"Name\"\n```\n",
		Good: "```act.greet\nPOST https://api.example.com/greet -d '{\"name\":\"{name}\"}'\n  name: string (required) \"Name\"\n```\n",

		Severity: "the call works for plain values and sends a body that is not JSON for a value with a quote or a backslash (action.ts substituteBodyTemplate)",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			if !sendsInlineBody(c) {
				continue
			}
			if len(bodyStringFields(c)) == 0 {
				continue // nothing to try: no call needed
			}
			if dryGates && t.Parsed.BodyValuesEscaped(c.Info.ID) {
				continue // every value goes in JSON-escaped: no value can break the body
			}
			_, base, ok := t.base(c)
			if !ok || base.Code != "" || !json.Valid([]byte(base.Body)) {
				continue // not a JSON body for plain values: body-invalid-json and others
			}
			checkDryBody(pass, t, c)
		}
		return nil, nil
	},
}

// dryBodyValue is the value each string field is tried with: a double
// quote and a backslash that starts no JSON escape.
const dryBodyValue = `say "hi" in C:\data`

// bodyStringFields are the indexes of c's string fields whose placeholder
// the -d body template writes: the values checkDryBody tries.
func bodyStringFields(c *dryCall) []int {
	var out []int
	for i, f := range c.Info.Fields {
		if f.Type == "string" && strings.Contains(c.Action.InlineBody.Template.Text, "{"+f.Name) {
			out = append(out, i)
		}
	}
	return out
}

// checkDryBody tries each string field of c that the body names with
// dryBodyValue; the first that breaks the body is reported. One call
// gives them all the value first: only when that body is not JSON is
// each tried on its own.
func checkDryBody(pass *lint.Pass, t *dryTable, c *dryCall) {
	a := c.Action
	named := func(f model.FieldInfo) bool {
		return f.Type == "string" && strings.Contains(a.InlineBody.Template.Text, "{"+f.Name)
	}
	all := append([]dryValue(nil), c.Values...)
	n := 0
	for i, f := range c.Info.Fields {
		if named(f) {
			all[i] = dryValue{f.Name, dryBodyValue, "adversarial"}
			n++
		}
	}
	if n == 0 {
		return
	}
	if args, ok := dryArgs(all); ok {
		if s, ok := t.dryRun(a.ID, args, nil); ok && s.Code == "" && json.Valid([]byte(s.Body)) {
			return
		}
	}
	for i, f := range c.Info.Fields {
		if !named(f) {
			continue
		}
		vals := append([]dryValue(nil), c.Values...)
		vals[i] = dryValue{f.Name, dryBodyValue, "adversarial"}
		args, ok := dryArgs(vals)
		if !ok {
			continue
		}
		s, ok := t.dryRun(a.ID, args, nil)
		if !ok || s.Code != "" || json.Valid([]byte(s.Body)) {
			continue
		}
		pass.Report(lint.Diagnostic{
			Span: a.InlineBody.Span,
			Message: fmt.Sprintf("`%s` sends the body %s, which is not JSON: {%s} is inside a JSON string with other text, where the runtime inserts the value without escaping it; make the placeholder the whole string (\"%s\": \"{%s}\")",
				dryLine(a.ID, args), s.Body, f.Name, f.Name, f.Name),
		})
		return
	}
}
