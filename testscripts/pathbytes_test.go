package testscripts

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/cli"
)

// TestLineFormatKeepsPathBytes: a file name that is not valid UTF-8 is
// printed by --format line (and text) as the bytes it is, so that an
// editor reading the output opens the file: Vim's quickfix list, with the
// errorformat of docs/editors.md, finds it (before issue 20 the bytes became U+FFFD
// and no editor could open the file). Control characters in a name are
// still escaped, so that one diagnostic stays one line.
func TestLineFormatKeepsPathBytes(t *testing.T) {
	dir := t.TempDir()
	name := "caf\xe9 \xff.md"
	if err := os.WriteFile(filepath.Join(dir, name), []byte("---\nname: [unclosed\n---\n"), 0o644); err != nil {
		t.Skipf("the file system refuses a name that is not UTF-8: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "new\nline.md"), []byte("---\nname: [unclosed\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil { // no config from above
		t.Fatal(err)
	}
	lint := func(format string) string {
		var out, errb bytes.Buffer
		code := cli.Main([]string{"lint", "--format", format, "."}, cli.Stdio{Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }, Dir: dir})
		if code != 1 {
			t.Fatalf("sfmd lint --format %s: exit %d, want 1\n%s%s", format, code, out.String(), errb.String())
		}
		return out.String()
	}
	out := lint("line")
	if !strings.Contains(out, "\n"+name+":2:1: error: ") && !strings.HasPrefix(out, name+":2:1: error: ") {
		t.Errorf("--format line does not print the name's bytes %q:\n%q", name, out)
	}
	if !strings.Contains(out, `new\nline.md:2:1: error: `) || strings.Count(out, "\n") != 2 {
		t.Errorf("--format line: want the line feed of a name escaped, one line per diagnostic:\n%q", out)
	}
	if text := lint("text"); !strings.Contains(text, name+":2:1: error: ") {
		t.Errorf("--format text does not print the name's bytes %q:\n%q", name, text)
	}
	if _, err := exec.LookPath("vim"); err != nil {
		t.Log("vim is not installed: the quickfix check is skipped")
		return
	}
	qf := `let &errorformat = '%f:%l:%c: %trror: %m,%f:%l:%c: %tarning: %m,%f:%l:%c: %tnfo: %m'
cfile out.txt
call writefile(map(filter(getqflist(), {_, e -> e.valid}), {_, e -> filereadable(bufname(e.bufnr)) . '|' . e.lnum}), 'qf.txt')
qall!
`
	for f, data := range map[string]string{"out.txt": out, "qf.vim": qf} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("vim", "-es", "-N", "-u", "NONE", "-i", "NONE", "-S", "qf.vim")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("vim: %v\n%s", err, b)
	}
	got, err := os.ReadFile(filepath.Join(dir, "qf.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), "1|2") {
		t.Errorf("Vim's quickfix list cannot open the file (filereadable|line):\n%s", got)
	}
}
