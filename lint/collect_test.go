package lint

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// reportAll reports ds, in order, through a scratch for doc as the
// rules do (Rule and Path left empty take the running rule's and the
// document's).
func reportAll(doc *sfmd.Document, rule *Analyzer, ds []Diagnostic) *checkScratch {
	s := &checkScratch{doc: doc, cur: rule}
	for _, d := range ds {
		s.add(d)
	}
	return s
}

// randomFindings are n findings with few distinct paths, positions,
// rules and messages, so that many tie on the sort's keys (some only
// differing in their span's end, which the sort does not compare and
// the deduplication does) and many are duplicates.
func randomFindings(r *rand.Rand, n int) []Diagnostic {
	paths := []string{"", "doc.md", "0.md", "a.md", "e.md", "z.md"} // two before the document, two after
	rules := []string{"", "rule-a", "rule-b"}
	ds := make([]Diagnostic, n)
	for i := range ds {
		line, col := 1+r.IntN(4), 1+r.IntN(3)
		ds[i] = Diagnostic{
			Path:    paths[r.IntN(len(paths))],
			Rule:    rules[r.IntN(len(rules))],
			Message: fmt.Sprint("m", r.IntN(3)),
			Span: sfmd.Span{
				Start: sfmd.Pos{Line: int32(line), Col: int32(col)},
				End:   sfmd.Pos{Line: int32(line), Col: int32(col + r.IntN(2))},
			},
		}
	}
	return ds
}

// TestCollectIsSortDiagnostics: the findings of a document come out of
// collect as sortDiagnostics (a stable sort and the deduplication of
// equal neighbours) leaves them, in the order they were reported when
// their sort keys tie, on random findings of every size up to several
// chunks, with paths before, equal to and after the document's.
func TestCollectIsSortDiagnostics(t *testing.T) {
	doc := &sfmd.Document{Path: "doc.md"}
	rule := &Analyzer{Name: "rule-r", Severity: Warning}
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 19, 64, 65, 200, 1000, 5000} {
		for k := range 20 {
			ds := randomFindings(r, n)
			switch k {
			case 0: // in order already: one run
				ds = sortDiagnostics(reportAll(doc, rule, ds).reported())
			case 1: // in reverse order: a run each
				ds = sortDiagnostics(reportAll(doc, rule, ds).reported())
				slices.Reverse(ds)
			case 2: // runs: every finding reported twice over, in order
				ds = sortDiagnostics(reportAll(doc, rule, ds).reported())
				ds = append(ds, ds...)
			}
			got := reportAll(doc, rule, ds).collect(nil)
			want := reportAll(doc, rule, ds).reported()
			want = sortDiagnostics(want)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%d findings (case %d): collect differs from sortDiagnostics:\n got %v\nwant %v", len(ds), k, got, want)
			}
		}
	}
}

// TestCollectOrdersFulls: collect orders as sortDiagnostics does the
// findings a report does not hold (kept whole) among those it does: in
// the document with a rule name of its own (sorted by their keys), or in
// another file (sorted by their fields).
func TestCollectOrdersFulls(t *testing.T) {
	doc := &sfmd.Document{Path: "doc.md"}
	rule := &Analyzer{Name: "rule-r", Severity: Warning}
	r := rand.New(rand.NewPCG(9, 10))
	fulls := 0
	for _, n := range []int{2, 19, 300, 2000} {
		for range 20 {
			ds := append(randomFindings(r, n), make([]Diagnostic, n)...)
			for i := n; i < 2*n; i++ {
				ds[i] = randomReport(r)
			}
			r.Shuffle(len(ds), func(i, j int) { ds[i], ds[j] = ds[j], ds[i] })
			s := reportAll(doc, rule, ds)
			fulls += s.nFulls
			want := sortDiagnostics(s.reported())
			if got := s.collect(nil); !reflect.DeepEqual(got, want) {
				t.Fatalf("%d findings: collect differs from sortDiagnostics:\n got %v\nwant %v", len(ds), got, want)
			}
		}
	}
	if fulls < 1000 {
		t.Fatalf("only %d findings kept whole", fulls)
	}
}

// reported is the findings of s in the order they were reported.
func (s *checkScratch) reported() []Diagnostic {
	var out []Diagnostic
	for i := range s.n {
		out = append(out, s.diag(int32(i)))
	}
	return out
}

// BenchmarkCollect orders the findings of a document with many: 200
// rules, each reporting 250 findings in three ascending runs of lines
// (a rule walking the document reports in its order), 50,000 findings
// in all (the 10 MB benchmark document shows 55,000); ns/finding. In
// "rules" each rule reports as the engine runs it (the running rule's
// name, what every rule of rules/ does); in "named" one reports them all
// with the rules' names set (a finding the scratch keeps whole).
func BenchmarkCollect(b *testing.B) {
	const rules, per = 200, 250
	doc := &sfmd.Document{Path: "big.md"}
	type report struct {
		rule *Analyzer
		d    Diagnostic
	}
	var rs []report
	for k := range rules {
		rule := &Analyzer{Name: fmt.Sprintf("rule-%03d", (k*37)%rules)}
		for i := range per {
			line := 1 + (i*rules+k*7)%(rules*per/3)
			rs = append(rs, report{rule, Diagnostic{Message: "message", Span: sfmd.Span{Start: sfmd.Pos{Line: int32(line), Col: int32(1 + k%5)}}}})
		}
	}
	for _, named := range []bool{false, true} {
		name := "rules"
		if named {
			name = "named"
		}
		b.Run(name, func(b *testing.B) {
			one := &Analyzer{Name: "r"}
			s := reportAll(doc, one, nil)
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				for _, r := range rs {
					d := r.d
					if s.cur = r.rule; named {
						s.cur, d.Rule = one, r.rule.Name
					}
					s.add(d)
				}
				b.StartTimer()
				s.collect(nil)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(rs)), "ns/finding")
		})
	}
}

// TestCollectAllocations: ordering a document's findings, more than the
// kept keys hold, allocates three arrays: the keys (with room to merge
// them), the ends of the runs they come in (none when they come in
// order) and the findings (the indexes sorted before, grown by
// appending from empty, were 16 allocations in all for 5,000 findings),
// with a keep or without (the finding given to keep, a local, was one
// allocation a finding).
func TestCollectAllocations(t *testing.T) {
	doc := &sfmd.Document{Path: "doc.md"}
	rule := &Analyzer{Name: "rule-r"}
	ds := randomFindings(rand.New(rand.NewPCG(3, 4)), 5000)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	odd := 0
	for _, keep := range []func(*Diagnostic) bool{nil, func(d *Diagnostic) bool { odd++; d.Severity = Error; return odd%2 == 1 }} {
		s := reportAll(doc, rule, ds)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s.collect(keep)
		runtime.ReadMemStats(&after)
		if got := after.Mallocs - before.Mallocs; got > 3 {
			t.Errorf("collect of %d findings (keep %v): %d allocations, want 3 (the keys, the ends of their runs, the findings)", len(ds), keep != nil, got)
		}
	}
}
