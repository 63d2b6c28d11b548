package lint

import (
	"context"
	"errors"
	"fmt"
	"slices"
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
	return checkOrderedContext(context.WithValue(context.Background(), noOptionalWork{}, true), doc, order, nil, nil, nil, nil)
}

// noOptionalWork is the context key of CheckWithoutOptionalWork.
type noOptionalWork struct{}

// checkOrdered is Check with the analyzers already in dependency order (the
// driver computes the order once per rule set, not once per file).
func checkOrdered(doc *sfmd.Document, order []*Analyzer, options map[string]map[string]any, ws *Workspace) ([]Diagnostic, error) {
	return checkOrderedContext(context.Background(), doc, order, options, ws, nil, nil)
}

// hiding is what the driver tells the engine of a document's findings
// that nothing reads (see hiddenRules and Pass.Hides).
type hiding struct {
	// skip marks the positions of the order whose analyzers are not run
	// (nil: all run)
	skip []bool
	// hides answers Pass.Hides (nil: nothing is hidden unread)
	hides func(a *Analyzer, sev Severity) bool
}

// checkOrderedContext is checkOrdered that gives up between two analyzers
// once ctx is done (an editor's buffer changed again): it then returns
// ctx's error and no diagnostics. An order is not changed once passed
// (the driver makes one per settings, topo a new one each time): the
// scratch that ran it knows it again by its array (getScratch).
//
// A non-nil keep decides which of the sorted, deduplicated findings are
// returned (see collect); a non-nil hid leaves out the analyzers whose
// findings nothing would read.
func checkOrderedContext(ctx context.Context, doc *sfmd.Document, order []*Analyzer, options map[string]map[string]any, ws *Workspace, keep func(*Diagnostic) bool, hid *hiding) ([]Diagnostic, error) {
	s := getScratch(order)
	defer putScratch(s)
	s.budget = OptionalWork(len(doc.Src))
	if ctx.Value(noOptionalWork{}) != nil {
		s.budget = 0
	}
	s.doc = doc
	if hid != nil {
		s.skip, s.hides = hid.skip, hid.hides
	}
	s.start(doc, ws)
	for {
		again, err := s.run(ctx, options)
		if err != nil {
			return nil, err
		}
		if !again {
			break
		}
	}
	return s.collect(keep), errors.Join(s.errs...)
}

// run runs the analyzers of order from s.next on. A rule that panics
// stops it: the panic is its error, and run returns again to be called
// for the rules after it (one recover per document, not one per rule).
//
// Only non-nil results are kept (a handful of shared analyses). A rule
// that requires something reads them from the one map of the document's
// results, which holds every analysis it requires (and possibly others
// that ran before it); a rule that requires nothing gets a nil ResultOf:
// most of the ~200 rules, once per document.
func (s *checkScratch) run(ctx context.Context, options map[string]map[string]any) (again bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.fail(s.steps[s.next].a, fmt.Errorf("panic: %v", r))
			s.next++
			again = true
		}
	}()
	// context.Background's Done is nil: it never ends, and is not asked
	// ~200 times a document; a config without rule options is not looked
	// up ~200 times either (the two calls were two fifths of the loop's
	// own instructions, callgrind on the upstream corpus)
	ends := ctx.Done() != nil
	hasOptions := len(options) > 0
	steps, skip := s.steps, s.skip
	for i := s.next; i < len(steps); i++ {
		s.next = i // the recover's
		if ends && ctx.Err() != nil {
			return false, ctx.Err()
		}
		if skip != nil && skip[i] {
			continue
		}
		st := &steps[i]
		a := st.a
		if s.failed != nil && requiresFailed(a, s.failed) {
			s.failed[a] = true
			continue
		}
		s.cur = a
		pass := st.pass
		pass.Analyzer = a
		// a pointer is written only when it changes: while the
		// collector marks, each write is a write barrier
		var opts map[string]any
		if hasOptions {
			opts = options[a.Name]
		}
		if pass.Options != nil || opts != nil {
			pass.Options = opts
		}
		var resultOf map[*Analyzer]any
		if st.results {
			resultOf = s.results
		}
		if pass.ResultOf != nil || resultOf != nil {
			pass.ResultOf = resultOf
		}
		res, err := st.run(pass)
		if err != nil {
			s.fail(a, err)
			continue
		}
		if res != nil {
			if s.results == nil {
				s.results = map[*Analyzer]any{}
			}
			s.results[a] = res
		}
	}
	s.next = len(steps)
	return false, nil
}

