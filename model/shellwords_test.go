package model

import (
	"bytes"
	"math/rand/v2"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// bashArgv runs line with bash -c, every command of it being f, a
// function that writes its arguments (NUL-terminated, \x01 after each
// call) to fd 3; ok is false when bash refuses the line.
func bashArgv(t *testing.T, bash, line string) ([][]string, bool) {
	t.Helper()
	script := "exec 3>&1 1>/dev/null 2>/dev/null; f() { for a in \"$@\"; do printf '%s\\0' \"$a\" >&3; done; printf '\\1' >&3; }\n" + line
	out, err := exec.Command(bash, "-c", script).Output()
	if err != nil {
		return nil, false
	}
	var calls [][]string
	parts := bytes.Split(out, []byte{1})
	for _, call := range parts[:len(parts)-1] {
		var args []string
		if len(call) > 0 {
			for _, a := range bytes.Split(bytes.TrimSuffix(call, []byte{0}), []byte{0}) {
				args = append(args, string(a))
			}
		}
		calls = append(calls, args)
	}
	return calls, true
}

// modelArgv is what ShellCommands reads of line, the command name f
// dropped.
func modelArgv(line string) ([][]string, bool) {
	cmds, ok := ShellCommands(line)
	if !ok {
		return nil, false
	}
	var calls [][]string
	for _, c := range cmds {
		var args []string
		for _, w := range c.Args[1:] {
			args = append(args, w.Text)
		}
		calls = append(calls, args)
	}
	return calls, true
}

// TestShellCommandsBash: the words ShellCommands reads are the arguments
// bash passes, for written lines and for random ones made of quotes,
// backslashes, separators, redirections, assignments and groups.
func TestShellCommandsBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	lines := []string{
		`f a b`,
		`f 'a b' "c d" e\ f`,
		`f 'it'\''s' "say \"hi\"" 'a"b'`,
		`f "a\b" "a\\b" a\\b "\$x" '\$x'`,
		`f ''  "" a''b`,
		"f a; f b && f c\nf d",
		`f a 2>/dev/null </dev/null >/dev/null 2>&1 b`,
		`f a 2> /dev/null b &>/dev/null c`,
		`X=1 Y='a b' f c X=2`,
		`{ f a; f 'b c'; }`,
		`( f a ) ; f b`,
		`f a # a comment; f b`,
		`f a#b '#c'`,
		"f a\\\nb",
		`f "a
b"`,
		`f 'a "{x}" b' "c '{y}' d"`,
		`f sh -c 'echo '\''John Doe'\'''`,
		`f 12 4>/dev/null 5`,
		`f éa 'ü b'`,
		`if f a; then f b; fi`,
		`f <<<"here" a`,
	}
	r := rand.New(rand.NewPCG(16, 9))
	pieces := []string{"a", "b", "é", " ", "  ", "\t", "'x y'", `"x y"`, `\ `, `\'`, `'"'`, `"'"`, `""`, `''`, `\\`, `"\\"`, `"\a"`, `"\""`, `'\'`, "#", "=", "a=b", ".", "-c", "{x}"}
	seps := []string{"; f ", " && f ", "\nf ", " 2>/dev/null ", " </dev/null ", " 2>&1 ", " >/dev/null "}
	for range 300 {
		var b strings.Builder
		if r.IntN(4) == 0 {
			b.WriteString("V=1 ")
		}
		b.WriteString("f ")
		for range 1 + r.IntN(8) {
			if r.IntN(6) == 0 {
				b.WriteString(seps[r.IntN(len(seps))])
				continue
			}
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		lines = append(lines, b.String())
	}
	compared := 0
	for _, line := range lines {
		want, bok := bashArgv(t, bash, line)
		got, mok := modelArgv(line)
		if !bok || !mok {
			if bok != mok && !strings.Contains(line, "#") {
				t.Errorf("%q: bash ok %v, model ok %v", line, bok, mok)
			}
			continue
		}
		compared++
		if !slices.EqualFunc(got, want, slices.Equal[[]string]) {
			t.Errorf("%q:\nmodel %q\nbash  %q", line, got, want)
		}
	}
	if compared < 200 {
		t.Errorf("only %d lines compared", compared)
	}
}

// TestShellCommandsLive: expansions stay as written, marked Live, with
// the offsets they come from.
func TestShellCommandsLive(t *testing.T) {
	cmds, ok := ShellCommands(`echo "a $(id) b" '$(no)' $HOME` + "`x`" + ` ${y:-z} $((1+2))`)
	if !ok || len(cmds) != 1 {
		t.Fatalf("%v %d", ok, len(cmds))
	}
	args := cmds[0].Args
	var texts []string
	for _, w := range args {
		texts = append(texts, w.Text)
	}
	if want := []string{"echo", "a $(id) b", "$(no)", "$HOME`x`", "${y:-z}", "$((1+2))"}; !slices.Equal(texts, want) {
		t.Fatalf("%q", texts)
	}
	live := func(w ShellWord) string {
		var b strings.Builder
		for i := range w.Text {
			if w.Live[i] {
				b.WriteByte(w.Text[i])
			}
		}
		return b.String()
	}
	for i, want := range []string{"", "$(id)", "", "$HOME`x`", "${y:-z}", "$((1+2))"} {
		if got := live(args[i]); got != want {
			t.Errorf("word %d live %q, want %q", i, got, want)
		}
	}
	if w := args[1]; w.From[0] != 6 || w.From[2] != 8 {
		t.Errorf("from %v", w.From)
	}
	for _, bad := range []string{`echo 'a`, `echo "a`, `echo $(a`, "echo `a", `cat <<EOF`, `echo $'a'`} {
		if _, ok := ShellCommands(bad); ok {
			t.Errorf("%q read", bad)
		}
	}
}

// FuzzShellCommands: any line reads without a panic, and every byte of
// every word comes from the byte of the line its From names.
func FuzzShellCommands(f *testing.F) {
	for _, s := range []string{`sh -c 'echo {x}'`, `a "b $(c "d") e" 'f'\''g' h\ i 2>&1 <(j) ${k:-l} $((1+2)) ` + "`m`", "x=1 { a; } && ( b ) | c # d\ne", `a <<< "b" >> c &> d`, `$'a'`, `"$`, `a\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		cmds, ok := ShellCommands(line)
		if !ok {
			return
		}
		for _, c := range cmds {
			for _, w := range c.Args {
				if len(w.From) != len(w.Text) || len(w.Live) != len(w.Text) {
					t.Fatalf("%q: word %q with %d offsets", line, w.Text, len(w.From))
				}
				for i, off := range w.From {
					if off < 0 || off >= len(line) || line[off] != w.Text[i] {
						t.Fatalf("%q: word %q byte %d from %d", line, w.Text, i, off)
					}
				}
			}
			for _, sc := range c.Scripts() {
				RereadValue(line, 0, len(line)/2, sc.Script.Text)
			}
		}
	})
}

// TestShellSlabs: ShellCommands reads the same words (text, offsets,
// live bytes) with the offsets kept in the line's lists and a text taken
// from the line as with a list and a copy each, on every line of
// scanDocs and on random lines of quotes, expansions, escapes,
// redirections and operators; no word's lists reach into the next one's.
func TestShellSlabs(t *testing.T) {
	var lines []string
	for _, d := range scanDocs(t) {
		lines = append(lines, splitLines(d)...)
	}
	pieces := []string{"a", "b c", " ", "'x y'", `"p $q r"`, "\\ ", "\\\"", "$v", "${w:-z}", "$(c d)", "`e`", "$((1+2))", `$"m"`,
		"2>&1", "> f", "<(g)", ";", "&&", "|", "#", "x=1", "{", "}", "(", ")", "\"", "'", "\\", "-c", "sh", "é"}
	seed := uint32(13)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 20000 {
		var b strings.Builder
		for k := next() % 10; k >= 0; k-- {
			b.WriteString(pieces[next()%len(pieces)])
		}
		lines = append(lines, b.String())
	}
	defer func() { shellSlabs = true }()
	words := 0
	for _, line := range lines {
		shellSlabs = true
		got, gok := ShellCommands(line)
		shellSlabs = false
		want, wok := ShellCommands(line)
		if gok != wok || !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %v %v with the lists shared, %v %v without", line, got, gok, want, wok)
		}
		for _, c := range got {
			for _, w := range c.Args {
				if cap(w.From) != len(w.From) || cap(w.Live) != len(w.Live) {
					t.Fatalf("%q: word %q has room past its offsets", line, w.Text)
				}
				words++
			}
		}
	}
	if words < 50000 {
		t.Fatalf("only %d words", words)
	}
}
