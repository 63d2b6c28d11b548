package rules

import "github.com/sfmd-dev/sfmd/lint"

// ManifestInstallHintType reports an install_hint that is not a string.
var ManifestInstallHintType = &lint.Analyzer{
	Name:     "manifest-install-hint-type",
	Severity: lint.Warning,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest install_hint is not a string",
		Why:   "`install_hint` is one markdown string shown when the manifest is browsed before install; any other type is not shown as written",
		Bad:   `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}], "install_hint": ["Run /install"]}`,
		Good:  "{\"files\": [{\"path\": \"string.md\", \"url\": \"https://example.com/string.md\"}], \"install_hint\": \"Run `/install <url>` to install\"}",

		Severity: "spec.md §1.14: the install works; the hint is not shown as written",
	},
	Requires: []*lint.Analyzer{manifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		if m.root == nil || m.root.kind != jObject {
			return nil, nil
		}
		h := m.root.get("install_hint")
		if h == nil || h.val.kind == jString {
			return nil, nil
		}
		pass.Reportf(tokenSpan(pass.Doc.Index, h.val), "install_hint is %s, not a string: write the hint as one markdown string", h.val.describe())
		return nil, nil
	},
}
