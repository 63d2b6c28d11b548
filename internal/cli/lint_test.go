package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

// runCLI runs sfmd with args in dir and returns status, stdout, stderr.
func runCLI(t *testing.T, dir string, env map[string]string, tty bool, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	st := Main(args, Stdio{
		Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string { return env[k] }, IsTerminal: tty, Dir: dir,
	})
	return st, out.String(), errb.String()
}

func withRules(t *testing.T, as ...*lint.Analyzer) {
	t.Helper()
	old := ruleSet
	ruleSet = func() []*lint.Analyzer { return as }
	t.Cleanup(func() { ruleSet = old })
}

func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

var flagRule = &lint.Analyzer{
	Name: "flag-word", Severity: lint.Error, Profile: lint.Core, Doc: lint.Doc{Title: "flags the word flag"},
	Run: func(p *lint.Pass) (any, error) {
		if i := bytes.Index(p.Doc.Src, []byte("flag")); i >= 0 {
			p.Reportf(p.Doc.Index.Span(i, i+4), "found %q, remove it", "flag")
		}
		return nil, nil
	},
}

func TestLintInternalFailureExit3(t *testing.T) {
	panicky := &lint.Analyzer{
		Name: "panicky", Severity: lint.Error, Profile: lint.Core, Doc: lint.Doc{Title: "panics"},
		Run: func(p *lint.Pass) (any, error) {
			if bytes.Contains(p.Doc.Src, []byte("boom")) {
				panic("rule bug")
			}
			return nil, nil
		},
	}
	withRules(t, panicky, flagRule)
	dir := tree(t, map[string]string{"a.md": "boom flag\n", "b.md": "flag\n"})
	for _, extra := range [][]string{nil, {"--exit-zero"}} {
		st, out, errs := runCLI(t, dir, nil, false, append([]string{"lint"}, extra...)...)
		if st != ExitInternal {
			t.Errorf("%v: status %d, want %d", extra, st, ExitInternal)
		}
		// The diagnostics of every file are still printed.
		want := "a.md:1:6: error: found \"flag\", remove it [flag-word]\nb.md:1:1: error: found \"flag\", remove it [flag-word]\n"
		if out != want {
			t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
		}
		if !strings.Contains(errs, `sfmd lint: a.md: rule "panicky" failed: panic: rule bug`) {
			t.Errorf("stderr = %q", errs)
		}
	}
}

func TestLintFormatAndColorSelection(t *testing.T) {
	withRules(t, flagRule)
	dir := tree(t, map[string]string{"a.md": "a flag\n"})
	const esc = "\x1b["
	tests := []struct {
		name      string
		tty       bool
		env       map[string]string
		args      []string
		snippet   bool // text format (source line under a gutter)
		wantColor bool
	}{
		{"pipe: line, no colour", false, nil, nil, false, false},
		{"terminal: text with colour", true, nil, nil, true, true},
		{"terminal with NO_COLOR", true, map[string]string{"NO_COLOR": "1"}, nil, true, false},
		{"terminal with TERM=dumb", true, map[string]string{"TERM": "dumb"}, nil, true, false},
		{"--color always wins over NO_COLOR and pipes", false, map[string]string{"NO_COLOR": "1"}, []string{"--color", "always"}, false, true},
		{"--color never on a terminal", true, nil, []string{"--color=never"}, true, false},
		{"--format line on a terminal", true, nil, []string{"--format", "line", "--color", "never"}, false, false},
		{"--format text in a pipe", false, nil, []string{"--format", "text"}, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, out, _ := runCLI(t, dir, tt.env, tt.tty, append([]string{"lint"}, tt.args...)...)
			if st != ExitFindings {
				t.Errorf("status %d", st)
			}
			if got := strings.Contains(out, esc); got != tt.wantColor {
				t.Errorf("colour = %v, want %v:\n%q", got, tt.wantColor, out)
			}
			plain := strings.NewReplacer("\x1b[0m", "", "\x1b[34m", "").Replace(out)
			if got := strings.Contains(plain, "1 | a flag"); got != tt.snippet {
				t.Errorf("text snippet = %v, want %v:\n%q", got, tt.snippet, out)
			}
		})
	}
}

