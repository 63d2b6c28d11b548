package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// BodyDuplicate reports a second body template in one action.
var BodyDuplicate = &lint.Analyzer{
	Name:     "body-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action has more than one body template",
		Why:   "an action has exactly one body: two `body:` sections, or `-d` plus `body:`, leave it unclear which one is sent (the reference runtime only reads `-d`)",
		Bad:   "```act.post\nPOST https://api.example.com/posts -d '{\"title\": \"{title}\"}'\n  title: string (required) \"title\"\n  body:\n    {\"title\": \"{title}\"}\n```\n",
		Good:  "```act.post\nPOST https://api.example.com/posts -d '{\"title\": \"{title}\"}'\n  title: string (required) \"title\"\n```\n",

		Severity: "parser.ts parseHeaderFlags reads only `-d`: only one body is sent (the reference runtime reads only `-d`), so the other is silently dropped",
	},
	Run: func(pass *lint.Pass) (any, error) {
		var buf []byte
		for _, a := range pass.Doc.Actions {
			var first sfmd.Span
			todo := "the runtime reads no \"body:\" section; remove them and send the body as -d '…' on the first line"
			switch {
			case a.InlineBody != nil:
				first, todo = a.InlineBody.Span, "the runtime sends only the -d body; remove this \"body:\" section"
			case len(a.Bodies) > 0:
				first = a.Bodies[0].DirectiveSpan
			default:
				continue
			}
			for i, b := range a.Bodies {
				if i == 0 && a.InlineBody == nil {
					continue
				}
				// thousands on a large document: each message written into
				// one scratch buffer and copied out once
				buf = bodyDupMessage(buf[:0], a.ID, int(first.Start.Line), todo)
				pass.Report(lint.Diagnostic{Span: b.DirectiveSpan, Message: string(buf), Related: related(first)})
			}
		}
		return nil, nil
	},
}

// bodyDupMessage appends body-duplicate's message: reportDup's for the
// body template of "act.<id>" (%q as appendQuotedAfter), first defined
// at line (TestBodyDupMessage).
func bodyDupMessage(buf []byte, id string, line int, todo string) []byte {
	return appendDupTail(appendQuotedAfter(append(buf, "body template of "...), "act.", id), line, todo)
}
