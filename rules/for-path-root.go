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
		Why:   "the loop path is resolved against the Response object, so it must reach the body: `Response.body.x`, `body.x` and `$.body.x` all do; a bare field name, `$.x` or a `{Response.…}` placeholder finds nothing and the loop prints nothing",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in posts\n- {p.title}\nend:\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n- {p.title}\nend:\n```\n",

		Severity: "helpers.ts executeResponseTemplate strips `Response.` and walkJsonPath strips `$.` and walks the rest from the Response object, so a path that does not reach `body` finds nothing and the loop silently prints nothing",
		Fix:      lint.FixDoc{Kind: lint.SometimesSafe, Reason: "removing the braces of a braced path is safe; rewriting a path to start at the body changes what the loop walks, so that fix is unsafe"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		doc := pass.Doc
		for k, r := range doc.Responses {
			if !syms.hasLines(k, sfmd.LineFor) {
				continue // no for: line
			}
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
							{Start: l.ArgSpan.Start.Off(), End: l.ArgSpan.Start.Off() + 1},
							{Start: l.ArgSpan.End.Off() - 1, End: l.ArgSpan.End.Off()}}}}
					}
				case isBodyPath(loopPath(arg)):
					continue
				case strings.HasPrefix(arg, "Response."):
					want := "Response.body." + loopPath(arg)
					d.Message = fmt.Sprintf("the loop path %q does not start at the body, so it finds nothing; did you mean %q?", arg, want)
				default:
					want := "Response.body." + loopPath(arg)
					d.Message = fmt.Sprintf("the loop path %q is resolved against the Response object, not the body, so it finds nothing; write %q", arg, want)
					if src(doc, l.ArgSpan) == arg {
						d.Fixes = []lint.Fix{{Message: fmt.Sprintf("write %q", want), Edits: []lint.Edit{{Start: l.ArgSpan.Start.Off(), End: l.ArgSpan.End.Off(), New: want}}}}
					}
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}

// loopPath is what the runtime walks for a for: path: helpers.ts
// executeResponseTemplate strips one "Response." and walkJsonPath a
// leading "$" (and the "." after it), then walks the rest from the
// Response object (model template.go and jsvalue.go
// walkJSONPath follow it).
func loopPath(arg string) string {
	p := strings.TrimPrefix(arg, "Response.")
	if rest, ok := strings.CutPrefix(p, "$"); ok {
		p = strings.TrimPrefix(rest, ".")
	}
	return p
}

// isBodyPath reports whether a walked path starts at the body.
func isBodyPath(p string) bool {
	return p == "body" || strings.HasPrefix(p, "body.") || strings.HasPrefix(p, "body[")
}
