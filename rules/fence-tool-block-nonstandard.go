package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// FenceToolBlockNonstandard reports ```tool:<name> fenced blocks.
var FenceToolBlockNonstandard = &lint.Analyzer{
	Name:     "fence-tool-block-nonstandard",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "tool:<name> fenced block is not part of SFMD",
		Why:   "tool blocks with nested actions and a shared `headers:` section appear in one cookbook page only; neither the spec nor the reference parser reads them, so their actions do not exist",
		Bad:   "```tool:weather\nGET https://api.example.com/weather\n  headers:\n    Accept: application/json\n```\n",
		Good:  "```act.current\nGET https://api.example.com/weather -H \"Accept: application/json\"\n```\n",

		Severity: "parser.ts parse: neither the spec nor the reference parser reads tool blocks, so their actions do not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, f := range pass.Doc.Fences {
			info := f.Info
			if !strings.HasPrefix(info, "tool:") {
				continue
			}
			span := f.InfoSpan
			if !span.IsValid() || span.Len() == 0 {
				span = f.OpenSpan
			}
			name := strings.Fields(strings.TrimPrefix(info, "tool:"))
			n := "name"
			if len(name) > 0 {
				n = name[0]
			}
			pass.Reportf(span, "%q blocks are not SFMD and the runtime ignores them; write each action as its own ```act.<id> block (e.g. %q) with -H headers on its first line", "tool:"+n, "act."+n)
		}
		return nil, nil
	},
}
