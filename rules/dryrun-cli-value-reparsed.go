package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunCLIValueReparsed reports a CLI placeholder inside a text that a
// second shell reads again (sh -c, bash -c, eval, su -c, ssh's remote
// command, watch): the runtime quotes the value for the outer bash only,
// and the second shell splits it, runs what it holds, or cannot read
// the script.
var DryrunCLIValueReparsed = &lint.Analyzer{
	Name:     "dryrun-cli-value-reparsed",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "a CLI value is read again by a second shell (sh -c, eval, ssh)",
		Why: "the runtime puts each value into the command shell-quoted for the bash that runs the line (`shellQuote` in `executeAction`, `packages/string/src/commands/action.ts`; `Loader.execCli` in `packages/string/src/loader.ts` runs it with bash). " +
			"When the placeholder sits in a text that a command hands to another shell (the `-c` script of sh, bash, zsh or dash, also behind docker exec, xargs, sudo or setsid; su's `-c` command; eval's arguments; ssh's remote command; watch's command), that quoting is spent on the outer bash: inside the author's single quotes it closes them, so the script gets part of the value and the rest becomes another argument; inside double quotes the outer bash still runs a `$(…)` of the value; in eval, ssh and watch the words are joined and read again, so a value with a space becomes two words. " +
			"sfmd dry-runs the call with the value the document gives (a hint or a default the runtime quotes), then with `John Doe` and with `$(id)`, reads the command as bash does and the script as the second shell does (`model.RereadValue`), and reports where the value does not arrive as one literal word",
		Bad:  "```act.greet\nCLI sh -c 'echo Hello, {name}'\n  name: string (required) \"Who to greet\"\n```\n",
		Good: "```act.greet\nCLI sh -c 'echo Hello, \"$1\"' _ {name}\n  name: string (required) \"Who to greet\"\n```\n",

		Severity: "error when a value the document itself gives (a hint, a default) is split, cut off, run or breaks the script: the call the document shows runs something other than what it says, or fails (action.ts executeAction shellQuote; loader.ts Loader.execCli runs /bin/bash -c); warning when only a value an agent may give (a space, $(id)) does: the command works for plain values, almost certainly not as meant for the others",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			if !c.Info.CLI() || c.Action.Target == nil {
				continue
			}
			if dryGates && !model.MayReread(c.Action.Target.Text) {
				continue // no command that reads a script again
			}
			if _, s, ok := t.base(c); !ok || s.Code != "" {
				continue
			}
			spread := false // {...args}: one finding for the fields it holds
			for i, v := range c.Values {
				spread = checkReparsed(pass, t, c, i, v, spread) || spread
			}
		}
		return nil, nil
	},
}

// rereadProbes are the values a call tries, in order: a space shows a
// split, $(id) a command the shell runs.
var rereadProbes = []string{"John Doe", "$(id)"}

// checkReparsed dry-runs c with probe values for its value i (the
// document's own one first when the runtime quotes it) and reports the
// first that a second shell does not get as one literal word; it says
// whether it reported at the command's {...args} (spreadDone: already
// reported there, not again).
func checkReparsed(pass *lint.Pass, t *dryTable, c *dryCall, i int, v dryValue, spreadDone bool) bool {
	switch sfmd.MeantParamType(c.Info.Fields[i].Type) {
	case "number", sfmd.BooleanType:
		return false // such a value has nothing to split or run
	}
	ref := placeholderRef(c.Action, v.Field)
	if ref == nil {
		if ref = spreadRef(c.Action); ref == nil || spreadDone {
			return false
		}
	}
	probes := rereadProbes
	from := "probe"
	if v.From != "sample" && model.ShellQuote(v.Value) != v.Value {
		probes = append([]string{v.Value}, probes...)
	}
	for n, p := range probes {
		vals := append([]dryValue(nil), c.Values...)
		vals[i] = dryValue{Field: v.Field, Value: p, From: "probe"}
		args, ok := dryArgs(vals)
		if !ok {
			continue
		}
		s, ok := t.dryRun(c.Action.ID, args, nil)
		if !ok || s.Code != "" {
			continue
		}
		if n == 0 && len(probes) > len(rereadProbes) {
			from = v.From
		}
		if r, n, ok := rereadOf(s.Command, p); ok {
			if at := nthRef(c.Action, v.Field, n); at != nil && ref.Kind == sfmd.RefVar {
				ref = at
			}
			reportReparsed(pass, ref, v.Field, p, from, dryLine(c.Action.ID, args), s.Command, r)
			return ref.Kind == sfmd.RefSpread
		}
		from = "probe"
	}
	return false
}

