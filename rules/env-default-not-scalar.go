package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"go.yaml.in/yaml/v3"
)

// EnvDefaultNotScalar reports a list or mapping as an env default.
var EnvDefaultNotScalar = &lint.Analyzer{
	Name:     "env-default-not-scalar",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env default is not a single value",
		Why:   "the default is substituted for `$NAME` as text; a list or mapping has no text form the runtime can use",
		Bad:   "---\nenv:\n  - LANG: \"Output language\"\n    default: [en, ko]\n---\n",
		Good:  "---\nenv:\n  - LANG: \"Output language\"\n    default: en\n---\n",

		Severity: "tool.ts validateEnv reads `default` only as present or absent and helpers.ts resolveEnvVars never substitutes it, so a list or mapping passes the runtime; the spec defines a text default, which other runtimes may substitute",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, e := range fm.Env {
			if e.Default == nil || e.Default.Kind == yaml.ScalarNode {
				continue
			}
			pass.Reportf(e.DefaultSpan, "default of env entry %q is %s, not a single value; write one value, e.g. default: en", envEntryName(e), yamlType(e.Default))
		}
		return nil, nil
	},
}
