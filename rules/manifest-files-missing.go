package rules

import "github.com/sfmd-dev/sfmd/lint"

// ManifestFilesMissing reports a manifest without a non-empty "files"
// array.
var ManifestFilesMissing = &lint.Analyzer{
	Name:     "manifest-files-missing",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest has no files",
		Why: "`files` is REQUIRED and must be a non-empty array: without it the daemon does not treat the JSON " +
			"as a manifest and tries to read it as a markdown document",
		Bad:  `{"delivery": "local"}`,
		Good: `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}], "delivery": "local"}`,

		Severity: "loader.ts Loader.loadHttp (Array.isArray(manifest.files)): the daemon does not treat the JSON as a manifest",
	},
	Requires: []*lint.Analyzer{manifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		root := m.root
		if root == nil {
			return nil, nil
		}
		idx := pass.Doc.Index
		if root.kind != jObject {
			pass.Reportf(tokenSpan(idx, root), "an install manifest is a JSON object, not %s: write {\"files\": [%s]}", root.describe(), manifestExampleEntry)
			return nil, nil
		}
		f := root.get("files")
		switch {
		case f == nil:
			pass.Reportf(tokenSpan(idx, root), "install manifest has no \"files\" array: add \"files\": [%s]", manifestExampleEntry)
		case f.val.kind != jArray:
			pass.Reportf(tokenSpan(idx, f.val), "\"files\" is %s, not an array: list the package files as [%s]", f.val.describe(), manifestExampleEntry)
		case len(f.val.items) == 0:
			pass.Reportf(idx.Span(f.val.start, f.val.end), "\"files\" is empty: list at least the package root %s", manifestExampleEntry)
		}
		return nil, nil
	},
}
