package model

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRereadValue: what a shell that reads a script again makes of a
// value the runtime shell-quoted into the command (shellQuote), for the
// readers Scripts knows.
func TestRereadValue(t *testing.T) {
	for _, tc := range []struct {
		template, v string
		ok          bool
		reader      string
		words       []string
		outside     bool
		live        string
		outer       bool
		unread      bool
	}{
		// the value's quotes close the author's: sh gets "echo John", Doe is $0
		{template: `sh -c 'echo {x}'`, v: "John Doe", ok: true, reader: "sh", words: []string{"John"}, outside: true},
		{template: `bash -lc "echo {x}"`, v: "John Doe"},
		{template: `bash -c "echo {x}"`, v: "$(id)", ok: true, reader: "bash", words: []string{"$(id)"}, live: "$(id)", outer: true},
		{template: `sh -c 'echo "$1"' _ {x}`, v: "John Doe"},
		{template: `eval echo {x}`, v: "John Doe", ok: true, reader: "eval", words: []string{"John", "Doe"}},
		{template: `eval echo {x}`, v: "$(id)", ok: true, reader: "eval", words: []string{"$(id)"}, live: "$(id)"},
		{template: `eval "echo {x}"`, v: "John Doe"},
		{template: `ssh -p 22 host ls {x}`, v: "John Doe", ok: true, reader: "ssh", words: []string{"John", "Doe"}},
		{template: `ssh host "ls {x}"`, v: "John Doe"},
		{template: `ssh host`, v: "John Doe"},
		{template: `sh -c "echo \"{x}\""`, v: "John Doe", ok: true, reader: "sh", words: []string{"'John Doe'"}},
		{template: `docker exec -i c sh -c 'cat {x}'`, v: "John Doe", ok: true, reader: "sh", words: []string{"John"}, outside: true},
		{template: `timeout 5 watch -n 1 ls {x}`, v: "John Doe", ok: true, reader: "watch", words: []string{"John", "Doe"}},
		{template: `watch -x ls {x}`, v: "John Doe"},
		{template: `su app -c "ls {x}"`, v: "John Doe"},
		{template: `su app -c ls\ {x}`, v: "John Doe", ok: true, reader: "su", words: []string{"John", "Doe"}},
		// the value's quote leaves a " unclosed: bash refuses the line itself
		{template: `sh -c 'echo "{x}"'`, v: "it's"},
		{template: `sh -c "echo \"{x}"`, v: "John Doe", ok: true, reader: "sh", unread: true},
		{template: `echo {x}; sh -c "ls"`, v: "John Doe"},
		// a substitution the author wrote around the value gets it as an argument
		{template: `ssh host ls "$(printf '%q' {x})"`, v: "$(id)"},
		{template: `ssh host ls "$(printf '%q' {x})"`, v: "John Doe"},
		{template: `bash -c "sh -c 'ls {x}'"`, v: "John Doe", ok: true, reader: "bash", words: []string{"John", "Doe"}},
	} {
		q := ShellQuote(tc.v)
		cmd := strings.Replace(tc.template, "{x}", q, 1)
		from := strings.Index(tc.template, "{x}")
		if from < 0 {
			from = len(cmd)
		}
		r, ok := RereadValue(cmd, from, from+len(q), tc.v)
		if ok != tc.ok {
			t.Errorf("%s with %q: ok %v (%+v)", tc.template, tc.v, ok, r)
			continue
		}
		if !ok {
			continue
		}
		if r.Reader != tc.reader || !slices.Equal(r.Words, tc.words) || r.Outside != tc.outside || r.Live != tc.live || r.Outer != tc.outer || r.Unread != tc.unread {
			t.Errorf("%s with %q: %+v", tc.template, tc.v, r)
		}
	}
}

