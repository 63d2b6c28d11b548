package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// HeaderBeforeURL reports -H flags written before the URL.
var HeaderBeforeURL = &lint.Analyzer{
	Name:     "header-before-url",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header flag before the URL",
		Why:   "the runtime takes the first word after the method as the URL; a `-H` before it becomes the URL and the real URL is lost",
		Bad:   "```act.data\nGET -H \"Accept: application/json\" https://api.example.com/data\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data -H \"Accept: application/json\"\n```\n",

		Severity: "parser.ts parseHeaderFlags: the runtime takes the flag as the URL and loses the real one",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !a.IsHTTP() {
				continue
			}
			text := a.FirstLine.Text
			off := lineOffset(doc, text, a.FirstLine.Span)
			if off < 0 {
				continue
			}
			i := len(text) - len(strings.TrimLeft(text, " \t"))
			i += len(a.MethodRaw)
			if !strings.HasPrefix(text[i:], " ") && !strings.HasPrefix(text[i:], "\t") {
				continue
			}
			rest := strings.TrimLeft(text[i:], " \t")
			if !isHeaderLine(rest) {
				continue
			}
			start := off + len(text) - len(rest)
			end := start + 2
			for _, h := range a.Headers {
				if h.Span.Start.Off() == start {
					end = h.Span.End.Off()
				}
			}
			pass.Reportf(spanAt(doc, start, end), "header %s comes before the URL; move it after the URL", string(doc.Src[start:end]))
		}
		return nil, nil
	},
}
