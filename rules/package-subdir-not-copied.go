package rules

import (
	"encoding/json"
	"path"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PackageSubdirNotCopied reports links from a package root to files in
// subdirectories, which a local install does not copy.
var PackageSubdirNotCopied = &lint.Analyzer{
	Name:     "package-subdir-not-copied",
	Severity: lint.Warning,
	Profile:  lint.Package,
	Doc: lint.Doc{
		Title: "package root links to a file a local install does not copy",
		Why:   "a local `/install` copies only the .md files next to string.md; a nav menu, include or page in a subdirectory is missing after install unless an install manifest lists it",
		Bad:   "---\nname: mail\ntype: app\n---\n\n[!nav:main](nav/main.md)\n",
		Good:  "---\nname: mail\ntype: app\n---\n\n[!nav:main](main-nav.md)\n",

		Severity: "installer.ts installPackage: the install works, but the linked file is missing afterwards",
	},
	Run: func(pass *lint.Pass) (any, error) {
		root, _ := packageRoot(pass)
		if !root {
			return nil, nil
		}
		var listed map[string]bool
		packageLinks(pass, func(dest, p string, span sfmd.Span, what string) bool {
			if !strings.Contains(p, "/") {
				return true
			}
			if ws := pass.Workspace; ws != nil {
				if !ws.Exists(p) {
					return true // a missing target is the project rules' finding
				}
				if listed == nil {
					listed = manifestPaths(ws)
				}
				if listed[p] {
					return true
				}
			}
			pass.Reportf(span, "%s %q is in a subdirectory, which a local /install does not copy (only the .md files next to the package root); move it next to the root or ship an install manifest whose files list %q", what, dest, p)
			return true
		})
		return nil, nil
	},
}

// maxManifestBytes bounds the JSON files read when looking for an install
// manifest next to a package root.
const maxManifestBytes = 1 << 20

// manifestPaths returns the paths listed by the install manifests (JSON
// files with a "files" array) next to the document.
func manifestPaths(ws *lint.Workspace) map[string]bool {
	out := map[string]bool{}
	entries, err := ws.ListDir(".")
	if err != nil {
		return out
	}
	for _, e := range entries {
		if e.IsDir() || !strings.EqualFold(filepath.Ext(e.Name()), ".json") {
			continue
		}
		if info, err := e.Info(); err != nil || info.Size() > maxManifestBytes {
			continue
		}
		b, err := ws.ReadFile(e.Name())
		if err != nil {
			continue
		}
		var m struct {
			Files []struct {
				Path string `json:"path"`
			} `json:"files"`
		}
		if json.Unmarshal(b, &m) != nil {
			continue
		}
		for _, f := range m.Files {
			out[path.Clean(strings.TrimPrefix(f.Path, "./"))] = true
		}
	}
	return out
}
