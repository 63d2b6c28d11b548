package lint

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// The one per-document checker. `sfmd lint` (linter.lintFile, a file read
// from disk or stdin) and the editor (BufferLinter.Lint and Fix, a buffer)
// both check a document with checkDoc: the size gate, the parse, the
// enabled rules with the config's options and severities and the
// workspace, the suppressions and unused-suppression, the shown filter
// (min-severity), and the fix rounds. The drivers only differ in where the
// text comes from and where the result goes.

// checkInput is one document to check.
type checkInput struct {
	j *job
	// src is the text; tooLarge, when set, says it was not read past
	// its head because it is over the size cap (sfmd lint's reads stop
	// there). A src over the cap (an editor's buffer) is gated the same.
	src      []byte
	tooLarge *safeio.TooLargeError
	// ws gives the workspace the rules see for the text src of a round
	// (nil for none: stdin without a filename).
	ws func(src []byte) *Workspace
	// ctx stops the check between two rules (an editor's buffer changed
	// again); nil is context.Background().
	ctx context.Context
	// mode is the fixes applied, in rounds of lint, fix, lint again up to
	// maxFixRounds; FixNone checks once.
	mode FixMode
	// keepDoc keeps the last round's tree in the result (the editor's
	// navigation; --add-noqa places its comments by it).
	keepDoc bool
	// parse, when set, parses the text instead of the linter's parser
	// (lintFile's arena).
	parse func(string, []byte) *sfmd.Document
}

// testHookCheck, when set (by tests), is called once for every document
// checkDoc checks: both drivers count there.
var testHookCheck func(j *job)

// checkDoc checks one document. The result's diags are the shown findings
// of the final text (src), first/firstHidden those of the text as given;
// err holds the failures of rules (the other rules' findings are kept),
// or of the parser or the checker itself, which leave no findings and no
// fixes.
func (l *linter) checkDoc(in checkInput) *fileResult {
	if testHookCheck != nil {
		testHookCheck(in.j)
	}
	ctx := in.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	res := &fileResult{src: in.src}
	if !in.j.stdin {
		res.limit = l.maxSize(in.j) // Report.Source reads the file again within it
	}
	if tl := l.sizeGate(in.j, in.src, in.tooLarge); tl != nil {
		l.tooLarge(in.j, tl, res)
		res.src = nil
		return res
	}
	src := in.src
	for round := 0; ; round++ {
		var ws *Workspace
		if in.ws != nil {
			ws = in.ws(src)
		}
		doc, diags, hidden, err, fatal := l.checkText(ctx, in, src, ws)
		if fatal != nil || ctx.Err() != nil {
			if fatal == nil {
				fatal = ctx.Err()
			}
			return &fileResult{limit: res.limit, src: in.src, err: fatal}
		}
		if err != nil {
			res.err = err
		}
		res.diags, res.hidden = diags, hidden
		if round == 0 {
			res.first, res.firstHidden = diags, hidden
		}
		if in.keepDoc {
			res.doc = doc
		}
		if in.mode == FixNone || round == maxFixRounds {
			break
		}
		fixed, n := l.applyMode(in.j, doc, src, diags, in.mode)
		if n == 0 || len(fixed) > sfmd.MaxSource { // a text past MaxSource cannot be checked again: the round's fixes are left out
			break
		}
		res.fixed += n
		src = fixed
	}
	res.src = src
	return res
}

// sizeGate returns why the job's text is not checked, over the size cap
// of its settings: tl when its read stopped there, or for a src longer
// than the cap; nil for a text within the cap.
func (l *linter) sizeGate(j *job, src []byte, tl *safeio.TooLargeError) *safeio.TooLargeError {
	if tl != nil {
		return tl
	}
	if limit := l.maxSize(j); int64(len(src)) > limit {
		return &safeio.TooLargeError{Size: int64(len(src)), Limit: limit, Head: src[:min(len(src), safeio.HeadSize)]}
	}
	return nil
}

