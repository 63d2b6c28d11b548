package lint

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// filter is the suppression filter as the driver applied it before
// ruleFilter (referenceCheck and suppress_test.go hold the driver to it): it drops the suppressed
// diagnostics, then appends the suppression problems (unusedProblems).
func (t *suppressions) filter(diags []Diagnostic, enabled map[string]bool) []Diagnostic {
	out := diags[:0]
	for i := range diags {
		if !t.suppressed(&diags[i], true) {
			out = append(out, diags[i])
		}
	}
	return append(out, t.unusedProblems(enabled)...)
}

// referenceCheck is the driver's check of a document as it was before
// the rules' findings were filtered while collected (ruleFilter): every
// finding collected, then the configured severities, the suppression
// filter and its problems, a sort, and the shown filter last.
func referenceCheck(l *linter, doc *sfmd.Document, j *job) ([]Diagnostic, int, error) {
	set := j.set
	diags, err := checkOrderedContext(context.Background(), doc, j.order, set.options, nil, nil, nil)
	for i := range diags {
		if sev, ok := set.severity[diags[i].Rule]; ok {
			diags[i].Severity = sev
		}
	}
	if len(doc.Comments) > 0 {
		diags = buildSuppressions(doc, l.reg).filter(diags, set.enabled)
		for i := range diags {
			if diags[i].Path == "" {
				diags[i].Path = doc.Path
			}
			if diags[i].Rule == unusedSuppressionName {
				if sev, ok := set.severity[unusedSuppressionName]; ok {
					diags[i].Severity = sev
				} else if diags[i].Severity == 0 {
					diags[i].Severity = UnusedSuppression.Severity
				}
			}
		}
		diags = sortDiagnostics(diags)
	}
	out := diags[:0]
	for _, d := range diags {
		if isShown(&d, set) {
			out = append(out, d)
		}
	}
	return out, len(diags) - len(out), err
}

// TestRuleFilterMatchesReference holds checkContext, which drops the
// suppressed and hidden findings while the scratch collects them, to
// referenceCheck on random documents: random suppression comments of
// every kind (known, "all" and unknown rules, unmatched enables), random
// findings of three rules (duplicates, ties that differ only in their
// span's end, explicit severities, findings in other files anchored by a
// related position or not), random severity overrides, minimum severity,
// ShowSelected and unused-suppression on or off. It also checks that the
// findings shown are returned in an array of their number.
func TestRuleFilterMatchesReference(t *testing.T) {
	var plan map[string][]Diagnostic // the findings each rule reports next
	ruleNames := []string{"rule-a", "rule-b", "rule-c"}
	sevs := []Severity{Info, Warning, Error}
	var analyzers []*Analyzer
	for i, name := range ruleNames {
		analyzers = append(analyzers, &Analyzer{
			Name: name, Severity: sevs[i], Profile: Core, Doc: Doc{Title: name},
			Run: func(pass *Pass) (any, error) {
				for _, d := range plan[pass.Analyzer.Name] {
					pass.Report(d)
				}
				return nil, nil
			},
		})
	}
	analyzers = append(analyzers, UnusedSuppression)
	reg, err := NewRegistry(analyzers)
	if err != nil {
		t.Fatal(err)
	}
	order, err := topo(analyzers)
	if err != nil {
		t.Fatal(err)
	}
	l := &linter{reg: reg}
	r := rand.New(rand.NewPCG(3, 4))
	kinds := []string{"sfmd-disable-next-line", "sfmd-disable-line", "sfmd-disable", "sfmd-enable", "sfmd-disable-file", "sfmd-disable-next-block"}
	names := []string{"rule-a", "rule-b", "rule-c", "all", "no-such-rule", ""}
	shownSome, hiddenSome, suppressedSome := false, false, false
	for iter := range 3000 {
		const nLines = 14
		var src strings.Builder
		for range nLines {
			switch r.IntN(4) {
			case 0:
				rules := names[r.IntN(len(names))]
				if r.IntN(3) == 0 {
					rules += "," + names[r.IntN(len(names))]
				}
				prefix := ""
				if r.IntN(3) == 0 {
					prefix = "text "
				}
				fmt.Fprintf(&src, "%s<!-- %s %s -->\n", prefix, kinds[r.IntN(len(kinds))], rules)
			case 1:
				src.WriteString("\n")
			default:
				src.WriteString("some text\n")
			}
		}
		doc := fakeParse("doc.md", []byte(src.String()))
		if iter%7 == 0 {
			doc.Comments = nil // the path without a suppression table
		}
		plan = map[string][]Diagnostic{}
		for _, name := range ruleNames {
			for range r.IntN(12) {
				line, col := 1+r.IntN(nLines), 1+r.IntN(3)
				d := Diagnostic{
					Message: fmt.Sprint("m", r.IntN(2)),
					Span:    sfmd.Span{Start: sfmd.Pos{Line: int32(line), Col: int32(col)}, End: sfmd.Pos{Line: int32(line), Col: int32(col + r.IntN(2))}},
				}
				if r.IntN(3) == 0 {
					d.Severity = sevs[r.IntN(len(sevs))]
				}
				switch r.IntN(6) {
				case 0:
					d.Path = "doc.md"
				case 1:
					d.Path = "other.md"
				case 2:
					d.Path = "other.md"
					d.Related = []Related{{Path: "doc.md", Span: sfmd.Span{Start: sfmd.Pos{Line: int32(1 + r.IntN(nLines)), Col: 1}}}}
				}
				if r.IntN(4) == 0 && len(plan[name]) > 0 { // a duplicate
					d = plan[name][r.IntN(len(plan[name]))]
				}
				plan[name] = append(plan[name], d)
			}
		}
		set := &settings{enabled: map[string]bool{}, selected: map[string]bool{}, severity: map[string]Severity{}, minSeverity: sevs[r.IntN(len(sevs))], showSelected: r.IntN(2) == 0}
		for _, a := range analyzers {
			set.enabled[a.Name] = a != UnusedSuppression || r.IntN(4) != 0
			set.selected[a.Name] = r.IntN(3) == 0
			if r.IntN(3) == 0 {
				set.severity[a.Name] = sevs[r.IntN(len(sevs))]
			}
		}
		j := &job{display: doc.Path, set: set, order: order}
		want, wantHidden, wantErr := referenceCheck(l, doc, j)
		got, gotHidden, gotErr := l.checkContext(context.Background(), doc, j, nil)
		if !reflect.DeepEqual(got, want) || gotHidden != wantHidden || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("document %d:\n%s\nplan %v\nsettings %+v\n got %d hidden, %v\nwant %d hidden, %v", iter, src.String(), plan, *set, gotHidden, got, wantHidden, want)
		}
		if cap(got) != len(got) {
			t.Fatalf("document %d: %d findings shown in an array of %d", iter, len(got), cap(got))
		}
		shownSome = shownSome || len(got) > 0
		hiddenSome = hiddenSome || gotHidden > 0
		n := 0
		for _, ds := range plan {
			n += len(ds)
		}
		suppressedSome = suppressedSome || len(doc.Comments) > 0 && n > len(got)+gotHidden+3
	}
	if !shownSome || !hiddenSome || !suppressedSome {
		t.Fatalf("the random documents miss a case: shown %v, hidden %v, suppressed %v", shownSome, hiddenSome, suppressedSome)
	}
}
