package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ShortcutExplicitPageNamespace reports [Label][@page.id].
var ShortcutExplicitPageNamespace = &lint.Analyzer{
	Name:     "shortcut-explicit-page-namespace",
	Severity: lint.Info,
	Profile:  lint.Style,
	Doc: lint.Doc{
		Title: "shortcut reference spells out the page. namespace",
		Why:   "`@page.id` and `@id` resolve the same; the spec prefers the short form",
		Bad:   "Read the [Docs][@page.docs].\n\n[@docs]: https://docs.example.com\n",
		Good:  "Read the [Docs][@docs].\n\n[@docs]: https://docs.example.com\n",

		Severity: "`@page.id` and `@id` resolve the same; only the spec's preferred form differs",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, s := range doc.Shortcuts {
			if s.Form != sfmd.ShortcutRefUse || !strings.HasPrefix(s.ID, pageNamespace) || len(s.ID) == len(pageNamespace) {
				continue
			}
			short := strings.TrimPrefix(s.ID, pageNamespace)
			d := lint.Diagnostic{
				Span:    s.IDSpan,
				Message: fmt.Sprintf("%q is the same as %q; drop the \"page.\" prefix", "@"+s.ID, "@"+short),
			}
			if start := s.IDSpan.Start.Offset; src(doc, s.IDSpan) == s.ID {
				d.Fixes = []lint.Fix{{
					Message: "drop the \"page.\" prefix",
					Safe:    true,
					Edits:   []lint.Edit{{Start: start, End: start + len(pageNamespace)}},
				}}
			}
			pass.Report(d)
		}
		return nil, nil
	},
}
