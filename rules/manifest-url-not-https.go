package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// ManifestURLNotHTTPS reports an entry url that is not an https:// URL.
var ManifestURLNotHTTPS = &lint.Analyzer{
	Name:     "manifest-url-not-https",
	Severity: lint.Warning,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest url is not HTTPS",
		Why:   "`url` is the HTTPS source of the file; over plain HTTP anyone on the path can change the code the agent installs",
		Bad:   `{"files": [{"path": "string.md", "url": "http://example.com/string.md"}]}`,
		Good:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}]}`,

		Severity: "spec.md §1.14: the install works over a connection anyone on the path can change",
	},
	Requires: []*lint.Analyzer{manifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, e := range manifestEntries(manifestOf(pass)) {
			if e.url == nil || e.url.val.kind != jString || e.url.val.str == "" {
				continue // manifest-entry-no-source
			}
			u := e.url.val.str
			lower := strings.ToLower(u)
			span := tokenSpan(pass.Doc.Index, e.url.val)
			switch {
			case strings.HasPrefix(lower, "https://"):
			case strings.HasPrefix(lower, "http://"):
				pass.Reportf(span, "url %q uses plain HTTP: use %q", u, "https://"+u[len("http://"):])
			case strings.Contains(u, "://"):
				pass.Reportf(span, "url %q is not HTTPS: serve the file from an \"https://…\" URL", u)
			default:
				pass.Reportf(span, "url %q is not an absolute HTTPS URL: give the full \"https://…\" address", u)
			}
		}
		return nil, nil
	},
}
