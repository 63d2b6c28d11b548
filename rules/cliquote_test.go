package rules

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// fixCommand lints a one-action document holding cmd (fields v and w)
// with cli-placeholder-quoted and returns the command after its fix,
// whether the fix is safe, and whether the rule reported anything.
func fixCommand(t *testing.T, cmd string) (fixed string, safe, reported bool) {
	t.Helper()
	src := "```act.x\nCLI " + cmd + "\n  v: string \"v\"\n  w: string \"w\"\n```\n"
	diags, err := lint.Check(sfmd.Parse("x.md", []byte(src)), []*lint.Analyzer{CLIPlaceholderQuoted})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) == 0 {
		return cmd, true, false
	}
	if len(diags) != 1 || len(diags[0].Fixes) != 1 {
		t.Fatalf("%s: want one finding with one fix, got %v", cmd, diags)
	}
	out, _ := lint.ApplyFixes([]byte(src), diags, lint.FixUnsafe)
	line := strings.SplitN(string(out), "\n", 3)[1]
	return strings.TrimPrefix(line, "CLI "), diags[0].Fixes[0].Safe, true
}

// substitute fills {v} and {w} the way the runtime does: each with q() of
// its value, wherever it stands.
func substitute(cmd, v, w string) string {
	return strings.NewReplacer("{v}", model.ShellQuote(v), "{w}", model.ShellQuote(w)).Replace(cmd)
}

// intended fills {v} and {w} with their values as literal text in the
// quotes the author wrote around them: what the command was meant to run.
func intended(cmd, v, w string) string {
	var b strings.Builder
	sc := scanShell(cmd)
	for i := 0; i < len(cmd); i++ {
		if cmd[i] == '{' && i+3 <= len(cmd) && (cmd[i:i+3] == "{v}" || cmd[i:i+3] == "{w}") {
			val := v
			if cmd[i+1] == 'w' {
				val = w
			}
			switch k := sc.at[i]; {
			case k >= 0 && sc.spans[k].q == '"':
				b.WriteString(strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`").Replace(val))
			case k >= 0:
				b.WriteString(strings.ReplaceAll(val, "'", `'\''`))
			default:
				b.WriteString(model.ShellQuote(val))
			}
			i += 2
			continue
		}
		b.WriteByte(cmd[i])
	}
	return b.String()
}

func bash(t *testing.T, cmd string) string {
	t.Helper()
	out, err := exec.Command("bash", "-c", cmd).CombinedOutput()
	if err != nil {
		t.Fatalf("bash -c %q: %v\n%s", cmd, err, out)
	}
	return string(out)
}

// TestCLIPlaceholderQuotedFix proves the fix of cli-placeholder-quoted
// with bash: after the fix every value reaches the program exactly as
// the quotes the author wrote mean it (one literal argument, surrounding
// text kept), and a value of plain characters, which q() leaves alone,
// gives the same command line before and after the fix.
func TestCLIPlaceholderQuotedFix(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	values := []string{"Seoul", "New York", "it's", `say "hi"`, "$HOME and `id`", "", "a  b*", "x=1&y=2"}
	for _, tc := range []struct {
		cmd, want string
	}{
		{`printf '<%s>\n' "{v}"`, `printf '<%s>\n' {v}`},
		{`printf '<%s>\n' '{v}'`, `printf '<%s>\n' {v}`},
		{`printf '<%s>\n' "Hello, {v}!"`, `printf '<%s>\n' "Hello, "{v}"!"`},
		{`printf '<%s>\n' --name="{v}" "{v}{w}" "{v} and {w}"`, `printf '<%s>\n' --name={v} {v}{w} {v}" and "{w}`},
		{`printf '<%s>\n' "q=name contains '{v}' now"`, `printf '<%s>\n' "q=name contains '"{v}"' now"`},
		{`printf '<%s>\n' 'a "{v}" b'`, `printf '<%s>\n' 'a "'{v}'" b'`},
	} {
		fixed, safe, reported := fixCommand(t, tc.cmd)
		if !reported || fixed != tc.want || !safe {
			t.Errorf("fix of %s:\n got %s (safe %v, reported %v)\nwant %s", tc.cmd, fixed, safe, reported, tc.want)
			continue
		}
		for _, v := range values {
			w := "W w"
			if got, want := bash(t, substitute(fixed, v, w)), bash(t, intended(tc.cmd, v, w)); got != want {
				t.Errorf("%s with v=%q: the fixed command prints %q, meant %q", tc.cmd, v, got, want)
			}
		}
		if got, want := bash(t, substitute(fixed, "Seoul", "x.md")), bash(t, substitute(tc.cmd, "Seoul", "x.md")); got != want {
			t.Errorf("%s: plain values print %q after the fix, %q before", tc.cmd, got, want)
		}
	}
	// A placeholder in a text a second shell reads again (sh -c, eval,
	// ssh: model.ShellCommand.Scripts) is dryrun-cli-value-reparsed's,
	// in either quotes; a $(…) that is not a script is still this rule's.
	for _, cmd := range []string{`bash -c "printf '<%s>' {v}"`, `sh -lc "printf '<%s>' {v}"`, `bash -c 'printf "<%s>" "{v}"'`, `ssh host 'ls {v}'`, `ssh host "ls {v}"`, `eval "echo {v}"`} {
		if fixed, _, reported := fixCommand(t, cmd); reported {
			t.Errorf("%s: reported, fixed to %s", cmd, fixed)
		}
	}
	if _, _, reported := fixCommand(t, `printf '<%s>' "$(basename "{v}")"`); !reported {
		t.Errorf("a quoted placeholder in a $(…) not reported")
	}
}

// TestQuotedEffectArgv checks the argv that cli-placeholder-quoted shows
// (simulatedArgs) against bash: the arguments printf receives for the
// shell word that holds the placeholder, once q() of the value stands
// there. It also checks that a $(…) in a double-quoted value runs.
func TestQuotedEffectArgv(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	for _, word := range []string{`"{v}"`, `"Hello, {v}!"`, `--name="{v}"`, `'{v}'`, `'a "{v}" b'`, `"q='{v}'"`, `x"{v}"y\ z`} {
		cmd := `printf '<%s>\n' ` + word
		i := strings.Index(cmd, "{v}")
		sc := scanShell(cmd)
		for _, v := range []string{"John Doe", "", "it's", "a  b", "x.md"} {
			var want strings.Builder
			for _, a := range simulatedArgs(cmd, &sc, i, 3, v) {
				want.WriteString("<" + a + ">\n")
			}
			out, err := exec.Command("bash", "-c", substitute(cmd, v, "")).CombinedOutput()
			if err != nil {
				continue // a quote in v inside '…' breaks the command: not a case the message shows
			}
			if got := string(out); got != want.String() {
				t.Errorf("%s with v=%q: bash gives %q, simulatedArgs %q", word, v, got, want.String())
			}
		}
	}
	if got := bash(t, substitute(`printf '<%s>\n' "{v}"`, "$(echo ran)", "")); got != "<'ran'>\n" {
		t.Errorf(`a $(…) value inside double quotes: got %q, want it run`, got)
	}
}
