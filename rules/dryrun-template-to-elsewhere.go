package rules

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunTemplateToElsewhere reports a to: line of a response template
// that, for the call an agent would make, writes its file somewhere else
// than the path as written says.
var DryrunTemplateToElsewhere = &lint.Analyzer{
	Name:     "dryrun-template-to-elsewhere",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "a to: line writes its file somewhere else than written",
		Why: "a `to:` path has its `{field}` and `{var}` placeholders put in and is resolved with `path.resolve(process.cwd(), …)` (`executeResponseTemplate` in `packages/string/src/commands/helpers.ts`): `~` is not the home directory there but a directory named `~` in the runtime's working directory, " +
			"and a placeholder of an optional field the caller left out (with no session variable of its name) stays in the path literally, so the file is named `{name}`. " +
			"sfmd runs the template through its model of the runtime for the call with only the required fields and reports where the file would be written",
		Bad:  "Call `/act.export --id 7`.\n\n```act.export\nGET https://api.example.com/exports/{id}\n  id: string (required) \"Export id\"\n  name: string \"File name\"\n```\n\n```act.export.response\nsave: data\ndecode: base64\nto: ~/Downloads/{name}.csv\nSaved.\n```\n",
		Good: "Call `/act.export --id 7 --name report`.\n\n```act.export\nGET https://api.example.com/exports/{id}\n  id: string (required) \"Export id\"\n  name: string (required) \"File name\"\n```\n\n```act.export.response\nsave: data\ndecode: base64\nto: downloads/{name}.csv\nSaved downloads/{name}.csv.\n```\n",

		Severity: "error for a path starting with ~: the file is always written under a directory named ~ in the runtime's working directory (helpers.ts executeResponseTemplate: path.resolve does not expand ~); warning for an optional field's placeholder: the file is written where meant when the caller gives the field, under a literal {name} when not",
	},
	Requires: []*lint.Analyzer{tmplDryAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, td := range tmplDryOf(pass) {
			for li, l := range td.Lines {
				if f := td.Run.Lines[li]; f.Kind == "to" && f.Target != "" && l.Kind == sfmd.LineTo {
					checkToTarget(pass, td, li, l)
				}
			}
		}
		return nil, nil
	},
}

var reToPlace = lazyre.New(`\{([a-zA-Z_]\w*)\}`)

func checkToTarget(pass *lint.Pass, td *tmplDry, li int, l *sfmd.TemplateLine) {
	f := td.Run.Lines[li]
	if strings.HasPrefix(f.Target, "~") {
		pass.Reportf(l.ArgSpan, "`%s`: line %s writes the file to ./%s, in a directory named \"~\" under the runtime's working directory, not in the home directory: the runtime resolves a to: path with path.resolve, which does not expand ~; write the path without ~",
			td.callLine(), td.docLine(li), strings.TrimPrefix(f.Resolved, model.DryRunCwd+"/"))
		return
	}
	optional := map[string]bool{}
	for _, fi := range td.Call.Info.Fields {
		optional[fi.Name] = !fi.Required && !fi.HasDefault
	}
	for _, m := range reToPlace.FindAllStringSubmatch(f.Target, -1) {
		if !optional[m[1]] {
			continue // a name that is no field: template-var-undefined
		}
		pass.Report(lint.Diagnostic{Span: l.ArgSpan, Severity: lint.Warning, Message: fmt.Sprintf(
			"`%s` (without --%s) writes the file to %q: {%s} is an optional field without a default, and the runtime leaves a placeholder the call does not fill in a to: path as written; make the field required or give it a default",
			td.callLine(), m[1], f.Target, m[1])})
		return
	}
}
