package lint_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
)

// TestArenaReleasedAfterCheck: sfmd lint parses each file from its
// worker's sfmd.Arena and releases the document once the file is
// checked (lintFile). With SFMD_DEBUG_ARENA=poison every release
// overwrites the document's nodes with garbage, so a rule, a cache or a
// finding that read a document after its release (or a release before
// the rules ran) would change the findings; they must be byte-identical
// to a run without the arena, on every corpus, with every rule, on one
// and two workers (many documents per worker), checking, fixing and
// adding suppression comments (printed as diffs: the fix rounds parse
// several documents per file, --add-noqa places its comments by the
// tree).
func TestArenaReleasedAfterCheck(t *testing.T) {
	gen := t.TempDir()
	if err := os.WriteFile(filepath.Join(gen, "hints.md"), benchgen.HintDocument(300), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, d := range benchgen.Generate(20, benchgen.DefaultSeed) {
		if err := os.WriteFile(filepath.Join(gen, fmt.Sprintf("g%d.md", i)), d, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dirs := []string{"../corpus/err", "../corpus/ok", gen}
	if _, err := os.Stat(upstreamCorpus); err == nil {
		dirs = append(dirs, upstreamCorpus)
	}
	all := rules.All()
	for _, dir := range dirs {
		for _, jobs := range []int{1, 2} {
			for _, mode := range []lint.FixMode{lint.FixNone, lint.FixUnsafe, lint.FixNoqa} {
				diff := mode != lint.FixNone // print the fixes (or comments) instead of writing them
				opts := lint.Options{Paths: []string{dir}, Jobs: jobs, Fix: mode, Diff: diff, MinSeverity: lint.Info,
					Selection: lint.Selection{Enable: []string{"all"}}, MaxFileSize: 20 << 20}
				t.Setenv("SFMD_DEBUG_ARENA", "off")
				want := lintReport(t, opts, all)
				t.Setenv("SFMD_DEBUG_ARENA", "poison")
				got := lintReport(t, opts, all)
				if got != want {
					t.Errorf("%s, %d jobs, fix mode %d: the findings differ with the arena poisoned:\n%s\nwithout the arena:\n%s",
						dir, jobs, mode, firstDiff(got, want), firstDiff(want, got))
				}
			}
		}
	}
}

// lintReport is the run's findings, diffs and errors as JSON.
func lintReport(t *testing.T, opts lint.Options, all []*lint.Analyzer) string {
	t.Helper()
	rep, err := lint.Run(opts, all)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Diagnostics) == 0 && len(rep.Diffs) == 0 {
		t.Fatalf("%v: no findings and nothing to fix", opts.Paths)
	}
	b, err := json.Marshal(struct {
		D      []lint.Diagnostic
		Diffs  []lint.FileDiff
		Errors string
	}{rep.Diagnostics, rep.Diffs, fmt.Sprint(rep.Errors, rep.IOErrors)})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// firstDiff is a from the first byte where it differs from b on (300
// bytes of it).
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[max(i-100, 0):min(i+200, len(a))]
}
