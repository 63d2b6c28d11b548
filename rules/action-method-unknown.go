package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ActionMethodUnknown reports first lines whose method is not an action type.
var ActionMethodUnknown = &lint.Analyzer{
	Name:     "action-method-unknown",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action method is not GET, POST, PUT, PATCH, DELETE or CLI",
		Why:   "the first word of an action block is its type; the runtime only knows GET, POST, PUT, PATCH, DELETE and CLI and rejects the whole block otherwise (INVALID_ACTION_BLOCK)",
		Bad:   "```act.search\nFETCH https://api.example.com/search\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n",

		Severity: "parser.ts parseActionBlock returns null and parse reports INVALID_ACTION_BLOCK: the runtime rejects the block (INVALID_ACTION_BLOCK), so the action does not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !hasFirstLine(a) || isKnownMethod(a.Method) {
				continue
			}
			msg := fmt.Sprintf("%q is not an action method, so the runtime rejects action %q", a.MethodRaw, a.ID)
			want := methodAliases[a.Method]
			if want == "" {
				want = nearest(a.Method, actionMethods)
			}
			if want != "" {
				msg += fmt.Sprintf("; did you mean %q?", want)
			} else {
				msg += "; start the first line with one of GET, POST, PUT, PATCH, DELETE or CLI"
			}
			pass.Reportf(a.MethodSpan, "%s", msg)
		}
		return nil, nil
	},
}

// methodAliases maps method names authors reach for to the action type
// they mean.
var methodAliases = map[string]string{
	"FETCH": sfmd.MethodGET, "READ": sfmd.MethodGET, "HEAD": sfmd.MethodGET, "OPTIONS": sfmd.MethodGET,
	"CREATE": sfmd.MethodPOST, "SEND": sfmd.MethodPOST,
	"UPDATE": sfmd.MethodPATCH,
	"REMOVE": sfmd.MethodDELETE, "DEL": sfmd.MethodDELETE,
	"SHELL": sfmd.MethodCLI, "SH": sfmd.MethodCLI, "BASH": sfmd.MethodCLI, "EXEC": sfmd.MethodCLI, "RUN": sfmd.MethodCLI, "CMD": sfmd.MethodCLI, "COMMAND": sfmd.MethodCLI,
}
