package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ShortcutIDReservedPrefix reports shortcut IDs starting with "link-".
var ShortcutIDReservedPrefix = &lint.Analyzer{
	Name:     "shortcut-id-reserved-prefix",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut ID uses the reserved prefix link-",
		Why:   "IDs starting with `link-` are reserved for the shortcuts the runtime generates for plain links (`@link-1`, `@link-2`, …); an author-defined one collides with them",
		Bad:   "Go [@link-1 Home](index.md).\n",
		Good:  "Go [@links Home](index.md).\n",

		Severity: "renderer.ts render (auto shortcuts): `link-` IDs collide with the ones the runtime generates",
	},
	Run: func(pass *lint.Pass) (any, error) {
		defined := map[string]bool{}
		for _, s := range pass.Doc.Shortcuts {
			if isShortcutDef(s) {
				defined[s.ID] = true
			}
		}
		for _, s := range pass.Doc.Shortcuts {
			if !isShortcutDef(s) || !strings.HasPrefix(s.ID, sfmd.AutoShortcutPrefix) {
				continue
			}
			want := "link" + strings.TrimPrefix(s.ID, sfmd.AutoShortcutPrefix)
			if rest := strings.TrimPrefix(s.ID, sfmd.AutoShortcutPrefix); actionIDShape.Matches(rest) && !defined[rest] {
				want = rest
			}
			pass.Reportf(s.IDSpan, "shortcut ID %q uses the prefix \"link-\" reserved for auto-generated shortcuts; rename it to %q", s.ID, want)
		}
		return nil, nil
	},
}
