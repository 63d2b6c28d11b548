package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ResponseEmpty reports response templates without lines.
var ResponseEmpty = &lint.Analyzer{
	Name:        "response-empty",
	Severity:    lint.Info,
	MaxSeverity: lint.Warning,
	Profile:     lint.Core,
	Doc: lint.Doc{
		Title: "response template is empty",
		Why:   "a response block without lines has no effect (the runtime reads it as no template), and one of blank lines replaces the response with nothing; without a template the response is returned as is",
		Bad:   "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\nFound {Response.body.count}\n```\n",

		Severity: "a block without lines has no effect: the runtime reads it as no template (parser.ts parse joins its lines into \"\", which action.ts executeAction's `if (action.responseTemplate)` skips); a block of blank lines is a warning: the runtime runs it and the action returns nothing instead of the response (executeResponseTemplate drops trailing blank lines)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			empty := true
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineBlank {
					empty = false
					break
				}
			}
			switch {
			case !empty:
			case len(r.Lines) == 0:
				pass.Reportf(r.IDSpan, "response template %q has no lines, so the runtime reads it as no template and returns the response as is; remove it, or add output lines", "act."+r.ActionID+".response")
			default:
				pass.Report(lint.Diagnostic{Span: r.IDSpan, Severity: lint.Warning,
					Message: fmt.Sprintf("response template %q holds only blank lines: the runtime runs it and the action returns nothing instead of the response; remove it to return the response, or add output lines", "act."+r.ActionID+".response")})
			}
		}
		return nil, nil
	},
}
