package rules

import "github.com/sfmd-dev/sfmd/lint"

// ManifestEntryBothSources reports an entry with both url and content.
var ManifestEntryBothSources = &lint.Analyzer{
	Name:     "manifest-entry-both-sources",
	Severity: lint.Warning,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest entry has both url and content",
		Why:   "an entry takes its text from `url` OR `content`; with both, which one is installed is not obvious to the reader",
		Bad:   `{"files": [{"path": "string.md", "url": "https://example.com/string.md", "content": "# Mail"}]}`,
		Good:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}]}`,

		Severity: "spec.md §1.14: the install works, but which source is used is not obvious",
	},
	Requires: []*lint.Analyzer{manifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, e := range manifestEntries(manifestOf(pass)) {
			if e.url == nil || e.content == nil {
				continue
			}
			second := e.content
			if e.url.keyStart > second.keyStart {
				second = e.url
			}
			pass.Reportf(pass.Doc.Index.Span(second.keyStart, second.keyEnd), "%s has both \"url\" and \"content\": keep only one, so that it is clear which text is installed", e.name())
		}
		return nil, nil
	},
}
