package rules

import (
	"path"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// ManifestRootMissing reports a "files" array without the string.md
// entry.
var ManifestRootMissing = &lint.Analyzer{
	Name:     "manifest-root-missing",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest has no string.md entry",
		Why: "the entry whose path is exactly `string.md` is the package root, the SFMD document the daemon " +
			"installs; a manifest without it is rejected",
		Bad:  `{"files": [{"path": "index.md", "url": "https://example.com/index.md"}]}`,
		Good: `{"files": [{"path": "string.md", "url": "https://example.com/index.md"}]}`,

		Severity: "loader.ts Loader.loadHttp (the string.md entry): the daemon rejects a manifest without its root document",
	},
	Requires: []*lint.Analyzer{manifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		files := manifestFiles(m)
		if files == nil || len(files.items) == 0 {
			return nil, nil // manifest-files-missing
		}
		var near *manifestEntry
		for _, e := range manifestEntries(m) {
			p, ok := e.pathString()
			if !ok {
				continue
			}
			if p == manifestRoot {
				return nil, nil
			}
			if near == nil && strings.EqualFold(path.Clean(strings.ReplaceAll(p, "\\", "/")), manifestRoot) {
				near = e
			}
		}
		idx := pass.Doc.Index
		if near != nil {
			p, _ := near.pathString()
			pass.Reportf(tokenSpan(idx, near.path.val), "path %q is not the package root, which the daemon finds only as exactly %q: write %q", p, manifestRoot, manifestRoot)
			return nil, nil
		}
		f := m.root.get("files")
		pass.Reportf(idx.Span(f.keyStart, f.keyEnd), "\"files\" has no %q entry, the package root the daemon installs: add %s", manifestRoot, manifestExampleEntry)
		return nil, nil
	},
}
