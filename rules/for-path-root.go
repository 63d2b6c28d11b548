package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ForPathRoot reports for: paths that do not start at Response.body.
var ForPathRoot = &lint.Analyzer{
	Name:     "for-path-root",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "for: path does not start with Response.body",
		Why:   "the loop path is resolved against the Response object, so it must start with `Response.body.` (or `body.`); a bare field name or a `{Response.…}` placeholder finds nothing and the loop prints nothing",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in posts\n- {p.title}\nend:\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n- {p.title}\nend:\n```\n",

		Severity: "the path finds nothing, so the loop silently prints nothing",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			nested := nestedLoops(r)
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineFor || !l.ForValid || nested[l] {
					continue // for-nested
				}
				arg := l.Arg
				d := lint.Diagnostic{Span: l.ArgSpan}
				switch {
				case strings.HasPrefix(arg, "{Response.") && strings.HasSuffix(arg, "}"):
					inner := arg[1 : len(arg)-1]
					d.Message = fmt.Sprintf("the loop path %q is a path, not a placeholder; write it without braces: %q", arg, inner)
					if src(doc, l.ArgSpan) == arg {
						d.Fixes = []lint.Fix{{Message: "remove the braces", Safe: true, Edits: []lint.Edit{
							{Start: l.ArgSpan.Start.Offset, End: l.ArgSpan.Start.Offset + 1},
							{Start: l.ArgSpan.End.Offset - 1, End: l.ArgSpan.End.Offset}}}}
					}
				case arg == "Response.body" || strings.HasPrefix(arg, "Response.body.") || strings.HasPrefix(arg, "Response.body["),
					arg == "body" || strings.HasPrefix(arg, "body.") || strings.HasPrefix(arg, "body["):
					continue
				case strings.HasPrefix(arg, "Response."):
					want := "Response.body." + strings.TrimPrefix(arg, "Response.")
					d.Message = fmt.Sprintf("the loop path %q does not start at the body, so it finds nothing; did you mean %q?", arg, want)
				default:
					want := "Response.body." + strings.TrimPrefix(strings.TrimPrefix(arg, "$."), "$")
					d.Message = fmt.Sprintf("the loop path %q is resolved against the Response object, not the body, so it finds nothing; write %q", arg, want)
					if src(doc, l.ArgSpan) == arg {
						d.Fixes = []lint.Fix{{Message: fmt.Sprintf("write %q", want), Edits: []lint.Edit{{Start: l.ArgSpan.Start.Offset, End: l.ArgSpan.End.Offset, New: want}}}}
					}
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}
