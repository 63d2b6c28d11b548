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
		Why:   "`$ARGS` passes the raw arguments through, but once an action declares parameters the runtime binds positional arguments to them and fails with \"Too many positional arguments\" when there are more words than fields",
		Bad:   "```act.git\nCLI git $ARGS\n  repo: string \"repository\"\n```\n",
		Good:  "```act.git\nCLI git $ARGS\n```\n",

		Severity: "the call runs, but positional words bind to the declared fields (or fail with \"Too many positional arguments\") instead of passing through",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if len(a.Params) == 0 || a.Target == nil {
				continue
			}
			for _, r := range a.Target.Refs {
				if r.Kind == sfmd.RefPersistent && r.Name == "ARGS" {
					pass.Reportf(r.Span, "$ARGS passes the raw arguments, but %q declares %d parameter(s), so positional arguments bind to them first and extra words fail with \"Too many positional arguments\"; remove the parameters for a pass-through or use {name} placeholders instead of $ARGS", "act."+a.ID, len(a.Params))
					break
				}
			}
		}
		return nil, nil
	},
}
