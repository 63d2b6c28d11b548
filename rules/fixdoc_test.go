package rules

import (
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

// emittedFixes lints every input of rule's archive (bad, fix and
// fix-unsafe documents) with the rule alone and reports whether its
// findings carried a safe fix, an unsafe fix, or neither.
func emittedFixes(t *testing.T, rule *lint.Analyzer) (safe, unsafe bool) {
	t.Helper()
	a := loadArchive(t, rule.Name)
	for _, name := range []string{"bad", "fix", "fix-unsafe"} {
		name += ext(rule)
		if _, ok := a.files[name]; !ok {
			continue
		}
		diags, _ := a.lintFile(t, name, rule, lint.FixNone)
		for _, d := range diags {
			for _, f := range d.Fixes {
				if len(f.Edits) == 0 {
					continue
				}
				if f.Safe {
					safe = true
				} else {
					unsafe = true
				}
			}
		}
	}
	return safe, unsafe
}

// TestFixDocs checks each rule's Doc.Fix against the fixes its archive
// makes it emit: a rule declaring no fix emits none, a safe one only
// safe fixes (and at least one), an unsafe one only unsafe fixes (and at
// least one), a sometimes-safe one some fix; a rule with a fix says why
// it is safe or unsafe.
func TestFixDocs(t *testing.T) {
	for _, rule := range All() {
		t.Run(rule.Name, func(t *testing.T) {
			t.Parallel()
			safe, unsafe := emittedFixes(t, rule)
			fix := rule.Doc.Fix
			var want lint.FixKind
			switch {
			case safe && unsafe:
				want = lint.SometimesSafe
			case safe:
				want = lint.SafeFix
			case unsafe:
				want = lint.UnsafeFix
			}
			switch {
			case fix.Kind == lint.SometimesSafe && (safe || unsafe):
				// one archive need not show both cases
			case fix.Kind != want:
				t.Errorf("%s declares Doc.Fix %s but its archive makes it emit fixes that are %s", rule.Name, fix.Kind, want)
			}
			if fix.Kind != lint.NoFix && strings.TrimSpace(fix.Reason) == "" {
				t.Errorf("%s has a %s fix but no Doc.Fix.Reason saying why", rule.Name, fix.Kind)
			}
			if fix.Kind == lint.NoFix && fix.Reason != "" {
				t.Errorf("%s has no fix but a Doc.Fix.Reason", rule.Name)
			}
		})
	}
}
