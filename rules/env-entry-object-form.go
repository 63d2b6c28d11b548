package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// EnvEntryObjectForm reports the non-canonical `- name: X / description:`
// form.
var EnvEntryObjectForm = &lint.Analyzer{
	Name:     "env-entry-object-form",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env entry uses the name:/description: object form",
		Why:   "the spec's form is `- NAME: \"description\"`; under that reading `- name: GITHUB_TOKEN` declares a variable called `name`, so runtimes may ask for the wrong variable",
		Bad:   "---\nenv:\n  - name: GITHUB_TOKEN\n    description: GitHub token\n---\n",
		Good:  "---\nenv:\n  - GITHUB_TOKEN: \"GitHub token\"\n---\n",

		Severity: "the runtime reads it, but as a variable called `name`, so it asks for the wrong variable",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, e := range fm.Env {
			if e.Form != sfmd.EnvObject {
				continue
			}
			desc := "description"
			if e.HasDescription && e.Description != "" {
				desc = e.Description
			}
			span := e.NameSpan
			if !span.IsValid() || span.Len() == 0 {
				span = e.Span
			}
			pass.Reportf(span, "env entry uses the object form (name: %s), which the canonical reading takes as a variable called \"name\"; write - %s: %q", e.Name, envEntryName(e), desc)
		}
		return nil, nil
	},
}
