package rules

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// MenuEntryTargetNotFound reports menu shortcuts pointing at missing files.
var MenuEntryTargetNotFound = &lint.Analyzer{
	Name:     "menu-entry-target-not-found",
	Severity: lint.Error,
	Profile:  lint.Project,
	Requires: []*lint.Analyzer{menusAnalyzer},
	Doc: lint.Doc{
		Title: "menu entry points at a file that does not exist",
		Why:   "menu paths are relative to the menu file's own location; `[@home Home](index.md)` in `nav/main.md` means `nav/index.md`",
		Bad:   "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n[@home Home](index.md)\n",
		Good:  "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n[@home Home](../index.md)\n",

		Severity: "spec.md §1.7: following the menu entry opens a file that does not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		for _, m := range menus(pass) {
			menuDir := path.Dir(m.file)
			for _, s := range m.doc.Shortcuts {
				if (s.Form != sfmd.ShortcutInline && s.Form != sfmd.ShortcutRefDef) || !isLocalPath(s.URL) || strings.HasPrefix(s.URL, "/") {
					continue
				}
				file, _, _ := splitTarget(s.URL)
				if file == "" {
					continue
				}
				target := path.Join(menuDir, file)
				if ws.Exists(target) {
					continue
				}
				hint := "fix the path (it is relative to the menu file)"
				if ws.Exists(file) {
					if rel, err := filepath.Rel(filepath.FromSlash(menuDir), filepath.FromSlash(file)); err == nil {
						hint = fmt.Sprintf("paths in a menu file are relative to it: did you mean %q?", filepath.ToSlash(rel))
					}
				} else if sg := suggestFile(ws, target); sg != "" {
					if rel, err := filepath.Rel(filepath.FromSlash(menuDir), filepath.FromSlash(sg)); err == nil {
						hint = fmt.Sprintf("did you mean %q?", filepath.ToSlash(rel))
					}
				}
				reportInMenu(pass, m, s.URLSpan, nil, "\"@%s\" points to %q, which does not exist; %s", s.ID, s.URL, hint)
			}
		}
		return nil, nil
	},
}
