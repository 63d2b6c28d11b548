package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"go.yaml.in/yaml/v3"
)

// FrontmatterRequiresNonstandard reports the undocumented `requires:` list.
var FrontmatterRequiresNonstandard = &lint.Analyzer{
	Name:     "frontmatter-requires-nonstandard",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "requires is not a standard field, env is",
		Why:   "only `env` declares the persistent variables a document needs; the runtime does not check `requires`, so missing keys fail late instead of with ENV_REQUIRED",
		Bad:   "---\nrequires:\n  - MOLTBOOK_API_KEY\n---\n",
		Good:  "---\nenv:\n  - MOLTBOOK_API_KEY: \"Moltbook API key\"\n---\n",

		Severity: "works; missing keys only fail later, without ENV_REQUIRED",
	},
	Run: func(pass *lint.Pass) (any, error) {
		f := pass.Doc.Frontmatter.Get("requires")
		if f == nil {
			return nil, nil
		}
		example := "NAME"
		if f.Value != nil && f.Value.Kind == yaml.SequenceNode && len(f.Value.Content) > 0 && f.Value.Content[0].Kind == yaml.ScalarNode {
			example = f.Value.Content[0].Value
		}
		pass.Reportf(f.KeySpan, "\"requires\" is not a standard field and the runtime does not check it; declare the variables under env instead: - %s: \"description\"", example)
		return nil, nil
	},
}
