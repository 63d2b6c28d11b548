package rules

import "github.com/sfmd-dev/sfmd/lint"

// ManifestInvalidJSON reports a manifest that is not valid JSON.
var ManifestInvalidJSON = &lint.Analyzer{
	Name:     "manifest-invalid-json",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest is not valid JSON",
		Why: "the daemon treats a response as an install manifest only when it parses as JSON; " +
			"otherwise it reads it as a markdown document and fails with a misleading error",
		Bad:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"},]}`,
		Good: `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}]}`,

		Severity: "loader.ts Loader.loadHttp (JSON.parse): the daemon reads the file as a markdown document and fails",
	},
	Requires: []*lint.Analyzer{manifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		if m.root != nil || m.err == "" {
			return nil, nil
		}
		end := min(m.errOffset, len(pass.Doc.Src))
		start := max(end-1, 0)
		pass.Reportf(pass.Doc.Index.Span(start, end), "not valid JSON: %s; fix the syntax", m.err)
		return nil, nil
	},
}
