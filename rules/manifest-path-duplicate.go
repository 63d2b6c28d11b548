package rules

import (
	"fmt"
	"path"

	"github.com/sfmd-dev/sfmd/lint"
)

// ManifestPathDuplicate reports two entries installing the same path.
var ManifestPathDuplicate = &lint.Analyzer{
	Name:     "manifest-path-duplicate",
	Severity: lint.Warning,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "two install manifest entries share one path",
		Why:   "both entries write the same file; one of them silently overwrites the other",
		Bad:   `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "string.md", "content": "# Mail"}]}`,
		Good:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "inbox.md", "content": "# Inbox"}]}`,

		Severity: "spec.md §1.14: the install works, but one entry silently overwrites the other",
	},
	Requires: []*lint.Analyzer{manifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		idx := pass.Doc.Index
		seen := dupTracker{}
		firstPath := map[string]string{}
		for _, e := range manifestEntries(manifestOf(pass)) {
			p, ok := e.pathString()
			if !ok || p == "" {
				continue
			}
			key := path.Clean(p)
			span := tokenSpan(idx, e.path.val)
			first, dup := seen.check(key, span)
			if !dup {
				firstPath[key] = p
				continue
			}
			what := fmt.Sprintf("path %q", p)
			if fp := firstPath[key]; fp != p {
				what = fmt.Sprintf("path %q (the same file as %q)", p, fp)
			}
			reportDup(pass, span, first, what, "remove one of the two entries")
		}
		return nil, nil
	},
}
