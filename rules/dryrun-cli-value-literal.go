package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunCLIValueLiteral reports a CLI value that the document itself gives
// (in a hint or a default) with a leading ~ that the author means the
// shell to expand to the home directory: the runtime shell-quotes every
// value, so the command gets the ~ as it is.
var DryrunCLIValueLiteral = &lint.Analyzer{
	Name:     "dryrun-cli-value-literal",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "a ~ in a CLI value is not expanded to the home directory",
		Why: "the runtime puts each value into the command in single quotes unless it is made only of letters, digits and `_-./=@:+,` (`shellQuote` in `executeAction`, `packages/string/src/commands/action.ts`), and bash does not expand a `~` inside quotes: `--dir ~/notes` runs `ls '~/notes'`, a directory named `~` under the document's directory (`Loader.execCli` in `packages/string/src/loader.ts` runs the command there), not the home directory's `notes`. " +
			"sfmd builds the call from the document's hints and defaults and reads the command its model of the runtime runs",
		Bad:  "Call `/act.notes --dir ~/notes`.\n\n```act.notes\nCLI ls -1 {dir}\n  dir: string (required) \"Directory\"\n```\n",
		Good: "Call `/act.notes --dir notes`.\n\n```act.notes\nCLI ls -1 ~/{dir}\n  dir: string (required) \"Directory under the home directory\"\n```\n",

		Severity: "the command runs, with a path the shell did not expand: a ~ directory under the document's directory, not the home directory (action.ts executeAction shellQuote; loader.ts Loader.execCli)",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			if !c.Info.CLI() || c.Action.Target == nil {
				continue
			}
			for _, v := range c.Values {
				if v.From == "sample" || !strings.HasPrefix(v.Value, "~") {
					continue
				}
				args, s, ok := t.base(c)
				if !ok || s.Code != "" || !strings.Contains(s.Command, "'"+v.Value) {
					continue
				}
				reportCLILiteral(pass, c.Action, v, dryLine(c.Action.ID, args), s.Command)
			}
		}
		return nil, nil
	},
}

func reportCLILiteral(pass *lint.Pass, a *sfmd.Action, v dryValue, line, cmd string) {
	ref := placeholderRef(a, v.Field)
	if ref == nil {
		return
	}
	fix := "put the ~/ in the command (~/{" + v.Field + "}) and pass the rest"
	if v.From == "default" {
		fix = "write the default as $HOME/…, which the runtime resolves before quoting, or " + fix
	}
	pass.Reportf(ref.Span, "`%s` (%s) runs %s: the runtime shell-quotes the value of {%s}, so bash does not expand its ~ to the home directory and the command gets %q, a path under the document's directory; %s",
		line, fromWord(v.From), clip(cmd), v.Field, v.Value, fix)
}
