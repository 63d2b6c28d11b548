package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ForSyntaxInvalid reports for: lines that do not read "for: <item> in
// <path>".
var ForSyntaxInvalid = &lint.Analyzer{
	Name:     "for-syntax-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "for: line is not \"for: <item> in <path>\"",
		Why:   "a loop is `for: <item> in <path>` with a lower-case item name; any other form is not a loop and is printed as text",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor post in Response.body.posts\n- {post.title}\nend:\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: post in Response.body.posts\n- {post.title}\nend:\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the runtime prints the line as text: there is no loop",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only adds the colon, so the runtime reads the loop written instead of printing the line"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		doc := pass.Doc
		for k, r := range doc.Responses {
			if !syms.hasLines(k, sfmd.LineFor) {
				continue // no for: line
			}
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineFor {
					continue
				}
				span := directiveSpan(doc, l)
				text := strings.TrimSpace(l.Line.Text)
				switch {
				case !strings.HasPrefix(text, "for:"):
					if f := strings.Fields(text); len(f) != 4 || !strings.Contains(f[3], ".") && !strings.HasPrefix(f[3], "Response") {
						continue // prose such as "for users in Europe: …"
					}
					d := lint.Diagnostic{Span: span, Message: fmt.Sprintf("%q is missing the colon after \"for\"; write %q", text, "for: "+strings.TrimSpace(text[3:]))}
					if src(doc, span) == text {
						d.Fixes = []lint.Fix{{Message: "add the colon", Safe: true, Edits: []lint.Edit{{Start: span.Start.Off() + 3, End: span.Start.Off() + 3, New: ":"}}}}
					}
					pass.Report(d)
				case !l.ForValid:
					pass.Reportf(span, "%q is not a loop; write \"for: <item> in Response.body.<array>\"", text)
				case !sessionVarShape.Matches(l.ItemVar):
					pass.Reportf(l.ItemVarSpan, "loop variable %q must match [a-z][a-z0-9_]*%s", l.ItemVar, renameHint(snakeCase(l.ItemVar), sessionChars))
				}
			}
		}
		return nil, nil
	},
}
