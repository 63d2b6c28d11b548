package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ArgsPassthroughWithParams reports $ARGS in actions that declare
// parameters.
var ArgsPassthroughWithParams = &lint.Analyzer{
	Name:     "args-passthrough-with-params",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "$ARGS pass-through in an action with parameters",
		Why:   "`$ARGS` still carries the raw argument string, but once an action declares fields the runtime also binds positional words to them, and a call with more positional words than unfilled fields fails with \"Too many positional arguments\" before the command runs, so the pass-through takes only as many words as there are fields",
		Bad:   "```act.git\nCLI git $ARGS\n  repo: string \"repository\"\n```\n",
		Good:  "```act.git\nCLI git $ARGS\n```\n",

		Severity: "action.ts executeAction keeps the raw string in $ARGS but binds positional words to the declared fields first and fails with \"Too many positional arguments\" when they outnumber them",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if len(a.Params) == 0 || a.Target == nil {
				continue
			}
			for _, r := range a.Target.Refs {
				if r.Kind == sfmd.RefPersistent && r.Name == sfmd.ArgsVar {
					pass.Reportf(r.Span, "$ARGS still carries the raw arguments, but %q declares %d field(s), so a call with more positional words than that fails with \"Too many positional arguments\" before the command runs; remove the fields for a pass-through or use {name} placeholders instead of $ARGS", "act."+a.ID, len(a.Params))
					break
				}
			}
		}
		return nil, nil
	},
}
