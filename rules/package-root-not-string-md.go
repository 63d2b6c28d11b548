package rules

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PackageRootNotStringMD reports package roots not named string.md.
var PackageRootNotStringMD = &lint.Analyzer{
	Name:     "package-root-not-string-md",
	Severity: lint.Warning,
	Profile:  lint.Package,
	Doc: lint.Doc{
		Title: "package entry document is not named string.md",
		Why:   "the entry document of a package MUST be named string.md: a local `/install` copies the pages next to string.md, and `app:<name>` opens string.md; a single-file app may have any name",
		Bad:   "---\nname: weather\ntype: app\n---\n\n# Weather\n\nSee the [forecast](forecast.md).\n",
		Good:  "---\nname: weather\ntype: app\n---\n\n# Weather\n\nA single-file app.\n",

		Severity: "installer.ts installPackage: a single file works, but a local `/install` of a package expects string.md",
	},
	Run: func(pass *lint.Pass) (any, error) {
		root, named := packageRoot(pass)
		if !root || named {
			return nil, nil
		}
		// A single-file app installs from an explicit path under any name;
		// the name matters once the package has pages, which are copied
		// only when they sit next to a string.md.
		page, pageSpan := "", sfmd.Span{}
		packageLinks(pass, func(dest, p string, span sfmd.Span, _ string) bool {
			if strings.Contains(p, "/") {
				return true
			}
			if ws := pass.Workspace; ws != nil && !ws.Exists(p) {
				return true
			}
			page, pageSpan = p, span
			return false
		})
		if page == "" {
			return nil, nil
		}
		fm := pass.Doc.Frontmatter
		f := fm.Get("type")
		if f == nil {
			f = fm.Get("namespace")
		}
		pass.Report(lint.Diagnostic{
			Span:    f.KeySpan,
			Message: fmt.Sprintf("%q declares package metadata (%q) and has pages (%q), but only a package entry named \"string.md\" gets its pages installed with it; rename the file to string.md", filepath.Base(pass.Doc.Path), f.Key, page),
			Related: []lint.Related{{Span: pageSpan, Message: "page linked here"}},
		})
		return nil, nil
	},
}
