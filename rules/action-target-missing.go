package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ActionTargetMissing reports first lines with a method and nothing else.
var ActionTargetMissing = &lint.Analyzer{
	Name:     "action-target-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action has a method but no URL or command",
		Why:   "the method must be followed by the endpoint (HTTP) or the command (CLI); without it the runtime rejects the block (INVALID_ACTION_BLOCK)",
		Bad:   "```act.search\nGET\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n",

		Severity: "parser.ts parseActionBlock returns null and parse reports INVALID_ACTION_BLOCK: the runtime rejects the block (INVALID_ACTION_BLOCK), so the action does not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !hasFirstLine(a) || !isKnownMethod(a.Method) || a.Target != nil {
				continue
			}
			if a.IsHTTP() && isHeaderLine(afterMethod(pass.Doc, a)) {
				continue // header-before-url: the URL is after the header
			}
			what, example := "URL", "https://api.example.com/search"
			if a.IsCLI() {
				what, example = "command", "echo hello"
			}
			pass.Reportf(a.MethodSpan, "action %q has no %s after %q; write it after the method, e.g. %q", a.ID, what, a.MethodRaw, a.Method+" "+example)
		}
		return nil, nil
	},
}

// afterMethod returns the text of the first line after the method and
// the whitespace that follows it.
func afterMethod(doc *sfmd.Document, a *sfmd.Action) string {
	off := lineOffset(doc, a.FirstLine.Text, a.FirstLine.Span)
	if off < 0 {
		return ""
	}
	i := a.MethodSpan.End.Off() - off
	if i < 0 || i > len(a.FirstLine.Text) {
		return ""
	}
	return strings.TrimLeft(a.FirstLine.Text[i:], " \t")
}
