package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ShortcutMenuNamespaceUnknown reports [Label][@menu.id] whose menu or
// entry does not exist.
var ShortcutMenuNamespaceUnknown = &lint.Analyzer{
	Name:       "shortcut-menu-namespace-unknown",
	Severity:   lint.Warning,
	SpendsWork: true,
	Profile:    lint.Project,
	Doc: lint.Doc{
		Title: "shortcut reference names an unknown menu or menu entry",
		Why:   "`@menu.id` resolves directly in the nav menu `menu`; when the document declares no such `[!nav:menu]`, or the menu file has no `@id`, following it fails",
		Bad:   "[!nav:main](nav/main.md)\n\nGo [Home][@mian.home].\n",
		Good:  "[!nav:main](nav/main.md)\n\nGo [Home][@main.home].\n",

		Severity: "session.ts Session.resolveShortcut: the document works; following this reference fails",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		menus := navMenus(doc)
		index := newMenuIndex(pass.Workspace, menus)
		for _, s := range doc.Shortcuts {
			if s.Form != sfmd.ShortcutRefUse || strings.HasPrefix(s.ID, pageNamespace) {
				continue
			}
			menu, id, ok := strings.Cut(s.ID, ".")
			if !ok || menu == "" || id == "" {
				continue
			}
			d, ok := menus[menu]
			if !ok {
				names := make([]string, 0, len(menus))
				for n := range menus {
					names = append(names, n)
				}
				msg := fmt.Sprintf("%q refers to menu %q, but the document declares no [!nav:%s]", "@"+s.ID, menu, menu)
				if want := budgetedNearest(pass, menu, names); want != "" {
					msg += fmt.Sprintf("; did you mean %q?", "@"+want+"."+id)
				} else {
					msg += fmt.Sprintf("; declare it with [!nav:%s](nav/%s.md) or use a defined menu", menu, menu)
				}
				pass.Reportf(s.IDSpan, "%s", msg)
				continue
			}
			ids, ok := index.menu(menu)
			if !ok || ids[id] {
				continue
			}
			msg := fmt.Sprintf("menu %q (%s) has no shortcut %q", menu, d.Path, "@"+id)
			want := ""
			if pass.Spend(2 * len(ids)) { // (budgetedNearest, without sorting the keys for nothing)
				want = nearest(id, slices.Sorted(maps.Keys(ids)))
			}
			if want != "" {
				msg += fmt.Sprintf("; did you mean %q?", "@"+menu+"."+want)
			} else {
				msg += fmt.Sprintf("; add [@%s Label](path) to the menu file or fix the reference", id)
			}
			pass.Reportf(s.IDSpan, "%s", msg)
		}
		return nil, nil
	},
}
