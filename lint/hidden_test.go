package lint_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
)

// hiddenCorpora are the directories TestNoHiddenCountIsExact lints: the
// upstream corpus (when present), corpus/err and corpus/ok, and a
// directory of its own with the rule archives' documents, a generated
// document and random documents, some with suppression comments.
func hiddenCorpora(t *testing.T, analyzers []*lint.Analyzer) []string {
	var dirs []string
	if up, err := filepath.Abs("../../shared/corpus/upstream"); err == nil {
		if _, err := os.Stat(up); err == nil {
			dirs = append(dirs, up)
		}
	}
	dirs = append(dirs, "../corpus/err", "../corpus/ok")
	own := t.TempDir()
	write := func(name string, src []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(own, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	archives, _ := filepath.Glob("../rules/testdata/*.txtar")
	var lines []string // the archives' lines, for random documents
	for i, p := range archives {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".md") && !strings.Contains(f.Name, "/") {
				write(fmt.Sprintf("ar%03d-%s", i, f.Name), f.Data)
				lines = append(lines, strings.SplitAfter(string(f.Data), "\n")...)
			}
		}
	}
	gen := benchgen.Document(96 << 10)
	write("gen.md", gen)
	write("gen-suppressed.md", append(gen, "\n<!-- sfmd-disable-file block-id-invalid, response-on-cli -->\n"...))
	write("budget.md", budgetDocument())
	r := rand.New(rand.NewPCG(21, 1))
	for i := range 60 {
		var b strings.Builder
		for range 5 + r.IntN(60) {
			if i%2 == 1 && r.IntN(12) == 0 {
				a := analyzers[r.IntN(len(analyzers))]
				fmt.Fprintf(&b, "<!-- sfmd-disable-next-line %s -->\n", a.Name)
			}
			b.WriteString(lines[r.IntN(len(lines))])
		}
		write(fmt.Sprintf("rand%02d.md", i), []byte(b.String()))
	}
	return append(dirs, own)
}

// budgetDocument spends the budget of optional work (lint.Pass.Spend) in
// env-var-undeclared (a warning at most: left out at min-severity
// error unless it says it spends), whose did-you-mean for 600 undeclared
// names among 600 declared ones costs 720,000 units, before
// shortcut-reference-undefined (an error) asks for its did-you-mean.
func budgetDocument() []byte {
	var b strings.Builder
	b.WriteString("---\nenv:\n")
	for i := range 600 {
		fmt.Fprintf(&b, "  - KEY_%04d: \"key\"\n", i)
	}
	b.WriteString("---\n\n```act.get\nGET https://api.example.com/x")
	for i := range 600 {
		fmt.Fprintf(&b, "?u%d=$OTHER_%04d", i, i)
	}
	b.WriteString("\n```\n\nRead the [Guide][@guid].\n\n[@guide]: https://guide.example.com\n")
	return []byte(b.String())
}

