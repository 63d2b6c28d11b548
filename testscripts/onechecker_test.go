package testscripts

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// parityRules are the rules of `sfmd lint`: every rule and the engine's
// unused-suppression.
func parityRules() []*lint.Analyzer {
	return append(rules.All(), lint.UnusedSuppression)
}

// paritySelection turns every rule on, so that each one goes through
// both drivers.
var paritySelection = lint.Selection{Enable: []string{"all"}}

// TestCLIAndEditorAgree: `sfmd lint` (lint.Run) and the editor's
// lint.BufferLinter give the same findings (every field: span, severity,
// message, fixes, related positions) and the same fixed text (--fix,
// --fix --unsafe-fixes and --add-noqa) for every document of corpus/err
// and of the rule archives, each in a folder with its archive's
// neighbours and config, every rule on.
func TestCLIAndEditorAgree(t *testing.T) {
	trees := map[string]map[string][]byte{} // folder -> file -> content
	errDocs, _ := filepath.Glob(filepath.Join("..", "corpus", "err", "*.md"))
	for _, p := range errDocs {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		trees["err-"+filepath.Base(p)] = map[string][]byte{filepath.Base(p): b}
	}
	archives, _ := filepath.Glob(filepath.Join("..", "rules", "testdata", "*.txtar"))
	for _, p := range archives {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{}
		for _, f := range ar.Files {
			files[f.Name] = f.Data
		}
		trees[strings.TrimSuffix(filepath.Base(p), ".txtar")] = files
	}
	if len(errDocs) < 10 || len(archives) < 100 {
		t.Fatalf("only %d corpus/err documents and %d archives", len(errDocs), len(archives))
	}
	compared := 0
	for name, files := range trees {
		dir := filepath.Join(t.TempDir(), name)
		writeFiles(t, dir, files)
		if _, ok := files[".sfmd.yaml"]; !ok {
			writeFiles(t, dir, map[string][]byte{".sfmd.yaml": nil}) // no config from above
		}
		for f := range files {
			if !strings.HasSuffix(f, ".md") && !strings.HasSuffix(f, ".json") {
				continue
			}
			compareDrivers(t, dir, f, lint.Options{}, lint.BufferOptions{}, parityRules())
			compared++
		}
	}
	t.Logf("%d documents compared", compared)
}

// compareDrivers lints the file name of dir with lint.Run and with a
// BufferLinter given its text, then fixes it both ways (safe, unsafe) and
// compares: findings, errors, fixed text, number of fixes.
func compareDrivers(t *testing.T, dir, name string, opts lint.Options, bopts lint.BufferOptions, as []*lint.Analyzer) *lint.Report {
	t.Helper()
	abs := filepath.Join(dir, name)
	src, err := os.ReadFile(abs)
	if err != nil {
		t.Fatal(err)
	}
	opts.Dir, opts.Paths, opts.Selection, opts.MinSeverity = dir, []string{name}, paritySelection, lint.Info
	bopts.Dir, bopts.Selection, bopts.MinSeverity = dir, paritySelection, lint.Info
	b, err := lint.NewBufferLinter(as, bopts)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := lint.Run(opts, as)
	if err != nil {
		t.Fatal(err)
	}
	res, err := b.Lint(context.Background(), lint.Buffer{Path: abs, Src: src})
	if err != nil {
		t.Fatal(err)
	}
	first := rep
	want := rep.Diagnostics
	if len(want) == 0 {
		want = nil
	}
	if !reflect.DeepEqual(res.Diagnostics, want) {
		t.Errorf("%s: findings differ:\neditor: %v\nsfmd lint: %v", abs, res.Diagnostics, want)
	}
	if got, want := errorText(res.Err), errorText(unwrapAll(rep.Errors)); got != want {
		t.Errorf("%s: errors differ:\neditor: %s\nsfmd lint: %s", abs, got, want)
	}
	for _, mode := range []lint.FixMode{lint.FixSafe, lint.FixUnsafe, lint.FixNoqa} {
		o := opts
		o.Fix, o.Diff = mode, false
		fixed, n, err := b.Fix(context.Background(), lint.Buffer{Path: abs, Src: src}, mode)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := lint.Run(o, as)
		if err != nil {
			t.Fatal(err)
		}
		onDisk, err := os.ReadFile(abs)
		if err != nil {
			t.Fatal(err)
		}
		if string(fixed) != string(onDisk) || n != rep.Fixed {
			t.Errorf("%s: fix mode %d: editor %d fixes, sfmd lint %d:\n--- editor\n%s--- sfmd lint\n%s", abs, mode, n, rep.Fixed, fixed, onDisk)
		}
		if err := os.WriteFile(abs, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return first
}

// unwrapAll is the errors of a report without the path sfmd lint puts
// before each (the editor's are about its one buffer).
func unwrapAll(errs []error) error {
	var out []error
	for _, e := range errs {
		if u := errors.Unwrap(e); u != nil {
			e = u
		}
		out = append(out, e)
	}
	return errors.Join(out...)
}

func errorText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The drivers agree on a document over the size cap (file-too-large
// alone), a document whose include target cannot be read (a directory:
// include-target-unreadable),
// a parser that panics and a rule that panics.
func TestCLIAndEditorAgreeOnFailures(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		".sfmd.yaml":   []byte("rules:\n  file-too-large:\n    options: {max-size: 100}\n"),
		"big.md":       []byte("# Big\n\n" + strings.Repeat("A line of text that makes the document long.\n", 10)),
		"include.md":   []byte("# Doc\n\n[!include:target](target.md)\n"),
		"boom.md":      []byte("# Boom\n"),
		"target.md/x":  []byte("a directory named like a document\n"),
		"rulepanic.md": []byte("# Rule panic\n"),
	})
	has := func(rep *lint.Report, rule string) bool {
		for _, d := range rep.Diagnostics {
			if d.Rule == rule {
				return true
			}
		}
		return false
	}
	if rep := compareDrivers(t, dir, "big.md", lint.Options{}, lint.BufferOptions{}, parityRules()); len(rep.Diagnostics) != 1 || !has(rep, "file-too-large") {
		t.Errorf("big.md: %v, want file-too-large alone", rep.Diagnostics)
	}
	if rep := compareDrivers(t, dir, "include.md", lint.Options{}, lint.BufferOptions{}, parityRules()); !has(rep, "include-target-unreadable") {
		t.Errorf("include.md: no finding for the include of a directory")
	}
	panicky := func(path string, src []byte) *sfmd.Document {
		if strings.HasSuffix(path, "boom.md") {
			panic("the parser broke")
		}
		return sfmd.Parse(path, src)
	}
	if rep := compareDrivers(t, dir, "boom.md", lint.Options{Parse: panicky}, lint.BufferOptions{Parse: panicky}, parityRules()); len(rep.Errors) != 1 {
		t.Errorf("boom.md: errors %v, want the parser's panic", rep.Errors)
	}
	bad := &lint.Analyzer{Name: "always-panics", Doc: lint.Doc{Title: "panics"}, Profile: lint.Core, Severity: lint.Error,
		Run: func(*lint.Pass) (any, error) { panic("a rule broke") }}
	if rep := compareDrivers(t, dir, "rulepanic.md", lint.Options{}, lint.BufferOptions{}, append(parityRules(), bad)); len(rep.Errors) != 1 {
		t.Errorf("rulepanic.md: errors %v, want the rule's panic", rep.Errors)
	}
}
