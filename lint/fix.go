package lint

import "sort"

// FixMode says which suggested fixes are applied.
type FixMode int

const (
	FixNone   FixMode = iota
	FixSafe           // --fix
	FixUnsafe         // --fix --unsafe-fixes: every fix
)

// applicable returns the first fix of d that mode allows, or nil.
func (m FixMode) applicable(d *Diagnostic) *Fix {
	if m != FixSafe && m != FixUnsafe {
		return nil // FixNoqa writes suppressions, not the fixes
	}
	for i := range d.Fixes {
		f := &d.Fixes[i]
		if len(f.Edits) > 0 && (f.Safe || m == FixUnsafe) {
			return f
		}
	}
	return nil
}

// ApplyFixes applies the fixes of diags that mode allows to src (one round
// of --fix; the driver re-lints and repeats up to maxFixRounds). Fixes are
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
