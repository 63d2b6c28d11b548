package rules

import (
	"slices"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// nameLike reports whether s could be a name the index lists.
var nameLike = sfmd.Shape{First: setOf("A-Z", "a-z", "0-9", "_-.@$"), Rest: setOf("A-Z", "a-z", "0-9", "_-.@$")}

// renamingEdits returns the edits of f that rename a name of doc: an edit
// replacing a name-like text with a name-like text where the document's
// index of names lists an occurrence overlapping it. It fails the test
// when such an edit does not replace exactly an occurrence's name.
func renamingEdits(t *testing.T, where string, doc *sfmd.Document, f lint.Fix) []sfmd.Occurrence {
	t.Helper()
	names := doc.Names()
	var out []sfmd.Occurrence
	for _, e := range f.Edits {
		if e.Start >= e.End || !nameLike.Matches(e.New) || !nameLike.Matches(string(doc.Src[e.Start:e.End])) {
			continue
		}
		var exact *sfmd.Occurrence
		overlaps := false
		for _, o := range names.All() {
			if o.Start < e.End && e.Start < o.End {
				overlaps = true
				if o.Start == e.Start && o.End == e.End {
					exact = &o
				}
			}
		}
		switch {
		case exact != nil:
			out = append(out, *exact)
		case overlaps:
			t.Errorf("%s: fix %q edits [%d,%d) %q -> %q, which is part of a name but not an occurrence the index lists", where, f.Message, e.Start, e.End, doc.Src[e.Start:e.End], e.New)
		}
	}
	return out
}

// TestRenamesGoThroughTheIndex runs every rule's fixes on its archive:
// each edit that renames a name replaces exactly an occurrence of
// sfmd's index of names (Document.Names), and a fix renaming a name at
// several places renames it at every place the index lists.
func TestRenamesGoThroughTheIndex(t *testing.T) {
	renames := 0
	for _, rule := range All() {
		if ext(rule) != ".md" {
			continue
		}
		a := loadArchive(t, rule.Name)
		for _, name := range []string{"bad.md", "fix.md", "fix-unsafe.md"} {
			src, ok := a.files[name]
			if !ok {
				continue
			}
			doc := sfmd.Parse(name, src)
			diags, _ := a.lintFile(t, name, rule, lint.FixNone)
			for _, d := range diags {
				for _, f := range d.Fixes {
					where := rule.Name + ": " + name
					occs := renamingEdits(t, where, doc, f)
					renames += len(occs)
					if len(occs) < 2 {
						continue
					}
					group := doc.Names().Group(&occs[0])
					var want, got [][2]int
					for _, o := range group {
						want = append(want, [2]int{o.Start, o.End})
					}
					for _, o := range occs {
						got = append(got, [2]int{o.Start, o.End})
					}
					slices.SortFunc(got, func(x, y [2]int) int { return x[0] - y[0] })
					if !slices.Equal(got, want) {
						t.Errorf("%s: fix %q renames %q at %v, but the index lists it at %v", where, f.Message, occs[0].Name, got, want)
					}
				}
			}
		}
	}
	if renames < 5 {
		t.Errorf("only %d renaming edits seen; the test reads too few fixes", renames)
	}
	t.Logf("%d renaming edits checked", renames)
}
