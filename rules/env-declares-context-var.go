package rules

import "github.com/sfmd-dev/sfmd/lint"

// EnvDeclaresContextVar reports env entries naming a context variable.
var EnvDeclaresContextVar = &lint.Analyzer{
	Name:     "env-declares-context-var",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "env declares a built-in context variable",
		Why:   "context variables such as $ARGS or $CWD are injected by the runtime and read-only; declaring them in env makes the runtime demand that the user sets them",
		Bad:   "---\nenv:\n  - ARGS: \"Arguments\"\n---\n\n```act.git\nCLI git $ARGS\n```\n",
		Good:  "```act.git\nCLI git $ARGS\n```\n",

		Severity: "tool.ts validateEnv: the document works, but a tool then demands that the user sets a variable the runtime provides",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, e := range fm.Env {
			if isContextVar(e.Name) {
				pass.Reportf(e.NameSpan, "%q is a built-in context variable provided by the runtime; remove it from env and use \"$%s\" directly", e.Name, e.Name)
			}
		}
		return nil, nil
	},
}
