package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// HeaderNotOnFirstLine reports -H lines below the first line.
var HeaderNotOnFirstLine = &lint.Analyzer{
	Name:     "header-not-on-first-line",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header on its own line instead of the first line",
		Why:   "headers belong on the first line, after the URL; a `-H` line below it is not a parameter and the runtime drops it",
		Bad:   "```act.data\nGET https://api.example.com/data\n-H \"Accept: application/json\"\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data -H \"Accept: application/json\"\n```\n",

		Severity: "parser.ts parseActionBlock: the runtime drops the line, so the header is never sent",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			for _, l := range a.Unrecognized {
				if !isHeaderLine(l.Text) {
					continue
				}
				trimmed := strings.TrimSpace(l.Text)
				span := l.Span
				if off := lineOffset(pass.Doc, l.Text, l.Span); off >= 0 {
					start := off + strings.Index(l.Text, trimmed)
					span = spanAt(pass.Doc, start, start+len(trimmed))
				}
				pass.Reportf(span, "header %s is not on the first line and is ignored; move it to the end of the first line of %q", trimmed, "act."+a.ID)
			}
		}
		return nil, nil
	},
}
