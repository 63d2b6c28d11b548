package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ShortcutTargetEmpty reports shortcut definitions with an empty URL.
var ShortcutTargetEmpty = &lint.Analyzer{
	Name:     "shortcut-target-empty",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut has an empty target",
		Why:   "a shortcut's URL is where following it goes; with an empty target `/open @id` has nowhere to go",
		Bad:   "See [@docs Docs]().\n",
		Good:  "See [@docs Docs](https://docs.example.com).\n",

		Severity: "spec.md §1.7: following the shortcut has nowhere to go",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, s := range doc.Shortcuts {
			if !isShortcutDef(s) || strings.TrimSpace(s.URL) != "" {
				continue
			}
			span := s.Span
			if s.Form == sfmd.ShortcutInline {
				// point at "(…)"
				text := src(doc, s.Span)
				if i := strings.LastIndexByte(text, '('); i >= 0 && strings.HasSuffix(text, ")") {
					span = spanAt(doc, s.Span.Start.Off()+i, s.Span.End.Off())
				}
			}
			pass.Reportf(span, "shortcut %q has an empty target; put the URL or path it leads to, e.g. [@%s %s](https://example.com)", "@"+s.ID, s.ID, scLabelOr(s.Label, "Label"))
		}
		return nil, nil
	},
}

func scLabelOr(l, def string) string {
	if l == "" {
		return def
	}
	return l
}
