//go:build unix

package lint

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// ioErrors renders Report.IOErrors one per line.
func ioErrors(rep *Report) string {
	var b strings.Builder
	for _, e := range rep.IOErrors {
		b.WriteString(e.Error() + "\n")
	}
	return b.String()
}

// TestFixSkipsFileChangedWhileLinting: an edit saved after sfmd read the
// file and before it writes the fixes is kept; the file is reported as not
// fixed, counted in no fix, and its findings are those of the text read.
func TestFixSkipsFileChangedWhileLinting(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.md": "BAD one\n"})
	path := filepath.Join(dir, "a.md")
	parse := func(p string, src []byte) *sfmd.Document {
		if string(src) == "BAD one\n" { // the first round: save an edit now
			if err := os.WriteFile(path, []byte("BAD two\n"), 0o644); err != nil {
				t.Error(err)
			}
		}
		return fakeParse(p, src)
	}
	rep := run(t, Options{Dir: dir, Paths: []string{"a.md"}, Fix: FixSafe, Parse: parse})
	if got := readFile(t, path); got != "BAD two\n" {
		t.Errorf("the edit saved during the lint was lost: the file holds %q", got)
	}
	if got := ioErrors(rep); !strings.Contains(got, "a.md: fixes not written: the file changed while sfmd was checking it") {
		t.Errorf("IOErrors = %q", got)
	}
	if rep.Fixed != 0 || len(rep.Changed) != 0 {
		t.Errorf("Fixed = %d, Changed = %v, want nothing", rep.Fixed, rep.Changed)
	}
	if got := lines(rep.Diagnostics); got != "a.md:1:1: error: found \"BAD\" [no-bad]\n" {
		t.Errorf("diagnostics of the text read:\n%s", got)
	}
}

