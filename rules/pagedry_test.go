package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/sfmd-dev/sfmd/lint"
)

// TestPageRulesScaleLinearly is TestRulesScaleLinearly for the
// dryrun-page rules, which need the document's folder (a Workspace): each
// rule's bad.md written 64 and 512 times over, next to its archive's other
// files, linted through lint.Run. It fails when the time grows more than
// four times faster than the document (a ratio of two measurements in one
// run, not a timed test).
func TestPageRulesScaleLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("measures each page rule twice")
	}
	for _, a := range All() {
		if !strings.HasPrefix(a.Name, "dryrun-page-") {
			continue
		}
		dir := t.TempDir()
		ar, err := txtar.ParseFile(archivePath(a.Name))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name == "bad.md" || strings.HasSuffix(f.Name, ".out") {
				continue
			}
			p := filepath.Join(dir, filepath.FromSlash(f.Name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for name, n := range map[string]int{"small.md": 64, "large.md": 512} {
			if err := os.WriteFile(filepath.Join(dir, name), repeated(t, a.Name, n), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		as := []*lint.Analyzer{a}
		run := func(name string) func() {
			return func() {
				rep, err := lint.Run(lint.Options{Paths: []string{filepath.Join(dir, name)}, Jobs: 1, Selection: lint.Selection{Enable: []string{a.Name}}}, as)
				if err != nil || len(rep.Diagnostics) == 0 {
					t.Fatalf("%s on %s: %v, %d findings", a.Name, name, err, len(rep.Diagnostics))
				}
			}
		}
		measure := func(runs int) (ts, tl time.Duration) {
			ts, tl = time.Hour, time.Hour
			for range runs {
				ts = min(ts, fastest(1, run("small.md")))
				tl = min(tl, fastest(1, run("large.md")))
			}
			return ts, tl
		}
		ts, tl := measure(2)
		if tl < 2*time.Millisecond || tl < 32*ts {
			continue
		}
		if ts, tl = measure(7); tl >= 2*time.Millisecond && tl >= 32*ts {
			t.Errorf("%s: %v on the small page, %v on 8 times as much (%.0f×): worse than linear", a.Name, ts, tl, float64(tl)/float64(ts))
		}
	}
}
