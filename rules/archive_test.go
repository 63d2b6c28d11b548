package rules

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/sfmd-dev/sfmd/lint"
)

var update = flag.Bool("update", false, "rewrite the expected sections (bad.out, *.golden) of the rule archives")

// A rule's test data is one txtar archive, rules/testdata/<rule>.txtar:
//
//	-- bad.md --         (bad.json for manifest rules) must give exactly bad.out
//	-- bad.out --        one "file:line:col: severity: message [rule]" line per finding
//	-- good.md --        (good.json) must give nothing
//	-- fix.md --         for fixable rules: the input of `sfmd lint --fix`
//	-- fix.md.golden --  ... and its output (fix-unsafe.md and
//	                     fix-unsafe.md.golden for --fix --unsafe-fixes)
//	-- nav/main.md --    any other file: the document's neighbours on disk
//
// Every file is written to a temporary directory and linted there by
// lint.Run, as `sfmd lint --enable <rule> FILE` would lint it: the rule
// alone, the workspace of that directory, the fixes applied by the CLI's
// code path (the first applicable fix of each finding, re-linted for up to
// lint.MaxFixRounds rounds).

// archive is the loaded test data of one rule.
type archive struct {
	rule  string
	path  string
	ar    *txtar.Archive
	files map[string][]byte
}

func archivePath(rule string) string { return filepath.Join("testdata", rule+".txtar") }

// archiveNames lists the rules that have an archive.
func archiveNames(t testing.TB) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range paths {
		out = append(out, strings.TrimSuffix(filepath.Base(p), ".txtar"))
	}
	return out
}

// loadArchive reads the archive of rule.
func loadArchive(t testing.TB, rule string) *archive {
	t.Helper()
	path := archivePath(rule)
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatalf("every rule needs its test archive %s: %v", path, err)
	}
	a := &archive{rule: rule, path: path, ar: ar, files: map[string][]byte{}}
	for _, f := range ar.Files {
		if _, dup := a.files[f.Name]; dup {
			t.Fatalf("%s: file %s twice", path, f.Name)
		}
		a.files[f.Name] = f.Data
	}
	return a
}

// set replaces (or adds) the file name of the archive and writes it back.
func (a *archive) set(t *testing.T, name string, data []byte) {
	t.Helper()
	a.files[name] = data
	found := false
	for i := range a.ar.Files {
		if a.ar.Files[i].Name == name {
			a.ar.Files[i].Data, found = data, true
		}
	}
	if !found {
		a.ar.Files = append(a.ar.Files, txtar.File{Name: name, Data: data})
	}
	if err := os.WriteFile(a.path, txtar.Format(a.ar), 0o644); err != nil {
		t.Fatal(err)
	}
}

// ext is the extension of the rule's documents: install manifest rules
// check JSON, every other rule SFMD.
func ext(a *lint.Analyzer) string {
	if a.Profile == lint.Manifest {
		return ".json"
	}
	return ".md"
}

