package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// jsonFlagRe matches a command asking its program for JSON output
// (`gh … --json f`, `kubectl -o json`, `--format=json`, `| jq …`).
var jsonFlagRe = lazyre.New(`(^|\s)--json(\s|=|$)|(^|\s)(-o|--output|--format)[ =]json\b|\|\s*jq\b`)

// asksForJSON reports whether a CLI action's command asks for JSON: the
// reference runtime parses the output of a CLI action as JSON (loader.ts
// execCli) and runs its template (action.ts executeAction), so its
// {Response.body.x} paths resolve.
func asksForJSON(a *sfmd.Action) bool {
	if a.Target == nil {
		return false
	}
	// every branch of the pattern holds "json" or "jq": most commands
	// need no match
	t := a.Target.Text
	return (strings.Contains(t, "json") || strings.Contains(t, "jq")) && jsonFlagRe.MatchString(t)
}

// ResponseOnCLI reports CLI response templates that read JSON paths.
var ResponseOnCLI = &lint.Analyzer{
	Name:     "response-on-cli",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "response template of a CLI action reads a JSON path",
		Why:   "the docs only describe response templates for HTTP actions; the reference runtime also runs them for CLI, where `{Response.body.x}` only resolves when the command prints JSON, so such templates are not portable",
		Bad:   "```act.ls\nCLI ls -1\n```\n\n```act.ls.response\n{first} = {Response.body.files}\n```\n",
		Good:  "```act.ls\nCLI ls -1\n```\n\n```act.ls.response\nFiles:\n{Response.body}\n```\n",

		Severity: "action.ts executeAction: the reference runtime runs CLI templates; the docs only describe them for HTTP (portability)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc, syms := pass.Doc, symbols(pass)
		var buf []byte
		if symFast && syms.tmplOf != nil {
			// each action is the first of its ID and has at most one
			// template, the templates in the actions' order: the CLI
			// actions' templates, in source order, without a map of the
			// CLI actions or a look-up of each template's ID (TestSymFast)
			for i, a := range doc.Actions {
				if a.IsCLI() {
					for _, r := range syms.templatesOf(i, a) {
						buf = reportCLIResponse(pass, buf, r, a)
					}
				}
			}
			return nil, nil
		}
		owners := cliOwners(doc, syms)
		if len(owners) == 0 {
			return nil, nil
		}
		for _, r := range doc.Responses {
			if a := owners[r.ActionID]; a != nil {
				buf = reportCLIResponse(pass, buf, r, a)
			}
		}
		return nil, nil
	},
}

// reportCLIResponse reports the first {Response.body.…} path of r, a
// template of the CLI action a, unless a's command asks for JSON (then
// the reference runtime resolves the paths); buf is the message's
// scratch buffer, returned.
func reportCLIResponse(pass *lint.Pass, buf []byte, r *sfmd.Response, a *sfmd.Action) []byte {
	if asksForJSON(a) {
		return buf
	}
	for _, l := range r.Lines {
		for _, ref := range lineRefsOf(l) {
			if ref.Kind == sfmd.RefResponse && ref.Name == "body" && len(ref.Path) > 0 {
				buf = cliResponseMessage(buf[:0], ref.Raw, a.ID)
				pass.Report(lint.Diagnostic{Span: ref.Span, Message: string(buf)})
				return buf
			}
		}
	}
	return buf
}

// cliOwners maps the IDs whose template owner (responseOwner: the first
// action of the ID) is a CLI action to that action: the only owners
// response-on-cli reports on, found from the CLI actions, so that a
// document without one looks up nothing (17,100 responses each looked up
// their owner in the map of every action). Whether the command asks for
// JSON is left to the responses (a regular expression; most CLI actions
// have no template).
func cliOwners(doc *sfmd.Document, syms *symbolTable) map[string]*sfmd.Action {
	var out map[string]*sfmd.Action
	for _, a := range doc.Actions {
		if !a.IsCLI() {
			continue
		}
		if as := syms.Actions[a.ID]; len(as) == 0 || as[0] != a {
			continue
		}
		if out == nil {
			out = map[string]*sfmd.Action{}
		}
		out[a.ID] = a
	}
	return out
}

// cliResponseMessage appends response-on-cli's message for raw in a
// template of act.id, in one buffer (2,854 on the 10 MB document;
// TestCLIResponseMessage holds it to fmt.Sprintf's).
func cliResponseMessage(buf []byte, raw, id string) []byte {
	buf = appendQuotedAfter(append(append(buf, raw...), " in the template of CLI action "...), "act.", id)
	return append(buf, " only resolves when the command prints JSON, and only in runtimes that run templates for CLI; use {Response.body} (the output) or make the command print what you need"...)
}