// TestRereadValueBash holds RereadValue to what bash and the second
// shell do: each template's inner command (args, a script that prints
// each argument as <arg>) runs, and a value arrives whole (a line <v>)
// exactly when RereadValue finds nothing (a line bash refuses itself
// aside).
func TestRereadValueBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '<%s>\\n' \"$a\"; done\n"
	if err := os.WriteFile(filepath.Join(dir, "args"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	templates := []string{
		`sh -c 'args {x}'`,
		`sh -c "args {x}"`,
		`sh -c "args \"{x}\""`,
		`sh -c 'args "{x}"'`,
		`sh -c 'args "$1"' _ {x}`,
		`bash -c "args {x}; args done"`,
		`eval args {x}`,
		`eval "args {x}"`,
		`eval 'args {x}'`,
		`bash -c "sh -c 'args {x}'"`,
		`args {x}`,
		`args "$(args {x})"`,
		`env A=1 sh -ec 'args {x}'`,
		`setsid bash -c 'args --in "{x}"'`,
	}
	values := []string{"John Doe", "it's", `say "hi"`, "$(echo ran)", "a;b", "plain", "`echo ran`", "a  b", "x*"}
	for _, tpl := range templates {
		for _, v := range values {
			q := ShellQuote(v)
			from := strings.Index(tpl, "{x}")
			cmd := tpl[:from] + q + tpl[from+3:]
			c := exec.Command(bash, "-c", cmd)
			c.Env, c.Dir = env, dir
			out, err := c.Output()
			whole := err == nil && strings.Contains(string(out), "<"+v+">")
			r, found := RereadValue(cmd, from, from+len(q), v)
			if _, ok := ShellCommands(cmd); !ok {
				// bash refuses the line itself (the value's quote left one
				// open): no script to read, and RereadValue says nothing
				if found || err == nil {
					t.Errorf("%s with %q: bash ran it (%q) or RereadValue found %+v", tpl, v, out, r)
				}
				continue
			}
			if found == whole {
				t.Errorf("%s with %q: bash prints %q (err %v), RereadValue %v %+v", tpl, v, out, err, found, r)
			}
		}
	}
}

// TestMayRereadFindsEveryScript: MayReread, the rules' prefilter, says
// yes to every command in which Scripts finds a script (the templates of
// TestRereadValue and random commands built from readers, wrappers,
// options and quotes), so a rule that skips the others misses nothing.
func TestMayRereadFindsEveryScript(t *testing.T) {
	cmds := []string{`sh -c 'echo {x}'`, `bash -lc "echo {x}"`, `/bin/dash -ec 'x'`, `eval echo {x}`, `ssh -p 22 host ls {x}`,
		`docker exec -i c sh -c 'cat {x}'`, `timeout 5 watch -n 1 ls {x}`, `su app -c ls`, `runuser -u app --command "ls"`,
		`env FOO=1 zsh -c 'x'`, `setsid ksh -c x &`, `sudo -u a mksh -xc y`, `"bash" -c 'x'`}
	r := rand.New(rand.NewPCG(3, 4))
	parts := []string{"sh", "bash", "ash", "su", "runuser", "eval", "ssh", "watch", "env", "sudo", "timeout 3", "-c", "-lc", "-x", "--command",
		"-n 1", "host", "'echo a'", `"b c"`, "x", "/bin/", ";", "|", "&&", "\\ "}
	for range 20000 {
		var b strings.Builder
		for k := range 1 + r.IntN(7) {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(parts[r.IntN(len(parts))])
		}
		cmds = append(cmds, b.String())
	}
	found := 0
	for _, c := range cmds {
		cs, ok := ShellCommands(c)
		if !ok {
			continue
		}
		for _, sc := range cs {
			if len(sc.Scripts()) > 0 {
				found++
				if !MayReread(c) {
					t.Errorf("%q: Scripts finds a script, MayReread says no", c)
				}
				break
			}
		}
	}
	if found < 100 {
		t.Fatalf("only %d commands with a script: the cases test little", found)
	}
}

// mayRereadBytes is MayReread looking at every byte: a word or an option
// begins at a byte that follows the start or a byte that is neither \w
// nor '-'.
func mayRereadBytes(command string) bool {
	reader, opt := false, false
	for i := 0; i < len(command) && !(reader && opt); i++ {
		if i > 0 && (isWordByte(command[i-1]) || command[i-1] == '-') {
			continue
		}
		if command[i] == '-' {
			opt = opt || cOption(command, i)
			continue
		}
		j := i
		for j < len(command) && isWordByte(command[j]) {
			j++
		}
		switch w := command[i:j]; {
		case w == "eval" || w == "ssh" || w == "watch":
			reader, opt = true, true
		case isShellName(w) || w == "su" || w == "runuser":
			reader = true
		}
	}
	return reader && opt
}

// TestMayRereadRuns: MayReread, which passes over the rest of a run of
// \w and '-' bytes at once, answers as the byte-by-byte scan on every
// line of scanDocs and on random lines of readers, options, words glued
// by '-' and '_' and separators.
func TestMayRereadRuns(t *testing.T) {
	var lines []string
	for _, d := range scanDocs(t) {
		lines = append(lines, splitLines(d)...)
	}
	pieces := []string{"sh", "bash", "su", "runuser", "eval", "ssh", "watch", "-c", "-lc", "--command", "-", "--", "x", "_", "a-sh", "sh-", "/bin/", " ", ";", "'", "\"", "=", "c", "-x", "é", "tar"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		var b strings.Builder
		for range r.IntN(7) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		lines = append(lines, b.String())
	}
	yes := 0
	for _, line := range lines {
		got, want := MayReread(line), mayRereadBytes(line)
		if got != want {
			t.Fatalf("%q: MayReread %v, byte by byte %v", line, got, want)
		}
		if want {
			yes++
		}
	}
	if yes < 5000 {
		t.Fatalf("only %d lines that may be read again", yes)
	}
}