// rereadOf is what a second shell makes of the value p wherever the
// runtime put it (shell-quoted) in command; n counts the places before
// the one reported.
func rereadOf(command, p string) (r model.Reread, n int, ok bool) {
	q := model.ShellQuote(p)
	for off := 0; ; n++ {
		k := strings.Index(command[off:], q)
		if k < 0 {
			return model.Reread{}, 0, false
		}
		k += off
		if r, ok := model.RereadValue(command, k, k+len(q), p); ok {
			return r, n, true
		}
		off = k + len(q)
	}
}

// nthRef is the n-th {field} placeholder of a's command (nil when there
// are not that many): where the runtime put the value rereadOf reports.
func nthRef(a *sfmd.Action, field string, n int) *sfmd.VarRef {
	for _, r := range a.Target.Refs {
		if r.Kind == sfmd.RefVar && r.Name == field && len(r.Path) == 0 {
			if n == 0 {
				return r
			}
			n--
		}
	}
	return nil
}

// spreadRef is the {...args} of a's command, nil without one: it puts
// every field the command does not name as --name value.
func spreadRef(a *sfmd.Action) *sfmd.VarRef {
	for _, r := range a.Target.Refs {
		if r.Kind == sfmd.RefSpread {
			return r
		}
	}
	return nil
}

func reportReparsed(pass *lint.Pass, ref *sfmd.VarRef, field, p, from, line, cmd string, r model.Reread) {
	who := "a value an agent may give"
	if from != "probe" {
		who = fromWord(from)
	}
	reader := r.Reader
	switch reader {
	case "ssh":
		reader = "the remote shell of ssh"
	case "su", "runuser":
		reader = "the shell of " + reader + " -c"
	case "watch":
		reader = "the sh -c of watch"
	}
	sev := lint.Warning
	if from != "probe" {
		sev = lint.Error // the document's own call
	}
	pass.Report(lint.Diagnostic{Span: ref.Span, Severity: sev, Message: fmt.Sprintf("`%s` (%s) runs %s: %s reads the script %s again as a command line, and the runtime quoted %s for the outer bash only, so the value %s; %s",
		line, who, clip(cmd), reader, clip(r.Script), placeholderOf(ref, field), rereadEffect(r, p), rereadFix(r.Reader, ref))})
}

// rereadEffect says what became of the value p.
func rereadEffect(r model.Reread, p string) string {
	switch {
	case r.Live != "" && r.Outer:
		return fmt.Sprintf("has its %s run by the outer bash (inside the double quotes) before %s gets the script", r.Live, r.Reader)
	case r.Live != "":
		return fmt.Sprintf("has its %s run as a command by %s", r.Live, r.Reader)
	case r.Unread:
		return "leaves a quote of the script unclosed: the second shell stops there with a syntax error (exit status 2) and the command that holds the value does not run"
	case r.Outside:
		return fmt.Sprintf("is cut at the end of the author's quotes: the script gets %s and the rest of %q becomes another argument", quoteWords(r.Words), p)
	case len(r.Words) > 1:
		return fmt.Sprintf("%q is split into the words %s", p, quoteWords(r.Words))
	}
	return fmt.Sprintf("%q arrives as %s", p, quoteWords(r.Words))
}

func quoteWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = fmt.Sprintf("%q", w)
	}
	return joinAnd(q)
}

// placeholderOf names the value of field that ref puts in the command.
func placeholderOf(ref *sfmd.VarRef, field string) string {
	if ref.Kind == sfmd.RefSpread {
		return "the value of --" + field + " in " + ref.Raw
	}
	return ref.Raw
}

// rereadFix is the way to hand the value to the second shell whole.
func rereadFix(reader string, ref *sfmd.VarRef) string {
	switch {
	case reader == "eval" || reader == "ssh" || reader == "su" || reader == "runuser" || reader == "watch":
		return fmt.Sprintf("quote the value for the second shell too: write $(printf '%%q' %s) where it goes", ref.Raw)
	case ref.Kind == sfmd.RefSpread:
		return fmt.Sprintf("pass the values to the script as arguments instead: %s -c '… \"$@\" …' _ %s", reader, ref.Raw)
	}
	return fmt.Sprintf("pass the value to the script as an argument instead: %s -c '… \"$1\" …' _ %s", reader, ref.Raw)
}
