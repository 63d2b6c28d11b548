package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamSessionFallback reports an optional field without a default whose
// placeholder a session variable of the same name fills when the caller
// leaves the field out: the variable a response template of the document
// assigns.
var ParamSessionFallback = &lint.Analyzer{
	Name:     "param-session-fallback",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Requires: []*lint.Analyzer{dryrunAnalyzer, symbolsAnalyzer},
	Doc: lint.Doc{
		Title: "optional field without a default is filled from a session variable of the same name",
		Why: "when the caller leaves a field out and it has no default, the runtime fills its {placeholder} in the URL, the command or the -d body from the session variable of the same name, if one is set " +
			"(`executeAction` in `packages/string/src/commands/action.ts`: the URI replace falls back to `session.getVar(name)`, and `substituteBodyTemplate` likewise). " +
			"When a response template of the document assigns that variable, a call without the field sends the value of the last response instead of nothing: `/act.post` without `--content` posts the content of the last post read",
		Bad:  "```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n\n```act.read.response\n{content} = {Response.body.content}\n{content}\n```\n\n```act.post\nPOST https://api.example.com/posts -d '{\"title\":\"{title}\",\"content\":\"{content}\"}'\n  title: string (required) \"Title\"\n  content: string \"Body\"\n```\n",
		Good: "```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n\n```act.read.response\n{content} = {Response.body.content}\n{content}\n```\n\n```act.post\nPOST https://api.example.com/posts -d '{\"title\":\"{title}\",\"content\":\"{content}\"}'\n  title: string (required) \"Title\"\n  content: string \"Body\" = \"\"\n```\n",

		Severity: "the call works but sends a stale value the caller never gave (action.ts executeAction, substituteBodyTemplate: the session-variable fallback)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		if len(doc.Responses) == 0 {
			return nil, nil
		}
		assigned := symbols(pass).Assigned // sessionSetters' names, found by the same walk
		if len(assigned) == 0 {
			return nil, nil
		}
		var setters map[string]setter // made for the first finding
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			for _, p := range c.Action.Params {
				if p.Name == "" || p.Required || p.HasDefault || p.Indent == 0 {
					continue
				}
				if _, ok := assigned[p.Name]; !ok || notAParam(p) {
					continue
				}
				where := fallbackWhere(t, c, p.Name)
				if where == "" {
					continue
				}
				if setters == nil {
					setters = sessionSetters(doc)
				}
				reportFallback(pass, c.Action, p, setters[p.Name], where)
			}
		}
		return nil, nil
	},
}

// setter is the first template line that assigns a session variable.
type setter struct {
	response *sfmd.Response
	line     *sfmd.TemplateLine
}

// sessionSetters maps each session variable a response template of doc
// assigns to the first line that assigns it.
func sessionSetters(doc *sfmd.Document) map[string]setter {
	out := map[string]setter{}
	for _, r := range doc.Responses {
		for _, l := range r.Lines {
			if !l.AssignsSessionVar() {
				continue
			}
			if _, seen := out[l.LHS]; !seen {
				out[l.LHS] = setter{response: r, line: l}
			}
		}
	}
	return out
}

// fallbackStale is the value the dry run gives the session variable.
const fallbackStale = "stale-session-value"

// fallbackWhere asks the model where a call of c without the field name
// sends the session variable of that name ("in its URL", "in its
// command", "in its body"), or "" when it does not: the call gives every
// other field its hint, default or sample value.
func fallbackWhere(t *dryTable, c *dryCall, name string) string {
	if dryGates && !valuesName(c, name) {
		// the call's arguments hold no {name}: the model answers without
		// them (MaySendSessionUnnamed), and most calls need none written
		if may, exact := c.Src.MaySendSessionUnnamed(name, t.Store); exact && !may {
			return ""
		}
	}
	args, ok := argsWithout(c, name)
	if !ok {
		return ""
	}
	if !c.Src.MaySendSession(args, name, t.Store) {
		return "" // no placeholder the variable could fill: no call needed
	}
	s, ok := t.dryRun(c.Action.ID, args, map[string]string{name: fallbackStale})
	switch {
	case !ok || s.Code != "":
		return ""
	case s.CLI:
		if strings.Contains(s.Command, fallbackStale) {
			return "in its command"
		}
	case strings.Contains(s.URL, fallbackStale):
		return "in its URL"
	case strings.Contains(s.Body, fallbackStale):
		return "in its body"
	}
	return ""
}

// valuesName reports whether a value argsWithout(c, name) writes holds
// {name (a default is left to the runtime, not written; a field's name,
// the quotes and the blanks between hold no '{', so the argument line
// holds {name only inside one value).
func valuesName(c *dryCall, name string) bool {
	for _, v := range c.Values {
		if v.Field != name && v.From != "default" && model.HasRefStart(v.Value, name) {
			return true
		}
	}
	return false
}

func reportFallback(pass *lint.Pass, a *sfmd.Action, p *sfmd.Param, set setter, where string) {
	by, last := fmt.Sprintf("the response template of %q", "act."+set.response.ActionID), "the last act."+set.response.ActionID+" response"
	if set.response.ActionID == a.ID {
		by, last = "its own response template", "its own last response"
	}
	d := lint.Diagnostic{
		Span: p.NameSpan,
		Message: fmt.Sprintf("optional field %q has no default: /act.%s without --%s sends %s the session variable {%s}, which %s sets (line %d): a value from %s that the caller never gave; give it a default (= \"\") or make it (required)",
			p.Name, a.ID, p.Name, where, p.Name, by, set.line.LHSSpan.Start.Line, last),
	}
	if ref := placeholderRef(a, p.Name); ref != nil {
		d.Related = append(d.Related, lint.Related{Span: ref.Span, Message: fmt.Sprintf("{%s} is filled from the session here", p.Name)})
	}
	d.Related = append(d.Related, lint.Related{Span: set.line.LHSSpan, Message: fmt.Sprintf("{%s} is set here", p.Name)})
	pass.Report(d)
}

// placeholderRef is the first {name} of a's URL, command or -d body.
func placeholderRef(a *sfmd.Action, name string) *sfmd.VarRef {
	for _, t := range []*sfmd.Template{a.Target, inlineTemplate(a)} {
		if t == nil {
			continue
		}
		for _, r := range t.Refs {
			if r.Kind == sfmd.RefVar && r.Name == name && len(r.Path) == 0 {
				return r
			}
		}
	}
	return nil
}

func inlineTemplate(a *sfmd.Action) *sfmd.Template {
	if a.InlineBody == nil {
		return nil
	}
	return a.InlineBody.Template
}
