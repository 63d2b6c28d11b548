package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// EnvEntryObjectForm reports the non-canonical `- name: X / description:`
// form, graded by document type: a tool's env is checked on every
// /tool:name call (tool.ts validateEnv, model tool.go follows
// it), which takes each key of the entry as a variable to require; an
// app's env is not read by the reference runtime at all.
var EnvEntryObjectForm = &lint.Analyzer{
	Name:        "env-entry-object-form",
	Severity:    lint.Warning,
	MaxSeverity: lint.Error,
	Profile:     lint.Core,
	Doc: lint.Doc{
		Title: "env entry uses the name:/description: object form",
		Why:   "the spec's form is `- NAME: \"description\"`; under that reading `- name: GITHUB_TOKEN` declares a variable called `name`: on a tool the reference runtime requires `$name` (and `$description`) before every /tool:name call and fails with ENV_REQUIRED until they are set; an app's env is not read by the reference runtime (its `requires:` is), so there only portability is at stake",
		Bad:   "---\nenv:\n  - name: GITHUB_TOKEN\n    description: GitHub token\n---\n",
		Good:  "---\nenv:\n  - GITHUB_TOKEN: \"GitHub token\"\n---\n",

		Severity: "tool.ts validateEnv takes each key as a variable, so a tool fails with ENV_REQUIRED \"tool requires $name\" until $name is set (error); an app's env is never read, only portability (info)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		tool := isToolDocument(pass.Doc)
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
			d := lint.Diagnostic{Span: span}
			if tool {
				d.Severity = lint.Error
				d.Message = fmt.Sprintf("env entry uses the object form (name: %s), which the runtime reads as a variable called \"name\": every /tool:name call fails with ENV_REQUIRED \"tool requires $name\" until $name is set; write - %s: %q", e.Name, envEntryName(e), desc)
			} else {
				d.Severity = lint.Info
				d.Message = fmt.Sprintf("env entry uses the object form (name: %s), which the spec reads as a variable called \"name\" (the reference runtime does not read an app's env); write - %s: %q", e.Name, envEntryName(e), desc)
			}
			pass.Report(d)
		}
		return nil, nil
	},
}