func TestParseFlagsInterspersed(t *testing.T) {
	withRules(t, flagRule)
	dir := tree(t, map[string]string{"a.md": "flag\n", "-b.md": "flag\n"})
	// Flags after paths, and "--" ending the flags.
	st, out, errs := runCLI(t, dir, nil, false, "lint", "a.md", "--fail-on", "info", "--", "-b.md")
	if st != ExitFindings || !strings.Contains(out, "-b.md:1:1:") || !strings.Contains(out, "a.md:1:1:") {
		t.Errorf("status %d\nstdout %s\nstderr %s", st, out, errs)
	}
}

func TestExplainOptions(t *testing.T) {
	withRules(t, &lint.Analyzer{
		Name: "opt-rule", Severity: lint.Warning, Profile: lint.Style,
		Doc:        lint.Doc{Title: "has options", Why: "because", Bad: "x", Good: "y"},
		OptionDocs: map[string]string{"max": "the limit", "allow": "names to allow"},
		Run:        func(*lint.Pass) (any, error) { return nil, nil },
	})
	st, out, _ := runCLI(t, t.TempDir(), nil, false, "explain", "opt-rule")
	if st != ExitOK {
		t.Fatalf("status %d", st)
	}
	for _, want := range []string{
		"profile:  style (off by default, enable with --enable style or in .sfmd.yaml)",
		"  allow: names to allow\n  max: the limit\n",
		"Bad:\n\n```md\nx\n```\n", "Good:\n\n```md\ny\n```\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("explain output lacks %q:\n%s", want, out)
		}
	}
}

// TestLintEnvironmentErrorsExit2: output that cannot be written, like a
// file that cannot be read or fixed (lint/io_test.go, testscripts), is a
// problem of the environment: exit 2 with the OS's reason, not 3 with
// "please report".
func TestLintEnvironmentErrorsExit2(t *testing.T) {
	withRules(t, flagRule)
	dir := tree(t, map[string]string{"a.md": "a flag\n"})
	var errb bytes.Buffer
	st := Main([]string{"lint", "a.md"}, Stdio{Stdin: strings.NewReader(""), Stdout: failingWriter{}, Stderr: &errb, Dir: dir})
	if st != ExitUsage || !strings.Contains(errb.String(), "sfmd lint: writing output: no space left on device") || strings.Contains(errb.String(), "please report") {
		t.Errorf("status %d, stderr %q", st, errb.String())
	}
	ro := filepath.Join(dir, "a.md")
	if err := os.Chmod(ro, 0o444); err != nil {
		t.Fatal(err)
	}
	withRules(t, &lint.Analyzer{
		Name: "fix-flag", Severity: lint.Error, Profile: lint.Core, Doc: lint.Doc{Title: "fixes flag"},
		Run: func(p *lint.Pass) (any, error) {
			if i := bytes.Index(p.Doc.Src, []byte("flag")); i >= 0 {
				p.Report(lint.Diagnostic{Span: p.Doc.Index.Span(i, i+4), Message: "found \"flag\"",
					Fixes: []lint.Fix{{Message: "remove it", Safe: true, Edits: []lint.Edit{{Start: i, End: i + 4}}}}})
			}
			return nil, nil
		},
	})
	st, _, errs := runCLI(t, dir, nil, false, "lint", "--fix", "a.md")
	if st != ExitUsage || !strings.Contains(errs, "sfmd lint: a.md: fixes not written: the file is read-only") || strings.Contains(errs, "fixed") {
		t.Errorf("--fix on a read-only file: status %d, stderr %q", st, errs)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestLintRulesOnlyForSARIF: the rule descriptors (a second validation
// of the rule set) are made when an output is sarif, --format or
// --output-file, and only then.
func TestLintRulesOnlyForSARIF(t *testing.T) {
	for _, tt := range []struct {
		run  lintRun
		want bool
	}{
		{lintRun{format: "line"}, false},
		{lintRun{format: "json", outputFiles: outputFiles{{"github", "g.txt"}}}, false},
		{lintRun{format: "sarif"}, true},
		{lintRun{format: "text", outputFiles: outputFiles{{"json", "a.json"}, {"sarif", "s.sarif"}}}, true},
	} {
		ctx, closeSummary := tt.run.formatContext(Stdio{Getenv: func(string) string { return "" }})
		closeSummary()
		if got := len(ctx.Rules) > 0; got != tt.want {
			t.Errorf("format %s, output files %v: rules given = %v, want %v", tt.run.format, tt.run.outputFiles, got, tt.want)
		}
	}
}
