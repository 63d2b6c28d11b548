package rules

import (
	"fmt"
	"strconv"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Helpers shared by the rules reporting a name defined twice (*-duplicate).
// Each reports the second and later definitions, with the first as the
// related position.

// dupTracker remembers the first span of each key.
type dupTracker map[string]sfmd.Span

// check returns the first span of key and true when key was seen before;
// otherwise it records span.
func (t dupTracker) check(key string, span sfmd.Span) (sfmd.Span, bool) {
	if first, ok := t[key]; ok {
		return first, true
	}
	t[key] = span
	return sfmd.Span{}, false
}

// eachOnce reports whether named ids, whose set (with "" for those
// without one) is ids, are each written once: no duplicate to look for.
func eachOnce(ids map[string]bool, named int) bool {
	n := len(ids)
	if ids[""] {
		n--
	}
	return n == named
}

func reportDup(pass *lint.Pass, span, first sfmd.Span, what, todo string) {
	pass.Report(lint.Diagnostic{
		Span:    span,
		Message: what + " already defined at line " + strconv.Itoa(first.Start.Line) + "; " + todo, // thousands on a large document: no Sprintf
		Related: related(first),
	})
}

// freeName returns base2, base3, … (joined with sep) not in taken.
func freeName(base, sep string, taken func(string) bool) string {
	for i := 2; ; i++ {
		n := base + sep + strconv.Itoa(i)
		if !taken(n) {
			return n
		}
	}
}

// directiveDupRun is the Run of nav-name-duplicate and include-id-duplicate:
// it reports a directive name of the given types registered twice.
func directiveDupRun(kind string, types []string) func(*lint.Pass) (any, error) {
	return func(pass *lint.Pass) (any, error) {
		seen := dupTracker{}
		for _, d := range pass.Doc.Directives {
			if !hasString(types, d.Type) || d.Name == "" || !d.OwnLine {
				continue
			}
			if first, dup := seen.check(d.Name, d.NameSpan); dup {
				reportDup(pass, d.NameSpan, first, fmt.Sprintf("%s %q", kind, d.Name), "rename or remove this directive")
			}
		}
		return nil, nil
	}
}
