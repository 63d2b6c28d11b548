package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// ManifestPathUnsafe reports entry paths the daemon rejects: with "..",
// absolute, or containing NUL. A missing, non-string or empty path is
// reported here too: it fails the same validation.
var ManifestPathUnsafe = &lint.Analyzer{
	Name:     "manifest-path-unsafe",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest path escapes the package",
		Why: "paths must not contain `..`, must not be absolute and must not contain NUL; the daemon validates " +
			"every path before fetching anything and aborts the whole install on one bad path",
		Bad:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "../evil.md", "content": "x"}]}`,
		Good: `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "nav/main.md", "content": "x"}]}`,

		Severity: "spec.md §1.14: the daemon aborts the whole install",
	},
	Requires: []*lint.Analyzer{manifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		idx := pass.Doc.Index
		for _, e := range manifestEntries(manifestOf(pass)) {
			if e.path == nil {
				pass.Reportf(tokenSpan(idx, e.obj), "entry has no \"path\": add the file's path inside the package, such as %q", manifestRoot)
				continue
			}
			v := e.path.val
			span := tokenSpan(idx, v)
			if v.kind != jString {
				pass.Reportf(span, "\"path\" is %s, not a string: give the file's path inside the package, such as %q", v.describe(), manifestRoot)
				continue
			}
			p := v.str
			switch {
			case p == "":
				pass.Reportf(span, "path is empty: give the file's path inside the package, such as %q", manifestRoot)
			case strings.ContainsRune(p, 0):
				pass.Reportf(span, "path %q contains a NUL character, which the daemon rejects before installing anything: remove it", p)
			case strings.HasPrefix(p, "/") || strings.HasPrefix(p, "\\"):
				rel := strings.TrimLeft(p, "/\\")
				if rel == "" {
					rel = manifestRoot
				}
				pass.Reportf(span, "path %q is absolute, which the daemon rejects before installing anything: make it relative to the package, such as %q", p, rel)
			case strings.Contains(p, ".."):
				pass.Reportf(span, "path %q contains \"..\", which the daemon rejects before installing anything: keep every file inside the package", p)
			}
		}
		return nil, nil
	},
}
