package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// HeaderSyntaxInvalid reports headers the runtime does not recognise.
var HeaderSyntaxInvalid = &lint.Analyzer{
	Name:     "header-syntax-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header flag is not -H \"Name: value\"",
		Why:   "the runtime only recognises double-quoted, closed `-H \"Name: value\"` flags with a colon; single quotes, missing quotes, a missing colon or a missing closing quote make it drop the header or glue it to the URL",
		Bad:   "```act.data\nGET https://api.example.com/data -H 'Accept: application/json'\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data -H \"Accept: application/json\"\n```\n",

		Severity: "parser.ts parseHeaderFlags: the runtime drops the header or glues it to the URL",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only changes or adds the quotes the runtime needs to read the header as written"},
	},
	Run: runHeaderSyntaxInvalid,
}

func runHeaderSyntaxInvalid(pass *lint.Pass) (any, error) {
	doc := pass.Doc
	for _, a := range doc.Actions {
		if !a.IsHTTP() {
			continue
		}
		for _, h := range a.Headers {
			if h.Valid {
				continue
			}
			d := lint.Diagnostic{Span: h.Span}
			shown := src(doc, h.Span)
			switch {
			case h.Quote == '\'' && h.Closed:
				d.Message = fmt.Sprintf("header %s uses single quotes, which the runtime does not recognise; use double quotes: -H \"%s\"", shown, h.Raw)
				if strings.Contains(h.Raw, `"`) || !h.HasColon {
					d.Message = fmt.Sprintf("header %s uses single quotes, which the runtime does not recognise; use -H \"Name: value\" with double quotes and no '\"' in the value", shown)
					break
				}
				open, end := h.RawSpan.Start.Off()-1, h.RawSpan.End.Off()
				if open >= 0 && end < len(doc.Src) && doc.Src[open] == '\'' && doc.Src[end] == '\'' {
					d.Fixes = []lint.Fix{{
						Message: "replace the single quotes with double quotes",
						Safe:    true,
						Edits:   []lint.Edit{{Start: open, End: open + 1, New: `"`}, {Start: end, End: end + 1, New: `"`}},
					}}
				}
			case h.Quote == 0 && (strings.TrimSpace(h.Raw) == "" || strings.HasPrefix(h.Raw, "-")):
				d.Message = "-H has no header after it; write -H \"Name: value\" or remove the flag"
			case h.Quote == 0:
				d.Message = fmt.Sprintf("header %s is not quoted, so the runtime does not recognise it; write -H \"%s\"", shown, strings.TrimSpace(h.Raw))
				if h.HasColon && !strings.ContainsAny(h.Raw, `"'`) {
					s, e := h.RawSpan.Start.Off(), h.RawSpan.End.Off()
					d.Fixes = []lint.Fix{{Message: "quote the header", Safe: true,
						Edits: []lint.Edit{{Start: s, End: s, New: `"`}, {Start: e, End: e, New: `"`}}}}
				}
			case !h.Closed:
				d.Message = fmt.Sprintf("header %s has no closing quote; add a closing %s quote", shown, quoteName(h.Quote))
			case h.Quote == '"' && strings.Contains(h.Raw, `"`):
				d.Message = fmt.Sprintf("header %s contains a double quote, which ends the header early; remove it or move the value to a $VAR", shown)
			case !h.HasColon:
				d.Message = fmt.Sprintf("header %s has no colon, so the runtime drops it; write it as -H \"Name: value\"", shown)
			default:
				d.Message = fmt.Sprintf("header %s is not recognised by the runtime; write it as -H \"Name: value\"", shown)
			}
			pass.Report(d)
		}
	}
	return nil, nil
}
