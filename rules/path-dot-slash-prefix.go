package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PathDotSlashPrefix reports directive and link paths starting with "./".
var PathDotSlashPrefix = &lint.Analyzer{
	Name:     "path-dot-slash-prefix",
	Severity: lint.Info,
	Profile:  lint.Style,
	Doc: lint.Doc{
		Title: "path starts with ./",
		Why:   "directive and link paths SHOULD be bare relative paths (`nav/main.md`); `./nav/main.md` resolves the same but is not the canonical form",
		Bad:   "[!nav:main](./nav/main.md)\n",
		Good:  "[!nav:main](nav/main.md)\n",

		Severity: "loader.ts Loader.resolve: `./x.md` and `x.md` resolve the same; only the spec's canonical form differs",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "`./x.md` and `x.md` resolve to the same file"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		check := func(p string, span sfmd.Span) {
			if !strings.HasPrefix(p, "./") || !span.IsValid() || src(doc, span) != p {
				return
			}
			bare := p
			for strings.HasPrefix(bare, "./") {
				bare = strings.TrimLeft(bare[2:], "/")
			}
			if bare == "" {
				return
			}
			pass.Report(lint.Diagnostic{
				Span:    spanAt(doc, span.Start.Off(), span.Start.Off()+2),
				Message: fmt.Sprintf("path %q starts with \"./\"; write the bare relative path %q", p, bare),
				Fixes: []lint.Fix{{Message: "remove the leading \"./\"", Safe: true,
					Edits: []lint.Edit{{Start: span.Start.Off(), End: span.Start.Off() + len(p) - len(bare)}}}},
			})
		}
		for _, d := range directivesOf(doc) {
			check(d.Path, d.PathSpan)
		}
		for _, l := range doc.Links {
			if !l.IsAct {
				check(l.Dest, l.DestSpan)
			}
		}
		for _, s := range doc.Shortcuts {
			if s.Form == sfmd.ShortcutInline || s.Form == sfmd.ShortcutRefDef {
				check(s.URL, s.URLSpan)
			}
		}
		return nil, nil
	},
}
