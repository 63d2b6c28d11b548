package model

import (
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
