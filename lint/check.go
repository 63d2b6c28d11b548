package lint

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// Check runs analyzers (and, first, everything they require) over one
// parsed document and returns their diagnostics with Rule, Severity and
// Path filled in, sorted and deduplicated. It applies no configuration and
// no suppressions: the driver does that on top.
//
// A rule that fails or panics does not stop the others: its error is
// returned (joined with the others) and the analyzers that require it are
// skipped.
func Check(doc *sfmd.Document, analyzers []*Analyzer) ([]Diagnostic, error) {
	order, err := topo(analyzers)
	if err != nil {
		return nil, err
	}
	return checkOrdered(doc, order, nil, nil)
}

// CheckWithoutOptionalWork is Check with no budget of optional work (see
// Pass.Spend): every rule leaves out what it may leave out (did-you-mean
// suggestions). The scaling tests use it to measure the work every run
// must do; the optional work is bounded by OptionalWork, linear in the
// document's size.
func CheckWithoutOptionalWork(doc *sfmd.Document, analyzers []*Analyzer) ([]Diagnostic, error) {
	order, err := topo(analyzers)
	if err != nil {
		return nil, err
	}
	return checkOrderedContext(context.WithValue(context.Background(), noOptionalWork{}, true), doc, order, nil, nil)
}

// noOptionalWork is the context key of CheckWithoutOptionalWork.
type noOptionalWork struct{}

// checkOrdered is Check with the analyzers already in dependency order (the
// driver computes the order once per rule set, not once per file).
func checkOrdered(doc *sfmd.Document, order []*Analyzer, options map[string]map[string]any, ws *Workspace) ([]Diagnostic, error) {
	return checkOrderedContext(context.Background(), doc, order, options, ws)
}

// checkOrderedContext is checkOrdered that gives up between two analyzers
// once ctx is done (an editor's buffer changed again): it then returns
// ctx's error and no diagnostics.
func checkOrderedContext(ctx context.Context, doc *sfmd.Document, order []*Analyzer, options map[string]map[string]any, ws *Workspace) ([]Diagnostic, error) {
	// Only non-nil results are kept (a handful of shared analyses). A
	// rule that requires something reads them from the one map of the
	// document's results, which holds every analysis it requires (and
	// possibly others that ran before it); a rule that requires nothing
	// gets a nil ResultOf: most of the ~200 rules, once per document.
	var results map[*Analyzer]any
	var failed map[*Analyzer]bool
	var errs []error
	var diags []Diagnostic
	passes := getPasses(len(order)) // no allocation per rule, nor per document
	defer putPasses(passes)
	budget := OptionalWork(len(doc.Src))
	if ctx.Value(noOptionalWork{}) != nil {
		budget = 0
	}
	// One Report for every rule of the document (rules run one at a
	// time): cur is the rule running.
	var cur *Analyzer
	report := func(d Diagnostic) {
		if d.Rule == "" {
			d.Rule = cur.Name
		}
		if d.Severity == 0 {
			d.Severity = cur.Severity
		}
		if d.Path == "" {
			d.Path = doc.Path
		} else if d.Path != doc.Path {
			d.Fixes = nil // --fix rewrites only the document linted
		}
		diags = append(diags, d)
	}
	for i, a := range order {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		skip := false
		if failed != nil {
			for _, r := range a.Requires {
				if failed[r] {
					skip = true
				}
			}
		}
		if skip {
			failed[a] = true
			continue
		}
		pass := &passes[i]
		*pass = Pass{
			Analyzer:  a,
			Doc:       doc,
			Options:   options[a.Name],
			Workspace: ws,
			budget:    &budget,
		}
		if len(a.Requires) > 0 {
			pass.ResultOf = results
		}
		cur, pass.Report = a, report
		res, err := runSafely(a, pass)
		if err != nil {
			if failed == nil {
				failed = map[*Analyzer]bool{}
			}
			failed[a] = true
			errs = append(errs, fmt.Errorf("rule %q failed: %w", a.Name, err))
			continue
		}
		if res != nil {
			if results == nil {
				results = map[*Analyzer]any{}
			}
			results[a] = res
		}
	}
	return sortDiagnostics(diags), errors.Join(errs...)
}

// passPool recycles the Pass values of a document's rules: a document
// needs one per rule (an analysis's result may keep its pass while later
// rules run), and allocating them afresh for every document was an
// eighth of the memory sfmd lint allocated. Nothing keeps a pass once
// its document is checked.
var passPool sync.Pool

func getPasses(n int) []Pass {
	if p, ok := passPool.Get().(*[]Pass); ok && cap(*p) >= n {
		return (*p)[:n]
	}
	return make([]Pass, n)
}

func putPasses(ps []Pass) {
	clear(ps) // drop what they point at: documents, results, closures
	passPool.Put(&ps)
}

func runSafely(a *Analyzer, pass *Pass) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return a.Run(pass)
}

// topo orders analyzers so that every analyzer comes after the ones it
// requires, and rejects cycles.
func topo(analyzers []*Analyzer) ([]*Analyzer, error) {
	const (
		visiting = 1
		done     = 2
	)
	state := map[*Analyzer]int{}
	var order []*Analyzer
	var visit func(a *Analyzer, path []string) error
	visit = func(a *Analyzer, path []string) error {
		switch state[a] {
		case done:
			return nil
		case visiting:
			return fmt.Errorf("cycle in analyzer requirements: %v -> %s", path, a.Name)
		}
		if a.Run == nil {
			return fmt.Errorf("analyzer %q has no Run function", a.Name)
		}
		state[a] = visiting
		for _, r := range a.Requires {
			if err := visit(r, append(path, a.Name)); err != nil {
				return err
			}
		}
		state[a] = done
		order = append(order, a)
		return nil
	}
	for _, a := range analyzers {
		if err := visit(a, nil); err != nil {
			return nil, err
		}
	}
	return order, nil
}

// sortDiagnostics sorts by path, line, column, rule, message and removes
// exact duplicates. It sorts in place and returns the deduplicated slice.
func sortDiagnostics(ds []Diagnostic) []Diagnostic {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Span.Start.Line, b.Span.Start.Line); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Span.Start.Col, b.Span.Start.Col); c != 0 {
			return c
		}
		if c := strings.Compare(a.Rule, b.Rule); c != 0 {
			return c
		}
		return strings.Compare(a.Message, b.Message)
	})
	out := ds[:0]
	for i, d := range ds {
		if i > 0 {
			p := out[len(out)-1]
			if p.Path == d.Path && p.Span == d.Span && p.Rule == d.Rule && p.Message == d.Message {
				continue
			}
		}
		out = append(out, d)
	}
	return out
}
