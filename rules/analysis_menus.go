package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
)

// The menus analysis shared by the rules about menu files (spec.md §1.7):
// each [!nav:…] directive of a document with its parsed menu file, worked
// out once per document for menu-entry-target-not-found,
// menu-file-extra-content and menu-shortcut-duplicate (each asked the
// workspace for every menu file: a copy of the document and a new line
// index of it each time).

// menusAnalyzer finds a document's menu files.
var menusAnalyzer = &lint.Analyzer{
	Name:   "menus",
	Shared: true,
	Doc: lint.Doc{
		Title: "menu files of a document",
		Why:   "shared analysis: the nav directives whose menu file exists and parses, with the parsed menu file",
	},
	Run: func(pass *lint.Pass) (any, error) { return navMenuFiles(pass), nil },
}

// menus returns the menusAnalyzer result of a pass that requires it. The
// menu files' documents are the pass's own copies, read by the rules one
// after the other (their line indexes are not safe for concurrent use).
func menus(pass *lint.Pass) []menuFile {
	if ms, ok := pass.ResultOf[menusAnalyzer].([]menuFile); ok {
		return ms
	}
	return navMenuFiles(pass)
}
