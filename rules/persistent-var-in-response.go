package rules

import (
	"bytes"
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PersistentVarInResponse reports $VAR in response templates.
var PersistentVarInResponse = &lint.Analyzer{
	Name:     "persistent-var-in-response",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "persistent $VAR used in a response template",
		Why:   "$VAR MUST NOT appear in response templates: it is not substituted there, so an assignment, save: or to: line gets the literal text (error) and an output line prints it verbatim (warning)",
		Bad:   "```act.login\nPOST https://api.example.com/login\n```\n\n```act.login.response\n{key} = $API_KEY\n```\n",
		Good:  "```act.login\nPOST https://api.example.com/login\n```\n\n```act.login.response\n{key} = {Response.body.key}\n```\n",

		Severity: "helpers.ts executeResponseTemplate: `$VAR` is not substituted in templates: an assignment, `save:` or `to:` gets the literal text (an output line only prints it: warning)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, u := range syms.usesAt(siteResponse, siteResponse) {
			if u.Site != siteResponse || u.Kind() != sfmd.RefPersistent || insideHint(pass.Doc, u.Ref.Span) {
				continue
			}
			if u.tline().Kind == sfmd.LineOutput && bytes.HasSuffix(pass.Doc.Src[:u.Ref.Span.Start.Offset], []byte("/set ")) {
				continue // output telling the user to run "/set $VAR = …": meant literally
			}
			d := lint.Diagnostic{Span: u.Ref.Span}
			switch u.tline().Kind {
			case sfmd.LineOutput:
				d.Severity = lint.Warning
				d.Message = fmt.Sprintf("%q is not substituted in response output and prints literally; remove it or pass the value through a session variable", u.Ref.Raw)
			default:
				d.Message = fmt.Sprintf("%q cannot be used in %s of a response template, it is not substituted there; use {Response.…} or a session variable instead", u.Ref.Raw, lineKindPhrase(u.tline().Kind))
			}
			pass.Report(d)
		}
		return nil, nil
	},
}
