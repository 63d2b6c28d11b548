package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ShortcutExplicitPageNamespace reports [Label][@page.id]: the spec
// reads it as @id, the reference runtime as a shortcut named "page.id".
var ShortcutExplicitPageNamespace = &lint.Analyzer{
	Name:     "shortcut-explicit-page-namespace",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut reference spells out the page. namespace",
		Why:   "the spec reads `@page.id` as the page's `@id`, but the reference runtime looks shortcuts up by their exact name (Session.resolveShortcut: the document's shortcuts, value shortcuts, auto shortcuts, menu entry ids), so it looks for a shortcut called `page.id`, finds none, and `/open @page.id` fails with \"Shortcut not found\"; `@id` works in both",
		Bad:   "Read the [Docs][@page.docs].\n\n[@docs]: https://docs.example.com\n",
		Good:  "Read the [Docs][@docs].\n\n[@docs]: https://docs.example.com\n",

		Severity: "session.ts Session.resolveShortcut looks up `page.id` as an exact key, which no shortcut has, so open.ts cmdOpen fails with \"Shortcut not found\"",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only removes the `page.` prefix, which the runtime does not look up"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		var defined map[string]bool
		for _, s := range doc.Shortcuts {
			if s.Form != sfmd.ShortcutRefUse || !strings.HasPrefix(s.ID, pageNamespace) || len(s.ID) == len(pageNamespace) {
				continue
			}
			if defined == nil {
				defined = pageShortcutIDs(doc)
			}
			if defined[s.ID] || navMenus(doc)[sfmd.ReservedNavName] != nil {
				continue // the exact key exists, or a menu called page may hold it
			}
			short := strings.TrimPrefix(s.ID, pageNamespace)
			d := lint.Diagnostic{
				Span:    s.IDSpan,
				Message: fmt.Sprintf("the reference runtime looks up %q as a shortcut named %q, not as %q, and finds none, so following it fails with \"Shortcut not found\"; drop the \"page.\" prefix", "@"+s.ID, s.ID, "@"+short),
			}
			if start := s.IDSpan.Start.Off(); src(doc, s.IDSpan) == s.ID {
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