// TestFixLikeGofmt: --fix leaves a read-only file and a file with hard
// links alone (reporting why), and keeps the mode (set-id bits included)
// of the files it rewrites, without leaving temporary files.
func TestFixLikeGofmt(t *testing.T) {
	dir := writeTree(t, map[string]string{"ro.md": "BAD\n", "linked.md": "BAD\n", "suid.md": "BAD\n"})
	p := func(n string) string { return filepath.Join(dir, n) }
	if err := os.Chmod(p("ro.md"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(p("linked.md"), p("other-name")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p("suid.md"), 0o750|os.ModeSetuid|os.ModeSetgid); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(Options{Dir: dir, Fix: FixSafe, Parse: fakeParse}, testSet)
	if err != nil {
		t.Fatal(err)
	}
	want := "linked.md: fixes not written: the file has more than one hard link (2 names), and --fix replaces the file, which would split it from its other names; apply the fixes by hand (sfmd lint --diff shows them)\n" +
		"ro.md: fixes not written: the file is read-only (sfmd, like gofmt -w, does not rewrite read-only files); make it writable to apply the fixes\n"
	if got := ioErrors(rep); got != want {
		t.Errorf("IOErrors:\n%s\nwant:\n%s", got, want)
	}
	for _, n := range []string{"ro.md", "linked.md", "other-name"} {
		if got := readFile(t, p(n)); got != "BAD\n" {
			t.Errorf("%s was rewritten: %q", n, got)
		}
	}
	if got := readFile(t, p("suid.md")); got != "good\n" {
		t.Errorf("suid.md holds %q", got)
	}
	fi, err := os.Stat(p("suid.md"))
	if err != nil {
		t.Fatal(err)
	}
	if want := os.FileMode(0o750) | os.ModeSetuid | os.ModeSetgid; fi.Mode() != want {
		t.Errorf("suid.md mode %v, want %v", fi.Mode(), want)
	}
	if rep.Fixed != 1 || strings.Join(rep.Changed, ",") != "suid.md" {
		t.Errorf("Fixed = %d, Changed = %v, want 1 fix in suid.md", rep.Fixed, rep.Changed)
	}
	es, _ := os.ReadDir(dir)
	if len(es) != 5 { // .git and the four names
		t.Errorf("directory holds %d entries: a temporary file was left", len(es))
	}
}

// TestUnreadableFileIsIOError: a file that cannot be read is a problem of
// the environment (Report.IOErrors, with the OS's reason), not an
// internal failure of sfmd (Report.Errors).
func TestUnreadableFileIsIOError(t *testing.T) {
	path := "/proc/self/mem" // a regular file every read of which fails, even for root
	if runtime.GOOS != "linux" {
		dir := writeTree(t, map[string]string{"a.md": "x\n"})
		path = filepath.Join(dir, "a.md")
		if err := os.Chmod(path, 0); err != nil {
			t.Fatal(err)
		}
		if os.Geteuid() == 0 {
			t.Skip("root reads any file")
		}
	}
	rep, err := Run(Options{Paths: []string{path}, Parse: fakeParse}, testSet)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 0 || len(rep.IOErrors) != 1 || !strings.Contains(rep.IOErrors[0].Error(), ": cannot read the file: ") {
		t.Errorf("Errors = %v, IOErrors = %v", rep.Errors, rep.IOErrors)
	}
}

// TestNonRegularFilesRefused: a named pipe or a device named on the
// command line is refused at once, as an I/O error of the run (reading one
// would block forever or never end); in a directory such files are
// skipped.
func TestNonRegularFilesRefused(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.md": "BAD\n"})
	fifo := filepath.Join(dir, "pipe.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, "/dev/zero"} {
		done := make(chan error, 1)
		go func() {
			rep, err := Run(Options{Paths: []string{path}, Parse: fakeParse}, testSet)
			if err == nil && len(rep.IOErrors) == 1 {
				err = rep.IOErrors[0]
			}
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("Run(%s) = %v, want it refused", path, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("Run(%s) blocks", path)
		}
	}
	rep := run(t, Options{Dir: dir, Parse: fakeParse})
	if rep.Files != 1 {
		t.Errorf("%d files linted in the directory, want 1 (the named pipe skipped)", rep.Files)
	}
}

// TestSizeCap: a file over the cap is not parsed; file-too-large (when
// enabled) reports it on its first line, and turned off the file is
// skipped; standard input is capped too, and with --fix given back
// unchanged.
func TestSizeCap(t *testing.T) {
	tooLarge := &Analyzer{Name: sfmd.CodeFileTooLarge, Severity: Error, Profile: Core, Doc: Doc{Title: "file is too large"}, Run: func(p *Pass) (any, error) {
		for _, pr := range p.Doc.Problems {
			p.Report(Diagnostic{Span: pr.Span, Message: pr.Message})
		}
		return nil, nil
	}}
	set := append([]*Analyzer{tooLarge}, testSet...)
	big := "# Big BAD\n" + strings.Repeat("BAD\n", 100)
	dir := writeTree(t, map[string]string{"big.md": big, "small.md": "BAD\n"})
	parsed := 0
	parse := func(p string, src []byte) *sfmd.Document { parsed++; return fakeParse(p, src) }
	rep, err := Run(Options{Dir: dir, Parse: parse, MaxFileSize: 100, Jobs: 1}, set)
	if err != nil {
		t.Fatal(err)
	}
	want := "big.md:1:1: error: file is 410 bytes, larger than the 100 bytes limit, so it was not checked; split it, or raise the limit (--max-file-size, or the max-size option of rule file-too-large) [file-too-large]\n" +
		"small.md:1:1: error: found \"BAD\" [no-bad]\n"
	if got := lines(rep.Diagnostics); got != want || parsed != 1 {
		t.Errorf("parsed %d files, diagnostics:\n%s\nwant:\n%s", parsed, got, want)
	}
	if got := string(rep.Source("big.md")); got != "# Big BAD\n" {
		t.Errorf("Source(big.md) = %q, want its first line", got)
	}
	off := Selection{Disable: []string{sfmd.CodeFileTooLarge}}
	rep, err = Run(Options{Dir: dir, Parse: fakeParse, MaxFileSize: 100, Selection: off}, set)
	if err != nil || len(rep.Diagnostics) != 1 {
		t.Errorf("file-too-large off: %v, %s", err, lines(rep.Diagnostics))
	}
	rep, err = Run(Options{Paths: []string{"-"}, Stdin: strings.NewReader(big), Fix: FixSafe, Parse: fakeParse, MaxFileSize: 100}, set)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	out.Write(rep.Stdout)
	if rep.StdoutRest != nil {
		_, _ = out.ReadFrom(rep.StdoutRest)
	}
	if out.String() != big || len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Rule != sfmd.CodeFileTooLarge {
		t.Errorf("stdin over the cap with --fix: output %d bytes (input %d), %s", out.Len(), len(big), lines(rep.Diagnostics))
	}
}
