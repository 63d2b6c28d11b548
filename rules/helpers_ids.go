package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Helpers shared by the rules checking the spelling of identifiers
// (spec.md §2.16 "bad ID patterns", *-invalid).

// renameHint suggests a name, or says which characters are allowed when
// there is nothing to suggest (writeRenameHint, in one allocation).
func renameHint(want, allowed string) string {
	var b strings.Builder
	// the quoted name of a plain one, or the characters allowed
	b.Grow(max(len(renameTo)+len(want)+2, len(useChars)+len(allowed)+len(startLetter)))
	writeRenameHint(&b, want, allowed)
	return b.String()
}

// The words of renameHint: renameTo starts its suggestion of a name,
// useChars and startLetter go around the characters allowed.
const (
	renameTo    = "; rename it to "
	useChars    = "; use "
	startLetter = ", starting with a letter"
)

// writeRenameHint writes renameHint(want, allowed) to b.
func writeRenameHint(b *strings.Builder, want, allowed string) {
	if want == "" {
		b.WriteString(useChars)
		b.WriteString(allowed)
		b.WriteString(startLetter)
		return
	}
	b.WriteString(renameTo)
	writeQuoted(b, want) // fmt's %q, without its machinery
}

// Character sets of the ID patterns, for renameHint.
const (
	hyphenChars  = "lower-case letters, digits and '-'"
	sessionChars = "lower-case letters, digits and '_'"
)

// directiveNameRun is the Run of nav-name-invalid and include-id-invalid:
// it reports directive names of the given types outside [a-z][a-z0-9-]*.
func directiveNameRun(kind string, types []string) func(*lint.Pass) (any, error) {
	return func(pass *lint.Pass) (any, error) {
		for _, d := range pass.Doc.Directives {
			if !hasString(types, d.Type) || d.Name == "" || !d.OwnLine || hyphenIDShape.Matches(d.Name) {
				continue
			}
			pass.Reportf(d.NameSpan, "%s %q does not match [a-z][a-z0-9-]*%s", kind, d.Name, renameHint(sanitizeID(d.Name, '-', false), hyphenChars))
		}
		return nil, nil
	}
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// navTypes are the directive types that register a nav menu ([impl]
// `menu` is a legacy alias of `nav`).
var navTypes = []string{"nav", "menu"}

// isShortcutDef reports whether s defines a page shortcut.
func isShortcutDef(s *sfmd.Shortcut) bool {
	return s.Form == sfmd.ShortcutInline || s.Form == sfmd.ShortcutRefDef
}

// appendHyphenID appends sanitizeID(s, '-', false) to dst, written
// without an allocation of its own when s is ASCII and fits 64 bytes
// (a byte is lower-cased as strings.ToLower does it; a non-ASCII letter
// may lower-case to an ASCII one, the Kelvin sign to 'k': sanitizeID
// then answers). sanitizeID lower-cases a copy, grows a builder and
// trims: block-id-invalid asks it of every marker it reports, 17,094 on
// the generated 10 MB document, and writes the answer into its message
// (TestHyphenID holds the two alike). What it appends is [a-z0-9-]*.
func appendHyphenID(dst []byte, s string) []byte {
	var buf [64]byte
	b := buf[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return append(dst, sanitizeID(s, '-', false)...)
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-':
			b = append(b, c)
		case len(b) > 0 && b[len(b)-1] != '-':
			b = append(b, '-')
		}
	}
	// trim the '-' at both ends, then move what comes before the first
	// letter (less its last '-') behind the rest
	from, to := 0, len(b)
	for from < to && b[from] == '-' {
		from++
	}
	for to > from && b[to-1] == '-' {
		to--
	}
	b = b[from:to]
	i := 0
	for i < len(b) && (b[i] < 'a' || b[i] > 'z') {
		i++
	}
	if i == len(b) {
		return dst
	}
	lead := b[:i] // starts with no '-' (b does not)
	for len(lead) > 0 && lead[len(lead)-1] == '-' {
		lead = lead[:len(lead)-1]
	}
	return append(append(dst, b[i:]...), lead...)
}
