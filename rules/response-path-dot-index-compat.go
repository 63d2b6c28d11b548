package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ResponsePathDotIndexCompat reports ".0"-style indices.
var ResponsePathDotIndexCompat = &lint.Analyzer{
	Name:     "response-path-dot-index-compat",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "response path uses a .N index",
		Why:   "`.0`-style indices are only in newer versions of the spec; older readers only understand `[0]`",
		Bad:   "```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\nFirst: {Response.body.items.0.name}\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\nFirst: {Response.body.items[0].name}\n```\n",

		Severity: "helpers.ts walkJsonPath: newer runtimes read `.0`; older ones only `[0]` (portability)",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "`.N` and `[N]` index the same element in runtimes that read both"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		symbols(pass).eachTemplateRef(doc, isResponseRef, func(_ *sfmd.Response, _ *sfmd.Action, _ *sfmd.TemplateLine, ref *sfmd.VarRef) {
			if ref.Problem != "" {
				return
			}
			dot := false
			for _, s := range ref.Path {
				dot = dot || s.DotIndex
			}
			if !dot {
				return
			}
			want, edits := bracketIndices(ref.Raw, ref.Span.Start.Off())
			d := lint.Diagnostic{Span: ref.Span, Message: fmt.Sprintf("%s uses .N indices, which older reference runtimes skip (their walkJsonPath reads only names and [N]), so the path reads the whole array, or nothing past it; write %s", ref.Raw, want)}
			if src(doc, ref.Span) == ref.Raw && len(edits) > 0 {
				d.Fixes = []lint.Fix{{Message: "write the indices as [N]", Safe: true, Edits: edits}}
			}
			pass.Report(d)
		})
		return nil, nil
	},
}

// bracketIndices rewrites ".N" path steps of a {Response.…} reference as
// "[N]", returning the new text and the edits (raw starts at base).
func bracketIndices(raw string, base int) (string, []lint.Edit) {
	var b strings.Builder
	var edits []lint.Edit
	start := len("{Response.")
	if !strings.HasPrefix(raw, "{Response.") {
		return raw, nil
	}
	b.WriteString(raw[:start])
	for i := start; i < len(raw); i++ {
		if raw[i] == '.' {
			j := i + 1
			for j < len(raw) && raw[j] >= '0' && raw[j] <= '9' {
				j++
			}
			if j > i+1 && j < len(raw) && (raw[j] == '.' || raw[j] == '[' || raw[j] == '}') {
				n := raw[i+1 : j]
				b.WriteString("[" + n + "]")
				edits = append(edits, lint.Edit{Start: base + i, End: base + j, New: "[" + n + "]"})
				i = j - 1
				continue
			}
		}
		b.WriteByte(raw[i])
	}
	return b.String(), edits
}
