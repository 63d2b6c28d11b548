package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// SavePathPrefixed reports save: paths written as response references.
var SavePathPrefixed = &lint.Analyzer{
	Name:     "save-path-prefixed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "save: path starts with Response.body",
		Why:   "`save:` walks the JSON body directly; a `Response.body.` (or `body.`) prefix is looked up as a key and finds nothing",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: Response.body.data\nto: out.bin\nSaved out.bin\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\nto: out.bin\nSaved out.bin\n```\n",

		Severity: "helpers.ts executeResponseTemplate (save: walks jsonBody): the `Response.body.` prefix is looked up as a key, so `save:` finds nothing and prints an error line (a `body.` prefix may be a real key: warning)",
		Fix:      lint.FixDoc{Kind: lint.SometimesSafe, Reason: "dropping a `Response.body` prefix is safe; a `body.` prefix may be a real key of the body, so dropping it is unsafe"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		doc := pass.Doc
		for k, r := range doc.Responses {
			if !syms.hasLines(k, sfmd.LineSave) {
				continue // no save: line
			}
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineSave || l.Arg == "" {
					continue
				}
				arg := l.Arg
				inner := strings.TrimSuffix(strings.TrimPrefix(arg, "{"), "}")
				braced := inner != arg && strings.HasPrefix(arg, "{") && strings.HasSuffix(arg, "}")
				if !braced {
					inner = arg
				}
				var rest string
				safe := true
				switch {
				case strings.HasPrefix(inner, "Response.body."):
					rest = strings.TrimPrefix(inner, "Response.body.")
				case strings.HasPrefix(inner, "Response.body["):
					rest = strings.TrimPrefix(inner, "Response.body")
				case strings.HasPrefix(inner, "body.") && !braced:
					rest, safe = strings.TrimPrefix(inner, "body."), false
				default:
					continue
				}
				d := lint.Diagnostic{Span: l.ArgSpan, Message: fmt.Sprintf("save: path %q walks the JSON body directly, so the prefix finds nothing; write \"save: %s\"", arg, rest)}
				if src(doc, l.ArgSpan) == arg {
					d.Fixes = []lint.Fix{{Message: "drop the prefix", Safe: safe, Edits: []lint.Edit{{Start: l.ArgSpan.Start.Off(), End: l.ArgSpan.End.Off(), New: rest}}}}
				}
				if !safe {
					d.Severity = lint.Warning // the body may really have a "body" field
					d.Message = fmt.Sprintf("save: path %q walks the JSON body directly, so \"body.\" is looked up as a key; write \"save: %s\" unless the body really has a \"body\" field", arg, rest)
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}
