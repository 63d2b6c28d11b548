package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// BodyPlaceholderUnquotedString reports string fields inserted raw into
// a JSON body.
var BodyPlaceholderUnquotedString = &lint.Analyzer{
	Name:     "body-placeholder-unquoted-string",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "string placeholder outside quotes in a JSON body",
		Why:   "outside a JSON string the value is inserted raw: a string field becomes bare words (`{\"size\": 1K}`) and the body is no longer JSON; inside quotes it is JSON-escaped",
		Bad:   "```act.gen\nPOST https://api.example.com/generate\n  resolution: string \"1K, 2K or 4K\" = \"1K\"\n  body:\n    {\"size\": {resolution}}\n```\n",
		Good:  "```act.gen\nPOST https://api.example.com/generate\n  resolution: string \"1K, 2K or 4K\" = \"1K\"\n  body:\n    {\"size\": \"{resolution}\"}\n```\n",

		Severity: "action.ts substituteBodyTemplate: the runtime inserts the value raw, as written; for a string the body is no longer JSON",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "a string parameter's value is inserted raw; quoting it makes the body valid JSON with the same value"},
	},
	Requires: []*lint.Analyzer{bodiesAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for i, a := range doc.Actions {
			if !sendsBody(a) {
				continue
			}
			bs := docBodies(pass, i)
			for k := range bs {
				b := &bs[k] // scan keeps its result in the table
				if !b.looksJSON() {
					continue
				}
				_, refs := b.scan()
				for _, br := range refs {
					r := br.Ref
					if r.Kind != sfmd.RefVar || br.InString || r.QuotedBefore || r.QuotedAfter {
						continue
					}
					p := a.Param(r.Name)
					if p == nil || (p.Type != "string" && p.Type != "path") {
						continue
					}
					if n := len(r.Modifiers); n > 0 && r.Modifiers[n-1] == "file" {
						continue // inserting a file's text raw (a JSON file) is deliberate
					}
					d := lint.Diagnostic{
						Span:    r.Span,
						Message: fmt.Sprintf("%s is a %s field inserted raw into the JSON body, so its value becomes bare text; wrap it in quotes: \"%s\"", r.Raw, p.Type, r.Raw),
					}
					if src(doc, r.Span) == r.Raw {
						d.Fixes = []lint.Fix{{
							Message: "wrap the placeholder in double quotes",
							Safe:    true,
							Edits:   []lint.Edit{{Start: r.Span.Start.Off(), End: r.Span.Start.Off(), New: `"`}, {Start: r.Span.End.Off(), End: r.Span.End.Off(), New: `"`}},
						}}
					}
					pass.Report(d)
				}
			}
		}
		return nil, nil
	},
}
