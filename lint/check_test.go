package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/sfmd-dev/sfmd/sfmd"
)

func names(t *testing.T, ws *Workspace, path string) []string {
	t.Helper()
	entries, err := ws.ListDir(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestListDirOncePerRun: the documents of one run share a directory's
// listing (a file created after the first listing is not seen), another
// run lists the directory again, and ListDir agrees with ReadDir.
func TestListDirOncePerRun(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b.md", "a.md"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := newWorkspaceShared(nil, dir)
	doc1 := &Workspace{shared: run, dir: dir}
	doc2 := &Workspace{shared: run, dir: filepath.Join(dir, "sub")}
	if got, want := names(t, doc1, "."), []string{"a.md", "b.md"}; !slices.Equal(got, want) {
		t.Fatalf("ListDir = %q, want %q", got, want)
	}
	if err := os.WriteFile(filepath.Join(dir, "c.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := names(t, doc2, ".."), []string{"a.md", "b.md"}; !slices.Equal(got, want) {
		t.Errorf("same run, same directory by another path: ListDir = %q, want the first listing %q", got, want)
	}
	next := &Workspace{shared: newWorkspaceShared(nil, dir), dir: dir}
	if got, want := names(t, next, "."), []string{"a.md", "b.md", "c.md"}; !slices.Equal(got, want) {
		t.Errorf("next run: ListDir = %q, want %q", got, want)
	}
	if _, err := doc1.ListDir("missing"); !os.IsNotExist(err) {
		t.Errorf("ListDir(missing) error = %v, want not-exist", err)
	}
	if _, err := doc1.ListDir("missing"); !os.IsNotExist(err) {
		t.Errorf("second ListDir(missing) error = %v, want not-exist", err)
	}
}

// TestExistsFold: ExistsFold agrees with strings.EqualFold over the
// listing, including the runes that fold to ASCII letters and invalid
// UTF-8, and foldKey gives equal keys exactly to EqualFold strings.
func TestExistsFold(t *testing.T) {
	dir := t.TempDir()
	names := []string{"REQUIREMENTS.md", "Ka.md", "x\xff.md", "straße.md", "Σσς.md"}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws := &Workspace{shared: newWorkspaceShared(nil, dir), dir: dir}
	alone := &Workspace{dir: dir}
	probes := []string{"requirements.md", "requirementſ.md", "\u212Aa.md", "KA.md", "ka.md", "x\xfe.md", "x\uFFFD.md", "STRASSE.md", "STRAßE.md", "ΣΣΣ.md", "σςσ.md", "missing.md", "requirements", "sub/requirements.md"}
	for _, p := range probes {
		want := false
		for _, n := range names {
			if filepath.Dir(p) == "." && strings.EqualFold(n, p) {
				want = true
			}
		}
		if got := ws.ExistsFold(p); got != want {
			t.Errorf("ExistsFold(%q) = %v, want %v", p, got, want)
		}
		if got := alone.ExistsFold(p); got != want {
			t.Errorf("without a run: ExistsFold(%q) = %v, want %v", p, got, want)
		}
		for _, w := range []*Workspace{ws, alone} {
			if name, exact, ok := w.FoldName(p); ok != want || (ok && !strings.EqualFold(name, filepath.Base(p))) || exact != (ok && name == filepath.Base(p)) {
				t.Errorf("FoldName(%q) = %q, %v, %v", p, name, exact, ok)
			}
		}
		for _, n := range names {
			if eq, same := strings.EqualFold(n, p), foldKey(n) == foldKey(p); eq != same {
				t.Errorf("EqualFold(%q, %q) = %v but equal keys = %v", n, p, eq, same)
			}
		}
	}
}

// TestSpend: the rules of one document share one budget of optional
// work, in the order they run; the next document gets a new one; a Pass
// made by hand has no limit.
func TestSpend(t *testing.T) {
	var got []bool
	spender := func(name string, n int) *Analyzer {
		return &Analyzer{Name: name, Run: func(p *Pass) (any, error) {
			got = append(got, p.Spend(n))
			return nil, nil
		}}
	}
	doc := fakeParse("x.md", []byte("x"))
	a := spender("spend-a", OptionalWork(1)/2+1)
	b := spender("spend-b", OptionalWork(1)/2)
	c := spender("spend-c", 1)
	for range 2 {
		if _, err := Check(doc, []*Analyzer{a, b, c}); err != nil {
			t.Fatal(err)
		}
	}
	if want := []bool{true, false, false, true, false, false}; !slices.Equal(got, want) {
		t.Errorf("Spend = %v, want %v (b overdraws, and the budget is then spent)", got, want)
	}
	if !(&Pass{}).Spend(OptionalWork(1) * 2) {
		t.Error("a Pass made by hand refused to spend")
	}
}

// TestAnalysisKeepsItsPass: the engine recycles the passes of the rules
// nothing requires from one rule to the next (checkScratch), but an
// analysis that a later rule requires keeps its own for the whole
// document: a result that refers to its pass (a closure over it) still
// sees it after other rules ran. Options and results reach each rule,
// and nothing of one document is seen by the next.
func TestAnalysisKeepsItsPass(t *testing.T) {
	analysis := &Analyzer{Name: "analysis", Shared: true, Run: func(p *Pass) (any, error) {
		return func() string { return p.Analyzer.Name + " " + p.Doc.Path }, nil
	}}
	var seen []string
	note := func(p *Pass) (any, error) {
		seen = append(seen, p.Analyzer.Name+fmt.Sprint(p.Options["n"]))
		p.Reportf(sfmd.Span{}, "%s", p.Analyzer.Name)
		return "a result nothing reads", nil
	}
	before := &Analyzer{Name: "before", Run: note}
	user := &Analyzer{Name: "user", Requires: []*Analyzer{analysis}, Run: func(p *Pass) (any, error) {
		p.Reportf(sfmd.Span{}, "%s", p.ResultOf[analysis].(func() string)())
		return nil, nil
	}}
	after := &Analyzer{Name: "after", Run: note}
	order, err := topo([]*Analyzer{before, user, after})
	if err != nil {
		t.Fatal(err)
	}
	options := map[string]map[string]any{"before": {"n": 1}, "after": {"n": 2}}
	for _, path := range []string{"one.md", "two.md"} {
		seen = nil
		diags, err := checkOrdered(sfmd.Parse(path, nil), order, options, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range diags {
			if d.Path != path {
				t.Errorf("%s: finding in %s", path, d.Path)
			}
			got = append(got, d.Rule+": "+d.Message)
		}
		want := []string{"after: after", "before: before", "user: analysis " + path}
		if !slices.Equal(got, want) || !slices.Equal(seen, []string{"before1", "after2"}) {
			t.Errorf("%s: findings %q (want %q), rules saw %q", path, got, want, seen)
		}
	}
}

// BenchmarkCheckPerRule is the engine's own cost for one rule on one
// document: 200 rules that read nothing, on a small document (ns/rule;
// the rules' work is nil).
func BenchmarkCheckPerRule(b *testing.B) {
	var as []*Analyzer
	for i := range 200 {
		as = append(as, &Analyzer{Name: fmt.Sprint("rule-", i), Run: func(*Pass) (any, error) { return nil, nil }})
	}
	order, err := topo(as)
	if err != nil {
		b.Fatal(err)
	}
	doc := sfmd.Parse("a.md", []byte("# A\n\nText.\n"))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := checkOrdered(doc, order, nil, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(order)), "ns/rule")
}

// TestFindingsCopiedOnce: the findings of a document are kept in chunks
// the engine reuses and copied once, in order, into an array of their
// number (their indexes are sorted, not they): for
// as many findings as the chunks it keeps hold, the engine allocates
// little more than that array (the slice grown by doubling allocated
// about twice as much and copied every finding several times). With the
// collector off and one P, the scratch and its chunks stay in the pool
// between the runs measured. The findings come out sorted (they are reported in
// reverse order), none lost, the duplicate once.
func TestFindingsCopiedOnce(t *testing.T) {
	const n = keptChunks * reportChunk
	spans := make([]sfmd.Span, n)
	for i := range spans {
		spans[i] = sfmd.Span{Start: sfmd.Pos{Offset: int32(i), Line: int32(n - i), Col: 1}, End: sfmd.Pos{Offset: int32(i), Line: int32(n - i), Col: 1}}
	}
	many := &Analyzer{Name: "many", Run: func(p *Pass) (any, error) {
		for _, sp := range spans {
			p.Report(Diagnostic{Span: sp, Message: "m"})
		}
		p.Report(Diagnostic{Span: spans[n/2], Message: "m"}) // a duplicate
		return nil, nil
	}}
	order, err := topo([]*Analyzer{many})
	if err != nil {
		t.Fatal(err)
	}
	doc := sfmd.Parse("a.md", nil)
	// one P, and no collection: the pool gives back the scratch it got
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var diags []Diagnostic
	run := func() {
		if diags, err = checkOrdered(doc, order, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	run() // the scratch's chunks
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	run()
	runtime.ReadMemStats(&after)
	size := int(unsafe.Sizeof(Diagnostic{}))
	if got := int(after.TotalAlloc - before.TotalAlloc); got > n*size*5/4 {
		t.Errorf("checking a document with %d findings allocated %d bytes, want about %d (one array of them)", n, got, n*size)
	}
	if len(diags) != n {
		t.Fatalf("%d findings, want %d", len(diags), n)
	}
	for i, d := range diags {
		if int(d.Span.Start.Line) != i+1 || d.Rule != "many" || d.Path != "a.md" {
			t.Fatalf("finding %d: %+v", i, d)
		}
	}
}
