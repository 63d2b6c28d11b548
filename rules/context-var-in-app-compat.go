package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ContextVarInAppCompat reports context variables used by app actions.
var ContextVarInAppCompat = &lint.Analyzer{
	Name:     "context-var-in-app-compat",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "context variable used in an app document",
		Why:   "the docs give context variables ($CWD, $CURRENT_FILE, …) to tools only; the reference runtime also gives them to app actions, but a runtime that follows the docs leaves them literal",
		Bad:   "---\ntype: app\n---\n\n```act.files\nCLI ls $CWD\n```\n",
		Good:  "---\ntype: tool\ndefault: files\n---\n\n```act.files\nCLI ls $CWD\n```\n",

		Severity: "action.ts cmdAction (buildContextVars): the reference runtime gives context variables to apps too; only runtimes that follow the docs do not (portability)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		typ, _ := docType(pass.Doc)
		if typ != "app" {
			return nil, nil
		}
		seen := map[string]bool{}
		for _, u := range symbols(pass).usesAt(siteTarget, siteParamDefault) {
			if !u.Site.inDefinition() || u.Kind() != sfmd.RefPersistent || u.Action == nil || !isContextVar(u.Ref.Name) || seen[u.Ref.Name] {
				continue
			}
			if u.Ref.Name == "HOME" && u.Action.IsCLI() {
				continue // the shell expands $HOME itself when the runtime does not
			}
			seen[u.Ref.Name] = true
			pass.Reportf(u.Ref.Span, "context variable %q is documented for tools only and this document is \"type: app\"; runtimes that follow the docs leave it literal: make the document a tool or do not rely on it", u.Ref.Raw)
		}
		return nil, nil
	},
}
