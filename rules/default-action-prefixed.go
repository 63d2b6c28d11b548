package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// DefaultActionPrefixed reports `default: act.x` (the value is the bare
// action ID; the runtime prepends "act." itself).
var DefaultActionPrefixed = &lint.Analyzer{
	Name:     "default-action-prefixed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "default action written with the act. prefix",
		Why:   "`default` takes the bare action ID; the runtime prepends `act.` itself, so `default: act.search` looks for `act.act.search` and nothing runs on open",
		Bad:   "---\ndefault: act.search\n---\n\n```act.search\nGET https://api.example.com/search\n```\n",
		Good:  "---\ndefault: search\n---\n\n```act.search\nGET https://api.example.com/search\n```\n",

		Severity: "open.ts cmdOpen and tool.ts cmdTool: the runtime looks up an action named `act.<id>`, which does not exist: /open runs nothing and a bare `/tool:name` fails",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only removes the `act.` prefix, leaving the action ID the field was meant to name"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		f := doc.Frontmatter.Get("default")
		if f == nil || f.Value == nil || !strings.HasPrefix(f.Value.Value, "act.") {
			return nil, nil
		}
		id := strings.TrimPrefix(f.Value.Value, "act.")
		d := lint.Diagnostic{
			Span:    f.ValueSpan,
			Message: fmt.Sprintf("default %q includes the \"act.\" prefix the runtime adds itself; write %q", f.Value.Value, id),
		}
		if id == "" {
			d.Message = "default \"act.\" names no action; write the bare ID of the action to run on open"
		}
		if i := strings.Index(src(doc, f.ValueSpan), "act."); i >= 0 && id != "" {
			s := f.ValueSpan.Start.Off() + i
			d.Fixes = []lint.Fix{{
				Message: "remove the \"act.\" prefix",
				Safe:    true,
				Edits:   []lint.Edit{{Start: s, End: s + len("act."), New: ""}},
			}}
		}
		pass.Report(d)
		return nil, nil
	},
}
