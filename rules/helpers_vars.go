package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Helpers shared by the rules about where $VAR persistent variables may appear (spec.md §1.11,
// §2.2, §2.11, §2.12).

// lineKindPhrase names a template line kind in a message.
func lineKindPhrase(k sfmd.LineKind) string {
	switch k {
	case sfmd.LineAssign:
		return "an assignment"
	case sfmd.LineValueShortcut:
		return "a value-shortcut assignment"
	case sfmd.LineSave, sfmd.LineDecode, sfmd.LineFor, sfmd.LineTo:
		return fmt.Sprintf("a %q line", k.String()+":")
	}
	return "a " + k.String() + " line"
}

// insideHint reports whether span lies inside an invocation hint (those
// are persistent-var-in-command's).
func insideHint(doc *sfmd.Document, span sfmd.Span) bool { return insideHintOf(doc.Hints, span) }

// insideHintOf is insideHint among the hints hs, a run of the document's.
func insideHintOf(hs []*sfmd.Hint, span sfmd.Span) bool {
	// Hints do not overlap and are in source order: the last one
	// starting at or before span is the only candidate.
	k := sort.Search(len(hs), func(i int) bool { return hs[i].Span.Start.Offset > span.Start.Offset }) - 1
	return k >= 0 && span.End.Offset <= hs[k].Span.End.Offset
}

// contextTypo returns the context variable name is probably a misspelling
// of, or "".
func contextTypo(name string) string {
	if isContextVar(name) {
		return ""
	}
	if strings.HasPrefix(name, "CURRENT_") || strings.HasPrefix(name, "STRING_") {
		if n := nearest(name, contextVars); n != "" {
			return n
		}
		return "?"
	}
	if len(name) >= 4 {
		for _, c := range contextVars {
			if d := len(name) - len(c); d >= -1 && d <= 1 && suggest.OneEdit(name, c) {
				return c
			}
		}
	}
	return ""
}
