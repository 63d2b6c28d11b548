package rules

import (
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// errorAbove reports an error on a line of td's template above line li.
func errorAbove(errLines map[int]bool, td *tmplDry, li int) bool {
	for _, l := range td.Lines[:li] {
		if errLines[l.Line.Span.Start.Line] {
			return true
		}
	}
	return false
}

// TestRawTemplateLineIsAnError: every response template line that the
// model's template dry run (model.Parsed.DryRunTemplate, helpers.ts
// executeResponseTemplate) prints as text although it is written as an
// assignment, a value shortcut, a for:, end:, save:, decode: or to: line
// carries an error on that line (a stray end: an error above it, on the
// for: line it was meant to close), from whichever rule names its cause (in
// the rule archives, corpus/err and the upstream corpus): the dry run
// finds no raw line that the linter leaves unreported.
func TestRawTemplateLineIsAnError(t *testing.T) {
	checked := 0
	for name, src := range droppedParamDocs(t) {
		doc := sfmd.Parse(name, src)
		tds := tmplDryRuns(doc, buildDryTable(doc, buildHints(doc, buildSymbols(doc))), true)
		if len(tds) == 0 {
			continue
		}
		diags, err := lint.Check(doc, All())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		errLines := map[int]bool{}
		for _, d := range diags {
			if d.Severity == lint.Error {
				for l := d.Span.Start.Line; l <= d.Span.End.Line; l++ {
					errLines[l] = true
				}
			}
		}
		for _, td := range tds {
			for li, f := range td.Run.Lines {
				if !f.Raw {
					continue
				}
				checked++
				l := td.Lines[li].Line
				if td.Lines[li].Kind == sfmd.LineEnd && errorAbove(errLines, td, li) {
					continue // the for: it was meant to close is reported (for-syntax-invalid, for-nested)
				}
				if !errLines[l.Span.Start.Line] {
					t.Errorf("%s:%d: the runtime prints template line %q as text but no error says so", name, l.Span.Start.Line, strings.TrimSpace(l.Text))
				}
			}
		}
	}
	if checked == 0 {
		t.Error("no raw template line in the corpora: the test checks nothing")
	}
}
