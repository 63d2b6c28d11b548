package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// MenuShortcutDuplicate reports a shortcut ID defined twice in one menu
// file.
var MenuShortcutDuplicate = &lint.Analyzer{
	Name:     "menu-shortcut-duplicate",
	Severity: lint.Error,
	Profile:  lint.Project,
	Requires: []*lint.Analyzer{menusAnalyzer},
	Doc: lint.Doc{
		Title: "menu file defines a shortcut ID twice",
		Why:   "shortcut IDs MUST be unique within a menu file; `@menu.id` can only reach one of them",
		Bad:   "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n[@home Home](../a.md)\n[@home Start](../b.md)\n",
		Good:  "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n[@home Home](../a.md)\n[@start Start](../b.md)\n",

		Severity: "session.ts Session.resolveShortcut (first entry id): `@menu.id` can only reach one of the entries",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, m := range menus(pass) {
			seen := map[string]*sfmd.Shortcut{}
			for _, s := range m.doc.Shortcuts {
				if (s.Form != sfmd.ShortcutInline && s.Form != sfmd.ShortcutRefDef) || s.ID == "" {
					continue
				}
				if first, ok := seen[s.ID]; ok {
					reportInMenu(pass, m, s.IDSpan, []lint.Related{{Span: first.IDSpan, Message: "first defined here"}},
						"shortcut \"@%s\" already defined at line %d, so @%s.%s reaches only one; rename or remove one of them", s.ID, first.IDSpan.Start.Line, orDefault(m.dir.Name, "menu"), s.ID)
					continue
				}
				seen[s.ID] = s
			}
		}
		return nil, nil
	},
}
