package lint

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"unsafe"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// randomReport is a finding as a rule may report it: mostly one that
// a report holds compactly, else one with related positions or fixes
// (nil, empty or not: each kept as it is), another file's path, a rule
// name of its own or a severity past what a report's fields hold; a
// position at the ends of its 32 bits now and then.
func randomReport(r *rand.Rand) Diagnostic {
	pos := func() sfmd.Pos {
		p := sfmd.Pos{Offset: int32(r.IntN(1000)), Line: int32(r.IntN(50)), Col: int32(r.IntN(80))}
		switch r.IntN(40) {
		case 0:
			p.Offset = math.MaxInt32 - int32(r.IntN(3))
		case 1:
			p.Line = math.MinInt32
		case 2:
			p.Col = math.MaxInt32
		}
		return p
	}
	d := Diagnostic{Span: sfmd.Span{Start: pos(), End: pos()}, Message: fmt.Sprint("m", r.IntN(5))}
	switch r.IntN(8) {
	case 0:
		d.Path = "doc.md"
	case 1:
		d.Path = "other.md"
	}
	switch r.IntN(8) {
	case 0:
		d.Rule = "rule-r"
	case 1:
		d.Rule = "rule-own"
	}
	switch r.IntN(10) {
	case 0:
		d.Severity = Error
	case 1:
		d.Severity = Severity(200 + r.IntN(2))
	case 2:
		d.Severity = Severity(-129)
	}
	switch r.IntN(6) {
	case 0:
		d.Related = []Related{{Message: "here", Span: d.Span}}
	case 1:
		d.Related = []Related{}
	case 2:
		d.Fixes = []Fix{{Message: "fix", Safe: true, Edits: []Edit{{Start: 1, End: 2, New: "x"}}}}
	case 3:
		d.Fixes = []Fix{}
		d.Related = []Related{{Path: "other.md"}}
	}
	return d
}

// withDefaults is d as add keeps it: Rule, Severity and Path defaulted,
// no fixes in another file.
func withDefaults(d Diagnostic, doc *sfmd.Document, rule *Analyzer) Diagnostic {
	if d.Rule == "" {
		d.Rule = rule.Name
	}
	if d.Severity == 0 {
		d.Severity = rule.Severity
	}
	if d.Path == "" {
		d.Path = doc.Path
	} else if d.Path != doc.Path {
		d.Fixes = nil
	}
	return d
}

// TestReportsHoldTheFindings: every finding reported, whatever fits a
// report's fields or not, is given back as add received it (with its
// defaults), by several rules in turn; set then changes each (its
// severity, its rule, its related positions and fixes, its path, its
// span) and the finding read back is the one set, its extra reused
// when it keeps one in the document. Fails when a field is narrowed or dropped.
func TestReportsHoldTheFindings(t *testing.T) {
	doc := &sfmd.Document{Path: "doc.md"}
	rules := []*Analyzer{{Name: "rule-r", Severity: Warning}, {Name: "rule-s", Severity: Info}}
	r := rand.New(rand.NewPCG(5, 6))
	for round := range 50 {
		s := &checkScratch{doc: doc}
		var want []Diagnostic
		for i := range 3 * reportChunk {
			s.cur = rules[(i/97+round)%len(rules)]
			d := randomReport(r)
			s.add(d)
			want = append(want, withDefaults(d, doc, s.cur))
		}
		for i, w := range want {
			if got := s.diag(int32(i)); !reflect.DeepEqual(got, w) {
				t.Fatalf("round %d, finding %d: got %+v, want %+v", round, i, got, w)
			}
		}
		for i := range want {
			x := s.rec(int32(i)).x
			d := s.diag(int32(i))
			switch r.IntN(5) {
			case 0:
				d.Severity = Error
			case 1:
				d.Rule = "rule-set"
			case 2:
				d.Related, d.Fixes = nil, []Fix{{Message: "other"}}
			case 3:
				d.Path = "z.md"
			case 4:
				d.Span.End.Offset = math.MaxInt32
			}
			s.set(int32(i), &d)
			want[i] = d
			if y := s.rec(int32(i)).x; x > 0 && y >= 0 && y != x {
				t.Fatalf("round %d, finding %d: set gave its report the extra %d for %d", round, i, y, x)
			}
		}
		for i, w := range want {
			if got := s.diag(int32(i)); !reflect.DeepEqual(got, w) {
				t.Fatalf("round %d, finding %d after set: got %+v, want %+v", round, i, got, w)
			}
		}
		s.dropDiags()
		if s.n != 0 || s.nExtras != 0 || s.nFulls != 0 || len(s.names) != 0 || len(s.reports) > keptChunks {
			t.Fatalf("dropDiags left %d reports, %d extras, %d fulls, %d names, %d chunks", s.n, s.nExtras, s.nFulls, len(s.names), len(s.reports))
		}
	}
}

// TestReportsAreSmall: a finding of the document without related
// positions or fixes (most) costs the engine a report (48 bytes), not a
// Diagnostic (128 bytes), while the rules run: 20,000 of them allocate
// less than 64 bytes each (54 measured: the runtime counts the chunks'
// spans; 161 when the chunks held Diagnostics, then of 152 bytes).
func TestReportsAreSmall(t *testing.T) {
	if got := unsafe.Sizeof(report{}); got != 48 {
		t.Errorf("a report is %d bytes, want 48", got)
	}
	doc := &sfmd.Document{Path: "doc.md"}
	rule := &Analyzer{Name: "rule-r", Severity: Warning}
	const n = 20_000
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	s := &checkScratch{doc: doc, cur: rule}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range n {
		s.add(Diagnostic{Span: sfmd.Span{Start: sfmd.Pos{Offset: int32(i), Line: int32(i + 1), Col: 1}}, Message: "m"})
	}
	runtime.ReadMemStats(&after)
	if got := float64(after.TotalAlloc-before.TotalAlloc) / n; got >= 64 {
		t.Errorf("reporting %d findings allocated %.1f bytes a finding, want under 64", n, got)
	}
}

// TestIsSorted: isSorted is slices.IsSortedFunc with compareDiagnostics
// on random findings, sorted, reversed and as reported (ties on every
// field the order compares included).
func TestIsSorted(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for n := range 40 {
		for k := range 30 {
			ds := randomFindings(r, n)
			switch k % 3 {
			case 0:
				slices.SortStableFunc(ds, compareDiagnostics)
			case 1:
				slices.SortStableFunc(ds, compareDiagnostics)
				slices.Reverse(ds)
			}
			if got, want := isSorted(ds), slices.IsSortedFunc(ds, compareDiagnostics); got != want {
				t.Fatalf("%d findings (case %d): isSorted %v, slices.IsSortedFunc %v", n, k%3, got, want)
			}
		}
	}
}
