package rules

import "github.com/sfmd-dev/sfmd/lint"

// ManifestEntryNoSource reports a "files" entry with neither a url nor
// inline content (or one that is not an object at all).
var ManifestEntryNoSource = &lint.Analyzer{
	Name:     "manifest-entry-no-source",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest entry has neither url nor content",
		Why:   "each `files` entry needs a `url` or an inline `content` string: the daemon has nothing to install otherwise",
		Bad:   `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "data.md"}]}`,
		Good:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "data.md", "content": "# Data"}]}`,

		Severity: "spec.md §1.14: the daemon has nothing to install for the entry",
	},
	Requires: []*lint.Analyzer{manifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		idx := pass.Doc.Index
		if files := manifestFiles(m); files != nil {
			for _, it := range files.items {
				if it.kind != jObject {
					pass.Reportf(tokenSpan(idx, it), "\"files\" entry is %s, not an object: write it as %s", it.describe(), manifestExampleEntry)
				}
			}
		}
		for _, e := range manifestEntries(m) {
			url := e.url != nil && e.url.val.kind == jString && e.url.val.str != ""
			content := e.content != nil && e.content.val.kind == jString
			if url || content {
				continue
			}
			switch {
			case e.url != nil && e.url.val.kind == jString:
				pass.Reportf(tokenSpan(idx, e.url.val), "\"url\" of %s is empty: give the file's \"https://…\" URL or inline its \"content\"", e.name())
			case e.url != nil:
				pass.Reportf(tokenSpan(idx, e.url.val), "\"url\" of %s is %s, not a string: give the file's \"https://…\" URL or inline its \"content\"", e.name(), e.url.val.describe())
			case e.content != nil:
				pass.Reportf(tokenSpan(idx, e.content.val), "\"content\" of %s is %s, not a string: inline the file's text as one JSON string", e.name(), e.content.val.describe())
			default:
				pass.Reportf(e.anchor(idx), "%s has neither \"url\" nor \"content\": add the file's \"url\" or inline its \"content\"", e.name())
			}
		}
		return nil, nil
	},
}
