package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"go.yaml.in/yaml/v3"
)

// FrontmatterRequiresNonstandard reports `requires:` on a tool, which
// the reference runtime never checks there. On an app it is what the
// runtime reads (open.ts cmdOpen renders it with renderer.ts render: the
// "[!] Missing required env" hint, model render.go follows it),
// so it is not reported.
var FrontmatterRequiresNonstandard = &lint.Analyzer{
	Name:     "frontmatter-requires-nonstandard",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Tags:     []lint.Tag{lint.Deprecated},
	Doc: lint.Doc{
		Title: "requires on a tool is never checked; a tool declares env",
		Why:   "the reference runtime reads `requires:` only when an app is opened (the renderer adds \"[!] Missing required env\" with a /set hint) and `env:` only for a tool (each /tool:name call checks it and fails early with ENV_REQUIRED), so a tool's `requires:` is never checked and a missing key fails later, inside the call; an app's `requires:` is right and is not reported",
		Bad:   "---\ntype: tool\nrequires:\n  - MOLTBOOK_API_KEY\n---\n",
		Good:  "---\ntype: tool\nenv:\n  - MOLTBOOK_API_KEY: \"Moltbook API key\"\n---\n",

		Severity: "works: tool.ts validateEnv checks only env (ENV_REQUIRED), so a tool's requires is never checked and a missing key fails later, inside the call",
	},
	Run: func(pass *lint.Pass) (any, error) {
		f := pass.Doc.Frontmatter.Get("requires")
		if f == nil || !isToolDocument(pass.Doc) {
			return nil, nil // an app's requires: is read on /open
		}
		example := "NAME"
		if f.Value != nil && f.Value.Kind == yaml.SequenceNode && len(f.Value.Content) > 0 && f.Value.Content[0].Kind == yaml.ScalarNode {
			example = f.Value.Content[0].Value
		}
		pass.Reportf(f.KeySpan, "a tool's \"requires\" is never checked: /tool:name checks only env (ENV_REQUIRED before the call); declare the variables under env: - %s: \"description\"", example)
		return nil, nil
	},
}
