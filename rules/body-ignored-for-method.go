package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// BodyIgnoredForMethod reports bodies on GET, DELETE and CLI actions.
var BodyIgnoredForMethod = &lint.Analyzer{
	Name:     "body-ignored-for-method",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Tags:     []lint.Tag{lint.Unnecessary},
	Doc: lint.Doc{
		Title: "body on a GET, DELETE or CLI action",
		Why:   "a request body is only sent for POST, PUT and PATCH: for GET and DELETE the runtime drops the body and sends the fields as query parameters instead (`?q=…`), so the values arrive but not in the shape written (constant text in the template is lost); a CLI action never reads a body",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required) \"query\"\n  body:\n    {\"q\": \"{q}\"}\n```\n",
		Good:  "```act.search\nPOST https://api.example.com/search\n  q: string (required) \"query\"\n  body:\n    {\"q\": \"{q}\"}\n```\n",

		Severity: "loader.ts Loader.action sends no body for GET and DELETE: it drops the template and sets the fields as query parameters, so they arrive, but not as written; a CLI action never reads a body",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if a.Method != sfmd.MethodGET && a.Method != sfmd.MethodDELETE && !a.IsCLI() {
				continue
			}
			if ib := a.InlineBody; ib != nil && !a.IsCLI() {
				pass.Reportf(ib.Span, "this -d body is not sent: %s requests carry no body, so the runtime drops it and sends the fields as query parameters instead; use POST, PUT or PATCH to send it, or remove it", a.MethodRaw)
			}
			for _, b := range a.Bodies {
				if a.IsCLI() {
					pass.Reportf(b.DirectiveSpan, "this \"body:\" section is never read: a CLI action sends no body; pass the values in the command instead")
					continue
				}
				pass.Reportf(b.DirectiveSpan, "this \"body:\" section is not sent: %s requests carry no body, so the runtime sends the fields as query parameters instead; remove it, or use POST, PUT or PATCH", a.MethodRaw)
			}
		}
		return nil, nil
	},
}
