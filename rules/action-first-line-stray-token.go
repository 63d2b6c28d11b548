package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ActionFirstLineStrayToken reports words on an HTTP first line that are
// neither the URL nor -H/-d flags.
var ActionFirstLineStrayToken = &lint.Analyzer{
	Name:     "action-first-line-stray-token",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "stray word on the first line of an HTTP action",
		Why:   "the runtime takes everything up to the first ` -H ` or ` -d ` as the URL, so a stray word before the flags becomes part of the URL (a broken request) and one after them is silently dropped",
		Bad:   "```act.search\nGET https://api.example.com/search json\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search?format=json\n```\n",

		Severity: "the runtime glues the word to the URL or drops it, so the request is not the one written",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !a.IsHTTP() || len(a.Stray) == 0 {
				continue
			}
			flagsAt := -1 // offset of the first -H/-d flag
			for _, h := range a.Headers {
				if flagsAt < 0 || h.Span.Start.Offset < flagsAt {
					flagsAt = h.Span.Start.Offset
				}
			}
			if b := a.InlineBody; b != nil && (flagsAt < 0 || b.Span.Start.Offset < flagsAt) {
				flagsAt = b.Span.Start.Offset
			}
			// group runs of tokens separated only by blanks
			for i := 0; i < len(a.Stray); {
				j := i + 1
				for j < len(a.Stray) && strings.TrimSpace(string(doc.Src[a.Stray[j-1].Span.End.Offset:a.Stray[j].Span.Start.Offset])) == "" {
					j++
				}
				first, last := a.Stray[i], a.Stray[j-1]
				span := sfmd.Span{Start: first.Span.Start, End: last.Span.End}
				text := src(doc, span)
				if flagsAt < 0 || first.Span.Start.Offset < flagsAt {
					target := ""
					if a.Target != nil {
						target = a.Target.Text
					}
					pass.Reportf(span, "%q after the URL is not a -H or -d flag, so the runtime glues it to the URL (%q); remove it or make it part of the URL, e.g. a query parameter", text, target+" "+text)
				} else {
					pass.Reportf(span, "%q is not a -H or -d flag and the runtime ignores it; remove it or write it as -H \"Name: value\"", text)
				}
				i = j
			}
		}
		return nil, nil
	},
}
