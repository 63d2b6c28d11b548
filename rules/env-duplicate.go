package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// EnvDuplicate reports an env name declared twice.
var EnvDuplicate = &lint.Analyzer{
	Name:     "env-duplicate",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env variable declared twice",
		Why:   "a second env entry for one name makes the description and default ambiguous",
		Bad:   "---\nenv:\n  - API_KEY: \"Main key\"\n  - API_KEY: \"Other key\"\n---\n",
		Good:  "---\nenv:\n  - API_KEY: \"Main key\"\n---\n",

		Severity: "tool.ts validateEnv: both entries are read, but which description and default apply is unclear",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		seen := dupTracker{}
		for _, e := range fm.Env {
			if e.Name == "" {
				continue
			}
			if first, dup := seen.check(e.Name, e.NameSpan); dup {
				reportDup(pass, e.NameSpan, first, fmt.Sprintf("env variable %q", e.Name), "remove this entry")
			}
		}
		return nil, nil
	},
}
