package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunCLIValueLiteral reports a CLI value that the document itself gives
// (in a hint or a default) with a leading ~ or a * that the author means
// the shell to expand: the runtime shell-quotes every value, so the
// command gets the characters as they are.
var DryrunCLIValueLiteral = &lint.Analyzer{
	Name:     "dryrun-cli-value-literal",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "a ~ or * in a CLI value is not expanded by the shell",
		Why: "the runtime puts each value into the command in single quotes unless it is made only of letters, digits and `_-./=@:+,` (`shellQuote` in `executeAction`, `packages/string/src/commands/action.ts`), and bash does not expand `~` or `*` inside quotes: `--dir ~/notes` runs `ls '~/notes'`, a directory named `~` under the document's directory (`Loader.execCli` in `packages/string/src/loader.ts` runs the command there), and `--files '*.md'` reaches the program as the one argument `*.md`. " +
			"sfmd builds the call from the document's hints and defaults and reads the command its model of the runtime runs",
		Bad:  "Call `/act.notes --dir ~/notes`.\n\n```act.notes\nCLI ls -1 {dir}\n  dir: string (required) \"Directory\"\n```\n",
		Good: "Call `/act.notes --dir notes`.\n\n```act.notes\nCLI ls -1 ~/{dir}\n  dir: string (required) \"Directory under the home directory\"\n```\n",

		Severity: "the command runs, with a path or pattern the shell did not expand (action.ts executeAction shellQuote; loader.ts Loader.execCli)",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			if !c.Info.CLI() || c.Action.Target == nil {
				continue
			}
			for _, v := range c.Values {
				if v.From == "sample" || !(strings.HasPrefix(v.Value, "~") || strings.Contains(v.Value, "*")) {
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
	what, fix := "~", "put the ~/ in the command (~/{"+v.Field+"}) and pass the rest"
	if !strings.HasPrefix(v.Value, "~") {
		what, fix = "*", "put the pattern in the command, or let the program take a pattern"
	}
	if v.From == "default" && what == "~" {
		fix = "write the default as $HOME/…, which the runtime resolves before quoting, or " + fix
	}
	pass.Reportf(ref.Span, "`%s` (%s) runs %s: the runtime shell-quotes the value of {%s}, so bash does not expand its %s and the command gets %q as it is; %s",
		line, fromWord(v.From), clip(cmd), v.Field, what, v.Value, fix)
}
