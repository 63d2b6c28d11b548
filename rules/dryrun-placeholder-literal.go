package rules

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunPlaceholderLiteral reports an optional field without a default
// whose {placeholder} is sent as written when the caller leaves the field
// out: the runtime keeps a placeholder it has no value for.
var DryrunPlaceholderLiteral = &lint.Analyzer{
	Name:     "dryrun-placeholder-literal",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "an optional field left out is sent as its literal {placeholder}",
		Why: "when the caller leaves out an optional field that has no default, and no session variable has its name, the runtime leaves its placeholder as written: in the URL (`executeAction` in `packages/string/src/commands/action.ts`), where fetch sends `{page}` as `%7Bpage%7D` in the path, in the command, and in the `-d` body (`substituteBodyTemplate`), where `\"{note}\"` stays the text `{note}`. " +
			"The server gets the name of the field instead of nothing. " +
			"sfmd builds the call from the document's hints and defaults without the field and reads what its model of the runtime sends",
		Bad:  "```act.ticket\nPOST https://api.example.com/tickets -d '{\"title\":\"{title}\",\"note\":\"{note}\"}'\n  title: string (required) \"Title\"\n  note: string \"Optional note\"\n```\n",
		Good: "```act.ticket\nPOST https://api.example.com/tickets -d '{\"title\":\"{title}\",\"note\":\"{note}\"}'\n  title: string (required) \"Title\"\n  note: string \"Optional note\" = \"\"\n```\n",

		Severity: "the call works but sends the placeholder's text the caller never gave (action.ts executeAction, substituteBodyTemplate: an unresolved placeholder is kept)",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer, symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		set := symbols(pass).Assigned // the session variables a template assigns (sessionSetters' names)
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			for _, p := range c.Action.Params {
				if p.Name == "" || p.Required || p.HasDefault || notAParam(p) || p.Indent == 0 || !optionalField(c, p.Name) {
					continue // a line the runtime drops: its own rules
				}
				if _, ok := set[p.Name]; ok {
					continue // param-session-fallback
				}
				if !mentions(c.Action, p.Name) {
					continue // no placeholder of it to keep
				}
				if line, where := literalWhere(t, c, p.Name); where != "" {
					reportLiteral(pass, c.Action, p, line, where)
				}
			}
		}
		return nil, nil
	},
}

// literalWhere asks the model where the call of c without the field name
// sends its placeholder as written, and the call's line: "" where it does
// not, or where the body is then no longer JSON (body-invalid-json).
func literalWhere(t *dryTable, c *dryCall, name string) (string, string) {
	args, ok := argsWithout(c, name)
	if !ok {
		return "", ""
	}
	s, ok := t.dryRun(c.Action.ID, args, nil)
	if !ok || s.Code != "" {
		return "", ""
	}
	ph := "{" + name + "}"
	line := dryLine(c.Action.ID, args)
	switch {
	case s.CLI:
		if strings.Contains(s.Command, ph) {
			return line, "runs " + clip(s.Command)
		}
	case strings.Contains(s.URL, ph) || strings.Contains(s.URL, "%7B"+name+"%7D"):
		return line, "sends " + clip(s.URL)
	case s.HasBody && strings.Contains(s.Body, ph):
		if _, base, ok := t.base(c); ok && base.Code == "" && jsonShaped(base.Body) != jsonShaped(s.Body) {
			return "", "" // the literal breaks the JSON: body-invalid-json
		}
		return line, "sends the body " + clip(s.Body)
	}
	return "", ""
}

// mentions reports whether a's URL, command or -d body has a {name…}.
func mentions(a *sfmd.Action, name string) bool {
	for _, t := range []*sfmd.Template{a.Target, inlineTemplate(a)} {
		if t != nil && strings.Contains(t.Text, "{"+name) {
			return true
		}
	}
	return false
}

// optionalField reports a field of the runtime's reading of c that is
// optional and has no default.
func optionalField(c *dryCall, name string) bool {
	for _, f := range c.Info.Fields {
		if f.Name == name {
			return !f.Required && !f.HasDefault
		}
	}
	return false
}

// jsonShaped reports a body that is JSON.
func jsonShaped(s string) bool { return jsonValid(strings.TrimSpace(s)) }

func reportLiteral(pass *lint.Pass, a *sfmd.Action, p *sfmd.Param, line, where string) {
	fix := "give it a default (= \"\") or make it (required)"
	if a.IsCLI() {
		fix = "give it a default or make it (required) (an empty default passes one empty argument, '')"
	}
	d := lint.Diagnostic{
		Span: p.NameSpan,
		Message: fmt.Sprintf("optional field %q has no default: `%s` (without --%s) %s, with {%s} as written; %s",
			p.Name, line, p.Name, where, p.Name, fix),
	}
	if ref := placeholderRef(a, p.Name); ref != nil {
		d.Related = append(d.Related, lint.Related{Span: ref.Span, Message: fmt.Sprintf("{%s} is sent as written here", p.Name)})
	}
	pass.Report(d)
}

func jsonValid(s string) bool { return json.Valid([]byte(s)) }
