package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// EnvDescriptionMissing reports env entries with an empty description.
var EnvDescriptionMissing = &lint.Analyzer{
	Name:     "env-description-missing",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env entry has an empty description",
		Why:   "the description is the hint the runtime shows in ENV_REQUIRED when the variable is not set; without it the user does not know what to provide",
		Bad:   "---\nenv:\n  - API_KEY: \"\"\n---\n",
		Good:  "---\nenv:\n  - API_KEY: \"OpenWeather API key\"\n---\n",

		Severity: "tool.ts validateEnv: the entry works; the user only gets no hint on what to set",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for i, e := range fm.Env {
			if e.Form != sfmd.EnvCanonical || misplacedDefault(fm.Env, i) || (e.HasDescription && strings.TrimSpace(e.Description) != "") {
				continue
			}
			if e.Node != nil && len(e.Node.Content) >= 2 && e.Node.Content[1].Kind != yaml.ScalarNode {
				continue // env-entry-malformed
			}
			pass.Reportf(e.NameSpan, "env entry %q has no description, which the runtime shows when %s is missing; describe it: - %s: \"what it is and where to get it\"", e.Name, "$"+e.Name, e.Name)
		}
		return nil, nil
	},
}