// fail records that analyzer a failed with err: the analyzers that
// require it are skipped.
func (s *checkScratch) fail(a *Analyzer, err error) {
	if s.failed == nil {
		s.failed = map[*Analyzer]bool{}
	}
	s.failed[a] = true
	s.errs = append(s.errs, fmt.Errorf("rule %q failed: %w", a.Name, err))
}

// requiresFailed reports whether an analysis a requires has failed.
func requiresFailed(a *Analyzer, failed map[*Analyzer]bool) bool {
	for _, r := range a.Requires {
		if failed[r] {
			return true
		}
	}
	return false
}

// checkScratch is what checking one document needs besides the rules'
// own work, recycled from one document to the next (scratchPool): the
// engine then allocates nothing per rule, and next to nothing per
// document. A Pass was one allocation per rule and document, and
// setting and clearing ~200 of them, pointers all, cost the write
// barriers of the garbage collector a twentieth of the time of the rules.
type checkScratch struct {
	// own are the passes of the analyses a later analyzer requires: their
	// result may keep their pass (a closure over it) while the rules
	// after them run, so each has its own. Every other analyzer runs on
	// shared, one after the other: nothing reads its result.
	own    []Pass
	shared Pass
	steps  []step      // per position in the order planned for
	from   []*Analyzer // the order the steps were planned for

	doc  *sfmd.Document
	cur  *Analyzer // the rule running
	next int       // the position in order of the next rule to run
	// the findings reported, in chunks the scratch keeps for the next
	// document (findings.go): n reports, their extras and fulls
	reports            [][]report
	extras             [][]extra
	fulls              [][]Diagnostic
	n, nExtras, nFulls int
	names              []string   // the names of the rules that reported (report.rule)
	named              *Analyzer  // the rule of the last name
	keys               []sortKey  // collect's
	kept               Diagnostic // the finding collect gives keep
	budget             int
	report             func(Diagnostic) // the one Report of every rule (rules run one at a time)
	skip               []bool           // the steps not run in the document (hiding.skip)
	hides              func(*Analyzer, Severity) bool

	results map[*Analyzer]any  // the non-nil results of the document's analyses
	failed  map[*Analyzer]bool // the analyzers that failed (nil: none)
	errs    []error
}

var scratchPool sync.Pool

// getScratch returns a scratch ready for order (the driver passes the
// same order for every document of a configuration: the passes it needs
// are computed once).
func getScratch(order []*Analyzer) *checkScratch {
	s, _ := scratchPool.Get().(*checkScratch)
	if s == nil {
		s = &checkScratch{}
		s.report = s.add
	}
	if !s.sameOrder(order) {
		s.plan(order)
	}
	return s
}

// putScratch drops what the scratch points at (the document, the
// results, the options) and recycles it.
func putScratch(s *checkScratch) {
	clear(s.own)
	s.shared = Pass{}
	s.doc, s.cur, s.next = nil, nil, 0
	s.skip, s.hides = nil, nil
	s.dropDiags()
	clear(s.results) // keeps its room for the next document
	s.failed, s.errs = nil, nil
	scratchPool.Put(s)
}

// sameOrder reports whether the scratch's steps are those of order: the
// same analyzers in the same order. The driver passes the order of the
// document's settings, the slice the scratch planned for last time: its
// backing array is compared (once a document) before its ~200
// analyzers.
func (s *checkScratch) sameOrder(order []*Analyzer) bool {
	if len(s.steps) == 0 || len(s.steps) != len(order) {
		return false
	}
	if &s.from[0] == &order[0] {
		return true
	}
	for i, a := range order {
		if s.steps[i].a != a {
			return false
		}
	}
	return true
}

