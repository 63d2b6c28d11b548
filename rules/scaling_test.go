package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/internal/cputime"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// repeated is the rule archive's bad.md written n times over, its
// frontmatter kept once: a document as dense in what the rule reads as
// the rule's own example, at any size. It is "" when bad.md does not
// leave the document as it found it (see selfContained).
func repeated(t testing.TB, rule string, n int) []byte {
	t.Helper()
	ar, err := txtar.ParseFile(archivePath(rule))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if f.Name != "bad.md" {
			continue
		}
		src := string(f.Data)
		body := src
		if strings.HasPrefix(src, "---\n") {
			if end := strings.Index(src[4:], "\n---\n"); end >= 0 {
				body = src[4+end+5:]
			}
		}
		if !selfContained(body) {
			return nil
		}
		var b strings.Builder
		b.WriteString(src + "\n\n")
		for i := 1; i < n; i++ {
			b.WriteString(ownIDs(body, i) + "\n\n")
		}
		return []byte(b.String())
	}
	return nil
}

// ownIDs is piece with its action ids made its own (the i-th copy's
// act.x is act.cI_x), as benchgen.Document does: a document of n copies
// then has n times as many actions, not n definitions of the same few,
// and a search for an action by id meets them all (a copy that reused
// the ids would find the first definition at once, and hide a search
// that is linear in the number of actions).
func ownIDs(piece string, i int) string {
	p := fmt.Sprintf("c%d_", i)
	for _, s := range []string{"act.", "act:"} {
		piece = strings.ReplaceAll(piece, s, s+p)
	}
	return piece
}

// selfContained reports whether a piece of the base document leaves the
// document as it found it: every fence closed and no HTML block left
// open, so that what follows it is read as written.
func selfContained(src string) bool {
	if strings.Count(src, "<!--") != strings.Count(src, "-->") {
		return false
	}
	doc := sfmd.Parse("piece.md", []byte(src))
	for _, f := range doc.Fences {
		if !f.Closed || f.MissingClose != nil || f.Nested != nil {
			return false
		}
	}
	return true
}

// fastest runs f n times and returns the least CPU time a run took: the
// least disturbed by whatever else the machine is doing.
func fastest(n int, f func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range n {
		start := cputime.Process()
		f()
		best = min(best, cputime.Process()-start)
	}
	return best
}

// TestRulesScaleLinearly runs every rule alone (with the analyses it
// requires, and without the optional work that lint.OptionalWork bounds
// linearly: did-you-mean suggestions) on a document and on the same document eight times over, and
// fails when a rule's time grows more than four times faster than the
// document (a quadratic rule grows 64 times). It is a ratio of two
// measurements taken in one run, not a timed test: a rule that takes
// under 5 ms on the larger document is not judged (too short to measure
// on a shared machine), and a suspect ratio is measured once more before
// failing.
func TestRulesScaleLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("measures every rule twice")
	}
	for _, a := range All() {
		if a.Profile == lint.Manifest {
			continue
		}
		smallSrc, largeSrc := repeated(t, a.Name, 64), repeated(t, a.Name, 512)
		if smallSrc == nil {
			continue
		}
		small, large := sfmd.Parse("small.md", smallSrc), sfmd.Parse("large.md", largeSrc)
		as := []*lint.Analyzer{a}
		// small and large alternate, so that both meet the same load
		measure := func(runs int) (ts, tl time.Duration) {
			ts, tl = time.Hour, time.Hour
			for range runs {
				ts = min(ts, fastest(1, func() { _, _ = lint.CheckWithoutOptionalWork(small, as) }))
				tl = min(tl, fastest(1, func() { _, _ = lint.CheckWithoutOptionalWork(large, as) }))
			}
			return ts, tl
		}
		ts, tl := measure(2)
		if tl < 2*time.Millisecond || tl < 32*ts {
			continue
		}
		if ts, tl = measure(7); tl >= 2*time.Millisecond && tl >= 32*ts {
			t.Errorf("%s: %v on %d bytes, %v on 8 times as much (%.0f×): worse than linear", a.Name, ts, len(small.Src), tl, float64(tl)/float64(ts))
		}
	}
}