// checkText parses src and checks it once: the rules, then severities and
// suppressions (checkContext), then the shown filter. A panic, the
// parser's failure or ctx's end is fatal: no findings.
func (l *linter) checkText(ctx context.Context, in checkInput, src []byte, ws *Workspace) (doc *sfmd.Document, diags []Diagnostic, hidden int, err, fatal error) {
	j, parse := in.j, l.parse
	if in.parse != nil {
		parse = in.parse
	}
	defer func() {
		if r := recover(); r != nil {
			doc, diags, hidden, err, fatal = nil, nil, 0, nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	if j.json {
		// Manifest rules read the JSON text themselves.
		doc = &sfmd.Document{Path: j.display, Src: src, Index: sfmd.NewLineIndex(src)}
	} else if doc, fatal = parseRecovered(parse, j.display, src); fatal != nil {
		return nil, nil, 0, nil, fatal
	}
	diags, hidden, err = l.checkContext(ctx, doc, j, ws) // only what is shown is fixed
	if ctx.Err() != nil {
		return nil, nil, 0, nil, ctx.Err()
	}
	return doc, diags, hidden, err, nil
}

// isShown reports whether the run reports d (the file's minimum severity,
// Options.MinSeverity or its config's, and ShowSelected).
func isShown(d *Diagnostic, set *settings) bool { return shownAt(set, d.Rule, d.Severity) }

// shownAt is isShown of a finding of rule graded sev.
func shownAt(set *settings, rule string, sev Severity) bool {
	return sev >= set.minSeverity || set.showSelected && set.selected[rule]
}

// hiddenAt reports whether a finding of rule graded sev is hidden in a
// document of set: isShown's test, after the config's grading, of a
// finding that has that severity as its rule reports it.
func hiddenAt(set *settings, rule string, sev Severity) bool {
	if o, ok := set.severity[rule]; ok {
		sev = o
	}
	return !shownAt(set, rule, sev)
}

// hiddenRules marks the analyzers of order (a job's) that need not run in
// a document of set where nothing reads a hidden finding (no suppression
// comment, no count of the hidden: see checkContext): a rule no analyzer
// of order requires, that draws nothing from the budget of optional work
// (Analyzer.SpendsWork), and every finding of which is hidden, up to its
// Ceiling. Its findings would be dropped unread: not shown, not fixed
// (the fixes applied are those of the findings shown), not failing the
// run (fail-on lowers the minimum severity to it). Nil when every
// analyzer runs.
func hiddenRules(order []*Analyzer, set *settings) []bool {
	var skip []bool
	for i, a := range order {
		if a.Shared || a.SpendsWork || !hiddenAt(set, a.Name, a.Ceiling()) || requiredIn(order, a) {
			continue
		}
		if skip == nil {
			skip = make([]bool, len(order))
		}
		skip[i] = true
	}
	return skip
}

// requiredIn reports whether an analyzer of order requires a.
func requiredIn(order []*Analyzer, a *Analyzer) bool {
	for _, b := range order {
		if slices.Contains(b.Requires, a) {
			return true
		}
	}
	return false
}

// ruleFilter is what the driver does to each finding of the rules, once
// sorted and deduplicated, as the scratch collects them (checkContext):
// the configured severity, the suppressions (marking those that cover
// it, so that unused-suppression knows them used) and the shown filter
// (counting the hidden). A finding suppressed or hidden is not copied
// out of the scratch: the 10 MB benchmark document's 19,948 hidden
// findings are not held until the end of its check.
//
// With suppressions, the findings left are deduplicated once more, each
// against the one left before it: two equal findings (sameDiagnostic)
// that a suppressed one separated in the order, or one of which the
// first deduplication dropped for an equal one that is suppressed, are
// one finding, as when the whole were sorted again after the filter.
// They can differ in their Related positions, which anchor the
// suppression of a finding in another file.
type ruleFilter struct {
	set    *settings
	sup    *suppressions // nil: the document has no comments
	last   Diagnostic    // a copy of the finding left before (with sup; collect's d is reused)
	isLast bool          // last is set
	hidden int
}

// hides answers Pass.Hides.
func (f *ruleFilter) hides(a *Analyzer, sev Severity) bool {
	return hiddenAt(f.set, a.Name, sev)
}

func (f *ruleFilter) keep(d *Diagnostic) bool {
	if sev, ok := f.set.severity[d.Rule]; ok {
		d.Severity = sev
	}
	if f.sup != nil {
		if f.sup.suppressed(d, true) {
			return false
		}
		if f.isLast && sameDiagnostic(&f.last, d) {
			return false
		}
		f.last, f.isLast = *d, true
	}
	if !isShown(d, f.set) {
		f.hidden++
		return false
	}
	return true
}

type parsePanic struct{ v any }

func (p *parsePanic) Error() string { return fmt.Sprintf("parser failed: panic: %v", p.v) }

var errNoDocument = errors.New("parser returned no document")

// checkContext runs the enabled rules of the job's kind on doc and
// applies severities, suppressions and the shown filter, returning the
// findings shown and the number hidden. It stops early, with ctx's
// error, once ctx is done (BufferLinter: the editor changed the buffer
// again).
//
// The rules' findings are filtered as they are collected (ruleFilter);
// the suppressions' own problems, known once every rule finding has
// marked the comments it uses, are filtered after and merged in order.
func (l *linter) checkContext(ctx context.Context, doc *sfmd.Document, j *job, ws *Workspace) ([]Diagnostic, int, error) {
	set := j.set
	f := &ruleFilter{set: set}
	if len(doc.Comments) > 0 {
		f.sup = buildSuppressions(doc, l.reg)
	}
	hid := &hiding{hides: f.hides}
	if f.sup == nil && l.opts.NoHiddenCount {
		hid.skip = j.skip
	}
	diags, err := checkOrderedContext(ctx, doc, j.order, set.options, ws, f.keep, hid)
	f.last = Diagnostic{} // drops what it points at
	if ctx.Err() != nil {
		return nil, 0, ctx.Err()
	}
	hidden := f.hidden
	if f.sup == nil {
		return diags, hidden, err
	}
	probs := f.sup.unusedProblems(set.enabled)
	for i := range probs {
		p := &probs[i]
		if p.Path == "" {
			p.Path = doc.Path
		}
		if sev, ok := set.severity[unusedSuppressionName]; ok {
			p.Severity = sev
		} else if p.Severity == 0 {
			p.Severity = UnusedSuppression.Severity
		}
	}
	probs = sortDiagnostics(probs)
	shown := probs[:0]
	for _, p := range probs {
		if isShown(&p, set) {
			shown = append(shown, p)
		} else {
			hidden++
		}
	}
	if len(shown) == 0 {
		if diags == nil && len(probs) > 0 {
			// as when the problems were appended, then hidden: no
			// findings shown, an empty slice rather than nil
			diags = []Diagnostic{}
		}
		return diags, hidden, err
	}
	return mergeDiagnostics(diags, shown), hidden, err
}

// mergeDiagnostics merges the problems of the suppressions (sorted and
// deduplicated) into the rules' findings (sorted and deduplicated), the
// rules' first where the order ties, as a stable sort of the two one
// after the other does. No problem duplicates a rule's finding: the
// messages differ (unused-suppression's own Run reports malformed
// directives only, which the table leaves out).
func mergeDiagnostics(a, b []Diagnostic) []Diagnostic {
	out := make([]Diagnostic, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if compareDiagnosticPtrs(&b[j], &a[i]) < 0 {
			out = append(out, b[j])
			j++
		} else {
			out = append(out, a[i])
			i++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}
