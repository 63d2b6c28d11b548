package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// NavNameReserved reports the reserved nav name "page".
var NavNameReserved = &lint.Analyzer{
	Name:     "nav-name-reserved",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "nav name page is reserved",
		Why:   "`page` is the namespace of the document's own shortcuts (`/nav page`, `@page.id`); a menu called page MUST NOT be declared",
		Bad:   "[!nav:page](nav/page.md)\n",
		Good:  "[!nav:pages](nav/page.md)\n",

		Severity: "nav.ts cmdNav (/nav page): `page` is the document's own namespace, so the menu is unreachable",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "nav", "menu") {
			if d.Name == sfmd.ReservedNavName {
				pass.Reportf(d.NameSpan, "nav name \"page\" is reserved for the document's own shortcuts (/nav page, @page.id); rename the menu, e.g. \"pages\"")
			}
		}
		return nil, nil
	},
}
