package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// FrontmatterDuplicateKey reports a frontmatter key written twice.
var FrontmatterDuplicateKey = &lint.Analyzer{
	Name:     "frontmatter-duplicate-key",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter key written twice",
		Why:   "YAML mapping keys must be unique; parsers either reject the document or silently keep one of the values",
		Bad:   "---\nname: weather\nname: forecast\n---\n",
		Good:  "---\nname: weather\n---\n",

		Severity: "spec.md §1.4: YAML parsers reject the frontmatter or silently keep one of the values",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		seen := dupTracker{}
		for _, f := range fm.Fields {
			if first, dup := seen.check(f.Key, f.KeySpan); dup {
				reportDup(pass, f.KeySpan, first, fmt.Sprintf("frontmatter key %q", f.Key), "remove one of them or merge the values")
			}
		}
		return nil, nil
	},
}
