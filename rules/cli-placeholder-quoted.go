package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// CLIPlaceholderQuoted reports placeholders wrapped in quotes in CLI
// commands.
var CLIPlaceholderQuoted = &lint.Analyzer{
	Name:     "cli-placeholder-quoted",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "placeholder inside quotes in a CLI command",
		Why:   "the runtime shell-quotes every substituted value itself; inside your own quotes the quoting nests, so `\"Hello, {name}!\"` prints the quote characters (`Hello, 'John Doe'!`) and single quotes split the value into words",
		Bad:   "```act.greet\nCLI echo \"Hello, {name}!\"\n  name: string (required) \"who to greet\"\n```\n",
		Good:  "```act.greet\nCLI echo Hello, {name}!\n  name: string (required) \"who to greet\"\n```\n",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, a := range pass.Doc.Actions {
			if !a.IsCLI() || a.Target == nil {
				continue
			}
			t := a.Target
			off := lineOffset(pass.Doc, t.Text, t.Span)
			if off < 0 {
				continue
			}
			for _, r := range t.Refs {
				if r.Kind != sfmd.RefVar && r.Kind != sfmd.RefSpread {
					continue
				}
				if r.Kind == sfmd.RefVar {
					if _, assigned := syms.Assigned[r.Name]; a.Param(r.Name) == nil && !assigned {
						continue // not substituted: jq/awk braces or an undeclared name
					}
				}
				q := shellQuoteAt(t.Text, r.Span.Start.Offset-off)
				if q == 0 {
					continue
				}
				d := lint.Diagnostic{
					Span:    r.Span,
					Message: fmt.Sprintf("%s is inside %s quotes in a CLI command, but the runtime already shell-quotes the value, so the quotes nest; remove the quotes around it", r.Raw, quoteName(q)),
				}
				i, e := r.Span.Start.Offset-off, r.Span.End.Offset-off
				if i > 0 && e < len(t.Text) && t.Text[i-1] == q && t.Text[e] == q && shellQuoteAt(t.Text, i-1) == 0 && (i-1 == 0 || t.Text[i-2] == ' ' || t.Text[i-2] == '=') && (e+1 == len(t.Text) || strings.IndexByte(" ;|&)", t.Text[e+1]) >= 0) {
					// the quotes hold exactly the placeholder: the runtime's quoting replaces them
					d.Fixes = []lint.Fix{{Message: "remove the quotes around the placeholder", Safe: true, Edits: []lint.Edit{
						{Start: off + i - 1, End: off + i}, {Start: off + e, End: off + e + 1}}}}
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}
