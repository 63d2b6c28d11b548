package lint

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// FixMode says which suggested fixes are applied.
type FixMode int

const (
	FixNone   FixMode = iota
	FixSafe           // --fix
	FixUnsafe         // --fix --unsafe-fixes: every fix
)

// applicable returns the first fix of d that mode allows, or nil.
func (m FixMode) applicable(d *Diagnostic) *Fix {
	if m == FixNone {
		return nil
	}
	for i := range d.Fixes {
		f := &d.Fixes[i]
		if len(f.Edits) > 0 && (f.Safe || m == FixUnsafe) {
			return f
		}
	}
	return nil
}

// ApplyFixes applies the fixes of diags that mode allows to src. Fixes are
// taken in diagnostic order; a fix whose edits are invalid (out of range,
// overlapping each other) or overlap an edit already accepted is skipped
// whole, to be retried on the next round after re-linting. It returns the
// new text and the number of fixes applied; src is not modified.
func ApplyFixes(src []byte, diags []Diagnostic, mode FixMode) ([]byte, int) {
	var accepted []Edit
	applied := 0
	for i := range diags {
		f := mode.applicable(&diags[i])
		if f == nil {
			continue
		}
		edits := append([]Edit(nil), f.Edits...)
		sortEdits(edits)
		if !validEdits(edits, len(src)) || conflicts(accepted, edits) {
			continue
		}
		accepted = append(accepted, edits...)
		sortEdits(accepted)
		applied++
	}
	if applied == 0 {
		return src, 0
	}
	return applyEdits(src, accepted), applied
}

func sortEdits(es []Edit) {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Start != es[j].Start {
			return es[i].Start < es[j].Start
		}
		return es[i].End < es[j].End
	})
}

// validEdits checks sorted edits are in range and pairwise disjoint.
func validEdits(es []Edit, n int) bool {
	for i, e := range es {
		if e.Start < 0 || e.End < e.Start || e.End > n {
			return false
		}
		if i > 0 && overlap(es[i-1], e) {
			return false
		}
	}
	return true
}

// overlap reports whether two edits touch the same bytes or insert at the
// same place (where their order would be ambiguous).
func overlap(a, b Edit) bool {
	if a.Start == b.Start {
		return true
	}
	if a.Start > b.Start {
		a, b = b, a
	}
	return b.Start < a.End
}

func conflicts(accepted, es []Edit) bool {
	for _, e := range es {
		// accepted is sorted: find the first edit starting at or after
		// e.Start, and check it and its predecessor.
		i := sort.Search(len(accepted), func(i int) bool { return accepted[i].Start >= e.Start })
		if i < len(accepted) && overlap(accepted[i], e) {
			return true
		}
		if i > 0 && overlap(accepted[i-1], e) {
			return true
		}
	}
	return false
}

// applyEdits applies sorted, disjoint, in-range edits.
func applyEdits(src []byte, es []Edit) []byte {
	size := len(src)
	for _, e := range es {
		size += len(e.New) - (e.End - e.Start)
	}
	out := make([]byte, 0, size)
	last := 0
	for _, e := range es {
		out = append(out, src[last:e.Start]...)
		out = append(out, e.New...)
		last = e.End
	}
	return append(out, src[last:]...)
}

// UnifiedDiff renders the change from old to new as a unified diff with
// three lines of context, labelled a/path and b/path. It returns "" when
// the texts are equal. Line matching uses go-diff's line mode.
func UnifiedDiff(path string, old, new []byte) string {
	if bytes.Equal(old, new) {
		return ""
	}
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(string(old), string(new))
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)

	// Flatten into a list of (op, line) with lines keeping their "\n".
	type dl struct {
		op   diffmatchpatch.Operation
		text string
	}
	var ls []dl
	for _, d := range diffs {
		for _, l := range splitLines(d.Text) {
			ls = append(ls, dl{d.Type, l})
		}
	}
	const ctx = 3
	var out strings.Builder
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", path, path)
	// Positions: oldLine/newLine are 1-based numbers of the next line.
	i := 0
	for i < len(ls) {
		// find next change
		j := i
		for j < len(ls) && ls[j].op == diffmatchpatch.DiffEqual {
			j++
		}
		if j == len(ls) {
			break
		}
		start := max(j-ctx, i)
		// extend the hunk while changes are within 2*ctx of each other
		end := j
		for {
			for end < len(ls) && ls[end].op != diffmatchpatch.DiffEqual {
				end++
			}
			k := end
			for k < len(ls) && ls[k].op == diffmatchpatch.DiffEqual && k-end < 2*ctx {
				k++
			}
			if k < len(ls) && ls[k].op != diffmatchpatch.DiffEqual {
				end = k
				continue
			}
			end = min(end+ctx, len(ls))
			break
		}
		// line numbers at start
		oldN, newN := 1, 1
		for _, l := range ls[:start] {
			if l.op != diffmatchpatch.DiffInsert {
				oldN++
			}
			if l.op != diffmatchpatch.DiffDelete {
				newN++
			}
		}
		oldC, newC := 0, 0
		for _, l := range ls[start:end] {
			if l.op != diffmatchpatch.DiffInsert {
				oldC++
			}
			if l.op != diffmatchpatch.DiffDelete {
				newC++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(oldN, oldC), hunkRange(newN, newC))
		for _, l := range ls[start:end] {
			prefix := " "
			switch l.op {
			case diffmatchpatch.DiffDelete:
				prefix = "-"
			case diffmatchpatch.DiffInsert:
				prefix = "+"
			}
			out.WriteString(prefix)
			out.WriteString(l.text)
			if !strings.HasSuffix(l.text, "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return out.String()
}

func hunkRange(start, count int) string {
	if count == 0 {
		return fmt.Sprintf("%d,0", start-1)
	}
	if count == 1 {
		return fmt.Sprintf("%d", start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}
