package rules

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

// suggestionRE finds a replacement a message quotes: "did you mean X",
// "rename it to X", "write X" (X a Go-quoted string, as the rules format
// it with %q).
var suggestionRE = regexp.MustCompile(`(?:did you mean|rename (?:it|the field|the variable) to|; write) ("(?:[^"\\]|\\.)*")`)

// suggestion is a replacement a message quotes: its text, and the text
// as the message writes it, quotes included (`write "Search query"`
// asks for the quotes too).
type suggestion struct{ text, quoted string }

// messageSuggestions returns the quoted replacements of a message.
func messageSuggestions(msg string) []suggestion {
	var out []suggestion
	for _, m := range suggestionRE.FindAllStringSubmatch(msg, -1) {
		if s, err := strconv.Unquote(m[1]); err == nil {
			out = append(out, suggestion{s, m[1]})
		}
	}
	return out
}

// applyEdits applies a fix's edits to src and returns the result and the
// changed region [start, end) in it.
func applyEdits(src []byte, edits []lint.Edit) (string, int, int) {
	es := append([]lint.Edit(nil), edits...)
	sort.Slice(es, func(i, j int) bool { return es[i].Start < es[j].Start })
	var b strings.Builder
	last, start, end := 0, -1, 0
	for _, e := range es {
		if e.Start < last || e.End > len(src) {
			return "", -1, -1
		}
		b.Write(src[last:e.Start])
		if start < 0 {
			start = b.Len()
		}
		b.WriteString(e.New)
		end = b.Len()
		last = e.End
	}
	b.Write(src[last:])
	return b.String(), start, end
}

// writes reports whether the fix's result holds s over the region it
// changed (the first edit, for a fix of several: a rename's sites each
// hold the same name).
func writes(src []byte, f lint.Fix, s string) bool {
	if len(f.Edits) == 0 {
		return false
	}
	got, start, end := applyEdits(src, f.Edits[:1])
	if start < 0 {
		return false
	}
	for i := strings.Index(got, s); i >= 0; {
		if i <= start && i+len(s) >= end {
			return true
		}
		j := strings.Index(got[i+1:], s)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// TestSuggestionIsWhatTheFixWrites: over every rule's archive, when a
// finding with a fix quotes a replacement ("did you mean X", "rename it
// to X", "write X"), applying the fix writes exactly X where it edits.
func TestSuggestionIsWhatTheFixWrites(t *testing.T) {
	checked := 0
	for _, rule := range All() {
		a := loadArchive(t, rule.Name)
		for _, name := range []string{"bad", "fix", "fix-unsafe"} {
			name += ext(rule)
			src, ok := a.files[name]
			if !ok {
				continue
			}
			diags, _ := a.lintFile(t, name, rule, lint.FixNone)
			for _, d := range diags {
				sugg := messageSuggestions(d.Message)
				if len(sugg) == 0 || len(d.Fixes) == 0 {
					continue
				}
				for _, s := range sugg {
					ok := false
					for _, f := range d.Fixes {
						ok = ok || writes(src, f, s.text) || writes(src, f, s.quoted)
					}
					checked++
					if !ok {
						t.Errorf("%s: %s:%d: the message suggests %q, but no fix writes it: %s (fixes: %+v)", rule.Name, name, d.Span.Start.Line, s.text, d.Message, d.Fixes)
					}
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d suggestions checked; the test reads too few messages", checked)
	}
	t.Logf("%d suggestions checked", checked)
}
