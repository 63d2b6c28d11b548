package lint

import (
	"context"
	"errors"
	"fmt"

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
		if n == 0 {
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
	diags, err = l.checkContext(ctx, doc, j, ws)
	if ctx.Err() != nil {
		return nil, nil, 0, nil, ctx.Err()
	}
	diags, hidden = l.shown(diags, j.set) // only what is shown is fixed
	return doc, diags, hidden, err, nil
}

// shown keeps the findings the run reports (the file's minimum severity,
// Options.MinSeverity or its config's, and ShowSelected) and counts the
// others. It filters diags in place (the callers drop the slice they pass),
// so that a document with many findings is not held twice.
func (l *linter) shown(diags []Diagnostic, set *settings) ([]Diagnostic, int) {
	out := diags[:0]
	for _, d := range diags {
		if d.Severity >= set.minSeverity || set.showSelected && set.selected[d.Rule] {
			out = append(out, d)
		}
	}
	hidden := len(diags) - len(out)
	clear(diags[len(out):]) // let the hidden findings' strings go
	return out, hidden
}

type parsePanic struct{ v any }

func (p *parsePanic) Error() string { return fmt.Sprintf("parser failed: panic: %v", p.v) }

var errNoDocument = errors.New("parser returned no document")

// checkContext runs the enabled rules of the job's kind on doc and
// applies severities and suppressions. It stops early, with ctx's error,
// once ctx is done (BufferLinter: the editor changed the buffer again).
func (l *linter) checkContext(ctx context.Context, doc *sfmd.Document, j *job, ws *Workspace) ([]Diagnostic, error) {
	set := j.set
	diags, err := checkOrderedContext(ctx, doc, j.order, set.options, ws)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	for i := range diags {
		if sev, ok := set.severity[diags[i].Rule]; ok {
			diags[i].Severity = sev
		}
	}
	if len(doc.Comments) > 0 {
		t := buildSuppressions(doc, l.reg)
		diags = t.filter(diags, set.enabled)
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
	return diags, err
}