// lintFile writes every file of the archive to a new temporary directory
// and lints name there with the rule alone, as the CLI would, applying
// fixes with mode. It returns the rule's findings (after fixing, when
// fixing) and the file's content afterwards.
func (a *archive) lintFile(t *testing.T, name string, rule *lint.Analyzer, mode lint.FixMode) ([]lint.Diagnostic, []byte) {
	t.Helper()
	// the directory is named after the rule, as it would be in a
	// repository (package rules name packages after it)
	dir := filepath.Join(t.TempDir(), a.rule)
	for _, f := range a.ar.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts := lint.Options{Paths: []string{name}, Dir: dir, Jobs: 1, Fix: mode}
	if _, ok := a.files[".sfmd.yaml"]; ok {
		opts.Config = filepath.Join(dir, ".sfmd.yaml")
	} else {
		// no config from the directories above the temporary one
		opts.Config = filepath.Join(dir, ".sfmd-test.yaml")
		if err := os.WriteFile(opts.Config, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	analyzers := []*lint.Analyzer{rule}
	if rule == lint.UnusedSuppression {
		// what a suppression suppresses depends on every other rule
		analyzers = All()
	} else {
		opts.Selection = lint.Selection{Enable: []string{rule.Name}}
	}
	rep, err := lint.Run(opts, analyzers)
	if err != nil {
		t.Fatalf("%s: %s: %v", a.path, name, err)
	}
	for _, e := range rep.Errors {
		t.Errorf("%s: %s: %v", a.path, name, e)
	}
	var out []lint.Diagnostic
	for _, d := range rep.Diagnostics {
		if d.Rule == rule.Name {
			out = append(out, d)
		}
	}
	after, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return out, after
}

// TestRules runs every rule over its archive: bad.md gives exactly
// bad.out, good.md nothing, and fix.md becomes fix.md.golden under
// `sfmd lint --fix` (fix-unsafe.md under --unsafe-fixes), with no
// fixable finding left.
func TestRules(t *testing.T) {
	for _, rule := range All() {
		t.Run(rule.Name, func(t *testing.T) {
			t.Parallel()
			a := loadArchive(t, rule.Name)
			bad, good := "bad"+ext(rule), "good"+ext(rule)
			for _, need := range []string{bad, "bad.out", good} {
				if _, ok := a.files[need]; !ok {
					t.Fatalf("%s has no %s", a.path, need)
				}
			}
			diags, _ := a.lintFile(t, bad, rule, lint.FixNone)
			var got []string
			for _, d := range diags {
				got = append(got, format(d))
				checkMessage(t, d)
				if strings.HasSuffix(rule.Name, "-duplicate") && rule.Profile != lint.Project {
					// (a duplicate in another file has no related position here)
					checkDuplicate(t, d)
				}
			}
			if *update {
				a.set(t, "bad.out", []byte(strings.Join(got, "\n")+"\n"))
			}
			if len(got) == 0 {
				t.Errorf("%s reports nothing for %s", rule.Name, bad)
			}
			matchOut(t, a.path+": bad.out", got, lines(a.files["bad.out"]))

			goodDiags, _ := a.lintFile(t, good, rule, lint.FixNone)
			for _, d := range goodDiags {
				t.Errorf("%s: %s must be clean: %s", a.path, good, format(d))
			}
			checkFix(t, a, rule, diags)
		})
	}
}

// checkFix runs the fix section of an archive through `sfmd lint --fix`.
func checkFix(t *testing.T, a *archive, rule *lint.Analyzer, badDiags []lint.Diagnostic) {
	t.Helper()
	name, mode := "fix"+ext(rule), lint.FixSafe
	if _, ok := a.files[name]; !ok {
		name, mode = "fix-unsafe"+ext(rule), lint.FixUnsafe
	}
	if _, ok := a.files[name]; !ok {
		if slices.ContainsFunc(badDiags, func(d lint.Diagnostic) bool {
			return slices.ContainsFunc(d.Fixes, func(f lint.Fix) bool { return f.Safe })
		}) {
			t.Errorf("%s offers safe fixes but %s has no fix%s", rule.Name, a.path, ext(rule))
		}
		return
	}
	left, fixed := a.lintFile(t, name, rule, mode)
	if bytes.Equal(fixed, a.files[name]) {
		t.Errorf("%s: %s: no fix applied", a.path, name)
	}
	golden := name + ".golden"
	if *update {
		a.set(t, golden, fixed)
	}
	want, ok := a.files[golden]
	if !ok {
		t.Fatalf("%s has %s but no %s", a.path, name, golden)
	}
	if !bytes.Equal(fixed, want) {
		t.Errorf("%s: %s after sfmd lint --fix:\n%s\nwant (%s):\n%s", a.path, name, fixed, golden, want)
	}
	for _, d := range left {
		for _, f := range d.Fixes {
			if f.Safe || mode == lint.FixUnsafe {
				t.Errorf("%s: still fixable after --fix: %s", a.path, format(d))
				break
			}
		}
	}
}

// lines splits an expected-output section into its non-empty lines.
func lines(b []byte) []string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// archiveDocs returns every document of every archive (path -> content),
// for the tests that run all rules over all test inputs.
func archiveDocs(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, name := range archiveNames(t) {
		a := loadArchive(t, name)
		for _, f := range a.ar.Files {
			if strings.HasSuffix(f.Name, ".md") {
				out[name+"/"+f.Name] = f.Data
			}
		}
	}
	return out
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
