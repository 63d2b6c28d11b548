package rules

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

// TestFixesProperty applies every fix the way `sfmd lint --fix
// --unsafe-fixes` does (lint.Run with lint.FixUnsafe, all rules) to every
// document of the rule archives and, when it is there, of the upstream
// corpus, each in a temporary copy of its directory, and checks that:
//
//   - the fixes remove the findings they were for: no finding with a fix
//     is left, and no fixable finding is still there with its message;
//   - they add no error: no rule has more errors after than before;
//   - a second run changes nothing.
func TestFixesProperty(t *testing.T) {
	trees := map[string]map[string][]byte{} // tree -> files
	for _, name := range archiveNames(t) {
		a := loadArchive(t, name)
		files := map[string][]byte{}
		for _, f := range a.ar.Files {
			files[f.Name] = f.Data
		}
		trees["archive/"+name] = files
	}
	if _, err := os.Stat(upstreamCorpus); err == nil {
		files := map[string][]byte{}
		err := filepath.WalkDir(upstreamCorpus, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			rel, _ := filepath.Rel(upstreamCorpus, path)
			files[filepath.ToSlash(rel)] = b
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		trees["upstream"] = files
	}
	names := sortedKeys(trees)
	for _, tree := range names {
		t.Run(tree, func(t *testing.T) {
			t.Parallel()
			checkFixTree(t, trees[tree])
		})
	}
}

// checkFixTree writes files to a temporary directory and checks the fix
// properties on each Markdown file of it.
func checkFixTree(t *testing.T, files map[string][]byte) {
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := filepath.Join(dir, ".sfmd-test.yaml")
	if _, ok := files[".sfmd.yaml"]; ok {
		cfg = filepath.Join(dir, ".sfmd.yaml")
	} else if err := os.WriteFile(cfg, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(name string, mode lint.FixMode) []lint.Diagnostic {
		rep, err := lint.Run(lint.Options{Paths: []string{name}, Dir: dir, Config: cfg, Jobs: 1, Fix: mode,
			Selection: lint.Selection{Enable: []string{"all"}}}, All())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, e := range rep.Errors {
			t.Errorf("%s: %v", name, e)
		}
		return rep.Diagnostics
	}
	docs := 0
	defer func() { t.Logf("%d documents with fixes", docs) }()
	for _, name := range sortedKeys(files) {
		if !strings.HasSuffix(name, ".md") {
			continue
		}
		path := filepath.Join(dir, filepath.FromSlash(name))
		orig, _ := os.ReadFile(path)
		before := run(name, lint.FixNone)
		fixable := 0
		for _, d := range before {
			if len(d.Fixes) > 0 {
				fixable++
			}
		}
		if fixable == 0 {
			continue
		}
		docs++
		after := run(name, lint.FixUnsafe)
		fixed, _ := os.ReadFile(path)
		for _, p := range fixProblems(before, after) {
			t.Errorf("%s: %s", name, p)
		}
		if again := run(name, lint.FixUnsafe); len(again) != len(after) {
			t.Errorf("%s: a second --fix --unsafe-fixes run changed the findings", name)
		}
		if second, _ := os.ReadFile(path); !bytes.Equal(second, fixed) {
			t.Errorf("%s: a second --fix --unsafe-fixes run changed the file:\n%s\nthen:\n%s", name, fixed, second)
		}
		if err := os.WriteFile(path, orig, 0o644); err != nil { // the neighbours of the next file
			t.Fatal(err)
		}
	}
}

// fixProblems compares the findings before and after fixing.
func fixProblems(before, after []lint.Diagnostic) []string {
	var out []string
	key := func(d lint.Diagnostic) string { return d.Rule + ": " + d.Message }
	fixable, count := map[string]int{}, map[string]int{}
	errs := map[string]int{}
	for _, d := range before {
		count[key(d)]++
		if len(d.Fixes) > 0 {
			fixable[key(d)]++
		}
		if d.Severity == lint.Error {
			errs[d.Rule]++
		}
	}
	left, errsAfter := map[string]int{}, map[string]int{}
	for _, d := range after {
		left[key(d)]++
		if d.Severity == lint.Error {
			errsAfter[d.Rule]++
		}
		if len(d.Fixes) > 0 {
			out = append(out, "still fixable after fixing: "+format(d))
		}
	}
	for k, n := range fixable {
		if left[k] > count[k]-n {
			out = append(out, "a fix did not remove its finding: "+k)
		}
	}
	for r, n := range errsAfter {
		if n > errs[r] {
			out = append(out, "fixing added an error: "+r)
		}
	}
	sort.Strings(out)
	return out
}