// hiddenConfigs are configs that grade rules differently: info rules
// up, error and warning rules down, with and without a min-severity of
// their own ("" is no config), and block-id-invalid, which grades each
// finding, up.
func hiddenConfigs(t *testing.T, analyzers []*lint.Analyzer) []string {
	var up, down strings.Builder
	// block-id-invalid grades its findings error or info: raised, every
	// one is shown
	up.WriteString("rules:\n  block-id-invalid: warning\n")
	down.WriteString("min-severity: error\nrules:\n")
	for i, a := range analyzers {
		switch {
		case a.Name == "block-id-invalid":
		case a.Severity == lint.Info && i%2 == 0:
			fmt.Fprintf(&up, "  %s: %s\n", a.Name, []string{"warning", "error"}[i%4/2])
		case a.Severity > lint.Info && i%3 == 0:
			fmt.Fprintf(&down, "  %s: info\n", a.Name)
		case a.Severity == lint.Warning && i%3 == 1:
			fmt.Fprintf(&down, "  %s: error\n", a.Name)
		}
	}
	dir := t.TempDir()
	var paths []string
	for i, text := range []string{up.String(), down.String()} {
		p := filepath.Join(dir, fmt.Sprintf("c%d.yaml", i))
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return append([]string{""}, paths...)
}

// TestNoHiddenCountIsExact holds the rules Options.NoHiddenCount leaves
// out to the run of every rule: on every corpus, at every min-severity,
// under configs that grade rules up and down (one with a min-severity of
// its own), with --diff's safe and unsafe fixes, the findings shown, the
// failing count, the rules' errors and the fixes are those of the run
// that runs every rule and hides what it does not show.
func TestNoHiddenCountIsExact(t *testing.T) {
	if testing.Short() {
		t.Skip("lints the corpora many times")
	}
	analyzers := append(rules.All(), lint.UnusedSuppression)
	dirs := hiddenCorpora(t, analyzers)
	configs := hiddenConfigs(t, analyzers)
	type variant struct {
		min       lint.Severity
		fromConf  bool
		config    string
		fix       lint.FixMode
		selection lint.Selection
	}
	var vs []variant
	for _, c := range configs {
		for _, min := range []lint.Severity{lint.Info, lint.Warning, lint.Error} {
			vs = append(vs, variant{min: min, config: c})
		}
		vs = append(vs, variant{min: lint.Warning, fromConf: true, config: c})
	}
	vs = append(vs,
		variant{min: lint.Warning, fix: lint.FixSafe},
		variant{min: lint.Error, fix: lint.FixUnsafe},
		variant{min: lint.Warning, fromConf: true, selection: lint.Selection{Enable: []string{"all"}}},
		variant{min: lint.Error, fix: lint.FixUnsafe, config: configs[1]})
	for _, dir := range dirs {
		for _, v := range vs {
			opts := lint.Options{Paths: []string{dir}, MinSeverity: v.min, ShowSelected: v.fromConf, ConfigMinSeverity: v.fromConf,
				Config: v.config, Selection: v.selection, Fix: v.fix, Diff: v.fix != lint.FixNone, MaxFileSize: 1 << 30}
			slow, err := lint.Run(opts, analyzers)
			if err != nil {
				t.Fatal(err)
			}
			opts.NoHiddenCount = true
			fast, err := lint.Run(opts, analyzers)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s %+v", filepath.Base(dir), v)
			if len(slow.Diagnostics) != len(fast.Diagnostics) {
				t.Errorf("%s: %d findings shown, %d with NoHiddenCount", name, len(slow.Diagnostics), len(fast.Diagnostics))
			}
			for i := range min(len(slow.Diagnostics), len(fast.Diagnostics)) {
				if !reflect.DeepEqual(slow.Diagnostics[i], fast.Diagnostics[i]) {
					t.Errorf("%s: finding %d\n  all rules run: %+v\n  NoHiddenCount: %+v", name, i, slow.Diagnostics[i], fast.Diagnostics[i])
					break
				}
			}
			if slow.Failing != fast.Failing || slow.Fixed != fast.Fixed || !reflect.DeepEqual(slow.Diffs, fast.Diffs) ||
				fmt.Sprint(slow.Errors) != fmt.Sprint(fast.Errors) {
				t.Errorf("%s: failing %d fixed %d errors %v, NoHiddenCount: failing %d fixed %d errors %v (diffs equal: %v)", name,
					slow.Failing, slow.Fixed, slow.Errors, fast.Failing, fast.Fixed, fast.Errors, reflect.DeepEqual(slow.Diffs, fast.Diffs))
			}
			if fast.Hidden > slow.Hidden {
				t.Errorf("%s: %d hidden with NoHiddenCount, %d with every rule", name, fast.Hidden, slow.Hidden)
			}
			if v.fix == lint.FixNone && !v.fromConf && len(v.selection.Enable) == 0 {
				showAll(t, name, opts, slow)
			}
		}
	}
}

// showAll holds a run at a min-severity (rep, without NoHiddenCount) to
// the run of opts at min-severity info, which hides nothing, filtered by
// severity: the same findings shown, and as many hidden as it leaves out
// (the findings a rule reports without their message when Pass.Hides
// says they are hidden are counted).
func showAll(t *testing.T, name string, opts lint.Options, rep *lint.Report) {
	t.Helper()
	min := opts.MinSeverity
	opts.MinSeverity, opts.NoHiddenCount = lint.Info, false
	all, err := lint.Run(opts, append(rules.All(), lint.UnusedSuppression))
	if err != nil {
		t.Fatal(err)
	}
	shown := []lint.Diagnostic{}
	for _, d := range all.Diagnostics {
		if d.Severity >= min {
			shown = append(shown, d)
		}
	}
	if !reflect.DeepEqual(shown, append([]lint.Diagnostic{}, rep.Diagnostics...)) || len(all.Diagnostics)-len(shown) != rep.Hidden {
		t.Errorf("%s: %d shown, %d hidden; at min-severity info, %d of %d at or above %v", name, len(rep.Diagnostics), rep.Hidden,
			len(shown), len(all.Diagnostics), min)
	}
}

// TestFindingsWithinCeiling runs every rule at the lowest min-severity
// on every corpus and checks that no finding is graded above its rule's
// Ceiling (what the engine trusts when it leaves a rule out).
func TestFindingsWithinCeiling(t *testing.T) {
	analyzers := append(rules.All(), lint.UnusedSuppression)
	reg, err := lint.NewRegistry(analyzers)
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range hiddenCorpora(t, analyzers) {
		rep, err := lint.Run(lint.Options{Paths: []string{dir}, MinSeverity: lint.Info, MaxFileSize: 1 << 30,
			Selection: lint.Selection{Enable: []string{"all"}}}, analyzers)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, d := range rep.Diagnostics {
			a := reg.Lookup(d.Rule)
			if a == nil || seen[d.Rule] || d.Severity <= a.Ceiling() {
				continue
			}
			seen[d.Rule] = true
			t.Errorf("%s:%d: %s graded %v above its ceiling %v (set MaxSeverity)", d.Path, d.Span.Start.Line, d.Rule, d.Severity, a.Ceiling())
		}
	}
}
