package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// BodyIgnoredForMethod reports bodies on GET, DELETE and CLI actions.
var BodyIgnoredForMethod = &lint.Analyzer{
	Name:     "body-ignored-for-method",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "body on a GET, DELETE or CLI action",
		Why:   "a request body is only sent for POST, PUT and PATCH; for GET and DELETE the runtime drops it at send time and for CLI it is ignored, so the fields it carries never arrive",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required) \"query\"\n  body:\n    {\"q\": \"{q}\"}\n```\n",
		Good:  "```act.search\nPOST https://api.example.com/search\n  q: string (required) \"query\"\n  body:\n    {\"q\": \"{q}\"}\n```\n",

		Severity: "the runtime drops the body at send time (GET, DELETE) or never reads it (CLI), so the fields it carries never arrive",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if a.Method != sfmd.MethodGET && a.Method != sfmd.MethodDELETE && !a.IsCLI() {
				continue
			}
			todo := "use POST, PUT or PATCH, or pass the fields in the URL or query string"
			if a.IsCLI() {
				todo = "pass the values in the command instead"
			}
			if ib := a.InlineBody; ib != nil && !a.IsCLI() {
				pass.Reportf(ib.Span, "this -d body is ignored because %s requests send no body; %s", a.MethodRaw, todo)
			}
			if !a.IsCLI() {
				todo = "pass the fields in the URL or query string"
			}
			for _, b := range a.Bodies {
				pass.Reportf(b.DirectiveSpan, "this \"body:\" section is ignored because %s actions send no body; %s", a.MethodRaw, todo)
			}
		}
		return nil, nil
	},
}