// TestProjectRulesScaleWithFolderWidth lints a folder of documents and
// one 32 times as wide with the project rules (CPU time per
// document), and fails when the time per document more than doubles: a
// rule that compares every document with every entry of its folder grows
// with the folder's width. The rules are measured together, and one by
// one only to name the culprit.
func TestProjectRulesScaleWithFolderWidth(t *testing.T) {
	if testing.Short() {
		t.Skip("lints two folders of documents")
	}
	doc := []byte("---\nname: app\n---\n# App\n\n[!nav:main](nav/main.md)\n\n```act.a\nGET https://x.example/a\n```\n")
	mk := func(n int) string {
		dir := t.TempDir()
		for i := range n {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("requirements-%05d.md", i)), doc, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, f := range []string{"Requirements.md"} {
			if err := os.WriteFile(filepath.Join(dir, f), []byte("# Requirements\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	const nNarrow, nWide = 100, 3200
	narrow, wide := mk(nNarrow), mk(nWide)
	perDoc := func(as []*lint.Analyzer, runs int) (float64, float64) {
		var names []string
		for _, a := range as {
			names = append(names, a.Name)
		}
		run := func(dir string) func() {
			return func() {
				opts := lint.Options{Paths: []string{dir}, Jobs: 1, Selection: lint.Selection{Enable: names}}
				if _, err := lint.Run(opts, as); err != nil {
					t.Fatal(err)
				}
			}
		}
		tn, tw := time.Hour, time.Hour
		for range runs {
			tn = min(tn, fastest(1, run(narrow)))
			tw = min(tw, fastest(1, run(wide)))
		}
		return tn.Seconds() / nNarrow, tw.Seconds() / nWide
	}
	var project []*lint.Analyzer
	for _, a := range All() {
		if a.Profile == lint.Project {
			project = append(project, a)
		}
	}
	if tn, tw := perDoc(project, 2); tw <= 2*tn {
		return
	}
	for _, a := range project {
		if tn, tw := perDoc([]*lint.Analyzer{a}, 3); tw > 2*tn {
			t.Errorf("%s: %.0f µs per document in a folder of %d, %.0f µs in one of %d: cost grows with the folder's width", a.Name, tn*1e6, nNarrow, tw*1e6, nWide)
		}
	}
}

// defaultRules are the rules `sfmd lint` runs when nothing is configured
// (lint.DefaultProfiles).
func defaultRules() []*lint.Analyzer {
	var out []*lint.Analyzer
	for _, a := range All() {
		if slices.Contains(lint.DefaultProfiles, a.Profile) {
			out = append(out, a)
		}
	}
	return out
}

// TestRulesScaleOnGeneratedDocuments lints realistic generated documents
// (benchgen.Document: frontmatter, prose with hints, links and
// shortcuts, actions with parameters and response templates, each app's
// action ids its own) of 2 MB and of 8 MB with the default rule set, and
// fails when the CPU time per byte of the larger is more than 1.7 times
// that of the smaller; the rules are then measured one by one (with the
// analyses they require) to name the culprit. Both documents are larger
// than the processor's caches, so that a byte costs the same in both
// when the work is linear. TestRulesScaleLinearly runs each rule on its
// own example repeated, dense in what the rule reads but with a handful
// of actions and links per copy: a search over thousands of actions for
// each action (model.Parsed.DryRun), a few nanoseconds per action, hides
// behind a rule's other work there, and shows only on a document of
// megabytes (it took 1.2 s of a 10 MB lint; the default rule set was
// 1.87 times the time per byte then, 1.20 since). It is a ratio of two
// measurements taken in one run, alternating, with the garbage collector
// off while they run, not a timed test.
func TestRulesScaleOnGeneratedDocuments(t *testing.T) {
	if testing.Short() {
		t.Skip("lints an 8 MB document")
	}
	const small, factor = 2 << 20, 4
	sdoc := sfmd.Parse("small.md", benchgen.Document(small))
	ldoc := sfmd.Parse("large.md", benchgen.Document(factor*small))
	scale := float64(len(ldoc.Src)) / float64(len(sdoc.Src))
	// ratio is the CPU time per byte of the larger over that of the
	// smaller, the least of runs alternating measurements
	ratio := func(as []*lint.Analyzer, runs int) (ts, tl time.Duration, r float64) {
		ts, tl = time.Hour, time.Hour
		for range runs {
			ts = min(ts, withoutGC(func() { _, _ = lint.CheckWithoutOptionalWork(sdoc, as) }))
			tl = min(tl, withoutGC(func() { _, _ = lint.CheckWithoutOptionalWork(ldoc, as) }))
		}
		return ts, tl, float64(tl) / float64(ts) / scale
	}
	// Linear is 1; a quadratic term of a tenth of the time at 2 MB makes it
	// 1.3. Run alone on the shared 2-core machine, the tree measured 1.03
	// to 1.60 (e66226b: 1.38 to 1.55; six alternating runs each, load
	// about 2): the larger document's heap suffers more from a shared
	// cache. The regression this test was written for (the dry runs'
	// search of every action) measured 1.87.
	// A ratio over the limit is measured again, up to three times in all:
	// other processes on a shared machine (the helpers of `go test ./...`,
	// other builds) inflate one measurement now and then, while a term
	// that grows faster than linearly is over the limit every time.
	const limit = 1.7
	var ts, tl time.Duration
	var r float64
	for try := range 3 {
		ts, tl, r = ratio(defaultRules(), 3)
		if r <= limit {
			t.Logf("the default rule set: %v on %d bytes, %v on %.0f times as much: %.2f times the time per byte (measurement %d)", ts, len(sdoc.Src), tl, scale, r, try+1)
			return
		}
		t.Logf("measurement %d: %.2f times the time per byte, over %.1f", try+1, r, limit)
	}
	t.Errorf("the default rule set: %v on %d bytes, %v on %.0f times as much: %.2f times the time per byte, worse than linear", ts, len(sdoc.Src), tl, scale, r)
	for _, a := range defaultRules() {
		// the culprits (the rules of the dry run, before the model found
		// actions by id in a map) took 0.5 to 1 s on the larger document;
		// a rule of a few milliseconds is too short to judge here
		if ts, tl, r := ratio([]*lint.Analyzer{a}, 1); tl >= 100*time.Millisecond && r > limit {
			t.Errorf("%s: %v on %d bytes, %v on %.0f times as much: %.2f times the time per byte", a.Name, ts, len(sdoc.Src), tl, scale, r)
		}
	}
}

// withoutGC is the CPU time f takes with the garbage collector off (a
// collection first): the work f does, not when the collector happens to
// run (a run on the smaller document may meet none, one on the larger
// several, over a heap that holds both documents).
func withoutGC(f func()) time.Duration {
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	start := cputime.Process()
	f()
	return cputime.Process() - start
}
