package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// BodyEmpty reports `body:` with no template after it.
var BodyEmpty = &lint.Analyzer{
	Name:     "body-empty",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "body section has no content",
		Why:   "the lines of a `body:` section must be indented more than `body:`; with nothing (or a line at the same indentation) after it the body is empty and the request is sent without the intended payload",
		Bad:   "```act.post\nPOST https://api.example.com/posts\n  title: string (required) \"title\"\n  body:\n```\n",
		Good:  "```act.post\nPOST https://api.example.com/posts\n  title: string (required) \"title\"\n  body:\n    {\"title\": \"{title}\"}\n```\n",

		Severity: "spec.md §2.10: the body holds nothing, so the request is sent without the payload meant",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			for _, b := range a.Bodies {
				if b.Template != nil && strings.TrimSpace(b.Template.Text) != "" {
					continue
				}
				pass.Reportf(b.DirectiveSpan, "\"body:\" has no content (and the runtime reads no \"body:\" section, only a -d body); remove the section, and send a body as -d '…' on the first line")
			}
			if ib := a.InlineBody; ib != nil && ib.Closed && ib.Template != nil && strings.TrimSpace(ib.Template.Text) == "" {
				pass.Reportf(ib.Span, "-d body is empty; put the JSON between the quotes or remove the flag")
			}
		}
		return nil, nil
	},
}