// step is what run reads of the analyzer at one position of the order,
// side by side: the Analyzer values (~200, each a few cache lines, its
// documentation) are not read for each document. An analyzer is not
// changed once it is checked (x/tools' analysis asks the same).
type step struct {
	a       *Analyzer
	run     func(*Pass) (any, error)
	pass    *Pass // its own, or the shared one
	results bool  // it requires analyses: it reads the document's results
}

// plan makes the steps of order and decides which analyzers get their
// own pass: those some analyzer of order requires.
func (s *checkScratch) plan(order []*Analyzer) {
	s.from = order
	var required []*Analyzer // a handful of shared analyses
	for _, a := range order {
		for _, r := range a.Requires {
			if !slices.Contains(required, r) {
				required = append(required, r)
			}
		}
	}
	n := 0
	for _, a := range order {
		if slices.Contains(required, a) {
			n++
		}
	}
	s.own = make([]Pass, n)
	s.steps = slices.Grow(s.steps[:0], len(order))[:len(order)]
	n = 0
	for i, a := range order {
		s.steps[i] = step{a: a, run: a.Run, pass: &s.shared, results: len(a.Requires) > 0}
		if slices.Contains(required, a) {
			s.steps[i].pass = &s.own[n]
			n++
		}
	}
}

// start sets what every pass of the document shares.
func (s *checkScratch) start(doc *sfmd.Document, ws *Workspace) {
	s.shared.init(s, doc, ws)
	for i := range s.own {
		s.own[i].init(s, doc, ws)
	}
}

func (p *Pass) init(s *checkScratch, doc *sfmd.Document, ws *Workspace) {
	p.Doc, p.Workspace, p.budget, p.Report, p.hides = doc, ws, &s.budget, s.report, s.hides
}

// topo orders analyzers so that every analyzer comes after the ones it
// requires, and rejects cycles.
func topo(analyzers []*Analyzer) ([]*Analyzer, error) {
	const (
		visiting = 1
		done     = 2
	)
	state := make(map[*Analyzer]int8, len(analyzers))
	var order []*Analyzer
	var path []string // the names of the analyzers being visited, outermost first
	var visit func(a *Analyzer) error
	visit = func(a *Analyzer) error {
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
		path = append(path, a.Name)
		for _, r := range a.Requires {
			if err := visit(r); err != nil {
				return err
			}
		}
		path = path[:len(path)-1]
		state[a] = done
		order = append(order, a)
		return nil
	}
	for _, a := range analyzers {
		if err := visit(a); err != nil {
			return nil, err
		}
	}
	return order, nil
}

// sortDiagnostics sorts by path, line, column, rule, message and removes
// exact duplicates. It sorts in place and returns the deduplicated slice.
// Findings already in order (the emitter sorts a document's findings
// again with those of other documents) are not moved, and none is copied
// onto itself: a Diagnostic is 128 bytes with pointers, each copy a write
// barrier while the collector marks.
func sortDiagnostics(ds []Diagnostic) []Diagnostic {
	if !isSorted(ds) {
		slices.SortStableFunc(ds, compareDiagnostics)
	}
	n := 0 // ds[:n] is the deduplicated prefix
	for i := range ds {
		if n > 0 && sameDiagnostic(&ds[n-1], &ds[i]) {
			continue
		}
		if n != i {
			ds[n] = ds[i]
		}
		n++
	}
	return ds[:n]
}

// isSorted is slices.IsSortedFunc(ds, compareDiagnostics) comparing the
// findings in place: the function value took two copies of 152 bytes a
// comparison (the emitter checks the order of every document's findings).
func isSorted(ds []Diagnostic) bool {
	for i := 1; i < len(ds); i++ {
		if compareDiagnosticPtrs(&ds[i], &ds[i-1]) < 0 {
			return false
		}
	}
	return true
}

// sameDiagnostic reports whether b duplicates a (sortDiagnostics keeps one).
func sameDiagnostic(a, b *Diagnostic) bool {
	return a.Path == b.Path && a.Span == b.Span && a.Rule == b.Rule && a.Message == b.Message
}
