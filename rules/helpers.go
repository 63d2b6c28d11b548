package rules

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ID patterns from spec.md §1.5–§1.11: the language's name shapes
// (sfmd.Shape, byte scans of `^[first][rest]*$`), and the classes the
// rules' other scans use.
var (
	actionIDShape   = sfmd.ActionIDShape               // actions, shortcuts
	hyphenIDShape   = sfmd.BlockIDShape                // blocks, nav names, include IDs
	sessionVarShape = sfmd.SessionVarShape             // {var}
	persistentShape = sfmd.PersistentShape             // $VAR and env names
	paramNameShape  = sfmd.ParamNameShape              // parameter names
	wordChars       = setOf("A-Z", "a-z", "0-9", "_")  // [A-Za-z0-9_]
	nameChars       = setOf("A-Z", "a-z", "0-9", "_-") // [a-zA-Z0-9_-]
)

// charSet is a set of bytes (here always ASCII).
type charSet = *[256]bool

// setOf builds a set from parts (sfmd.Chars).
func setOf(parts ...string) charSet { return sfmd.Chars(parts...) }

// idPattern matches `^[first][rest]*$` (sfmd.Shape).
type idPattern = sfmd.Shape

// shapeOf is the pattern of a name whose every byte is in set.
func shapeOf(set charSet) idPattern { return idPattern{First: set, Rest: set} }

// budgetedNearest is nearest for candidates whose number grows with the
// document (action ids, parameters, variables, shortcuts): the
// comparisons (two per candidate: the edit distance, then the swap) are
// paid from the document's budget (lint.Pass.Spend), and once it is
// spent there is no suggestion.
func budgetedNearest(pass *lint.Pass, name string, candidates []string) string {
	if !pass.Spend(2 * len(candidates)) {
		return ""
	}
	return nearest(name, candidates)
}

// nearest returns the candidate closest to name (case-insensitively) when
// it is within a distance that makes it a plausible typo, or "". One swap
// of adjacent characters ("bdoy" for "body", "ctiy" for "city"), the
// commonest typo in short names, is always plausible.
func nearest(name string, candidates []string) string {
	if n := nearestEdit(name, candidates); n != "" {
		return n
	}
	return nearestSwap(name, candidates)
}

// nearestSwap returns the first candidate (in sorted order) that is name
// with two adjacent characters swapped, case-insensitively, or "".
func nearestSwap(name string, candidates []string) string {
	low := strings.ToLower(name)
	best := ""
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if len(lc) != len(low) || lc == low {
			continue
		}
		for i := 0; i+1 < len(low); i++ {
			// low with bytes i and i+1 swapped is lc, compared in place
			if low[i] != low[i+1] && low[i] == lc[i+1] && low[i+1] == lc[i] && low[:i] == lc[:i] && low[i+2:] == lc[i+2:] && (best == "" || c < best) {
				best = c
			}
		}
	}
	return best
}

// nearestEdit is nearest by edit distance alone.
func nearestEdit(name string, candidates []string) string {
	best, bestD := "", 1<<30
	limit := 2
	if len(name) <= 4 {
		limit = 1
	}
	low := strings.ToLower(name)
	n := utf8.RuneCountInString(name)
	// the smallest distance, and among equals the first in sorted order
	for _, c := range candidates {
		if c == name {
			continue
		}
		if dl := utf8.RuneCountInString(c) - n; dl > limit || dl < -limit {
			continue // the distance is at least the length difference: too far
		}
		d := suggest.EditWithin(low, strings.ToLower(c), limit)
		if d < bestD || d == bestD && c < best {
			best, bestD = c, d
		}
	}
	if bestD <= limit {
		return best
	}
	return ""
}

// sanitizeID turns s into an identifier matching [a-z][a-z0-9<sep>]*,
// using sep for characters that are not allowed (and keeping '_' when
// keepUnderscore). Leading non-letters are moved to the end. It returns
// "" when nothing usable is left.
func sanitizeID(s string, sep byte, keepUnderscore bool) string {
	s = strings.ToLower(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-' && sep == '-':
			b.WriteByte(c)
		case c == '_' && keepUnderscore:
			b.WriteByte(c)
		default:
			if n := b.Len(); n > 0 && b.String()[n-1] != sep {
				b.WriteByte(sep)
			}
		}
	}
	out := strings.Trim(b.String(), "-_")
	i := strings.IndexFunc(out, func(r rune) bool { return r >= 'a' && r <= 'z' })
	if i < 0 {
		return ""
	}
	if i > 0 {
		lead := strings.Trim(out[:i], "-_")
		out = out[i:] + lead
	}
	return out
}

// snakeCase converts camelCase, kebab-case and spaced names to
// snake_case: "UserName" -> "user_name".
func snakeCase(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 && s[i-1] >= 'a' && s[i-1] <= 'z' {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return sanitizeID(b.String(), '_', true)
}

// src returns the source bytes covered by span, or "" when the span is
// out of range.
func src(doc *sfmd.Document, span sfmd.Span) string {
	s, e := span.Start.Off(), span.End.Off()
	if !span.IsValid() || s < 0 || e > len(doc.Src) || s > e {
		return ""
	}
	return string(doc.Src[s:e])
}

// spanAt returns the span of the bytes [start, end) of the file.
func spanAt(doc *sfmd.Document, start, end int) sfmd.Span {
	return index(doc).Span(start, end)
}

// index returns the document's line index, building one when the parser
// left it nil (documents built by hand in tests).
func index(doc *sfmd.Document) *sfmd.LineIndex {
	if doc.Index == nil {
		doc.Index = sfmd.NewLineIndex(doc.Src)
	}
	return doc.Index
}

// lineOffset returns the file offset of text when it is exactly the
// source text at span (so that offsets inside text map to the file), or
// -1.
func lineOffset(doc *sfmd.Document, text string, span sfmd.Span) int {
	s, e := span.Start.Off(), span.End.Off()
	if !span.IsValid() || s < 0 || e > len(doc.Src) || s > e || e-s != len(text) {
		return -1
	}
	if string(doc.Src[s:e]) == text { // compared in place, not copied
		return s
	}
	return -1
}

// appendQuotedAfter appends strconv.Quote(prefix+s) without making the
// string prefix+s: prefix is printable ASCII without '"' or '\\' ("--",
// "@", "act."), which Quote writes as it is and which does not change how s's
// bytes are quoted (TestAppendQuotedAfter).
func appendQuotedAfter(buf []byte, prefix, s string) []byte {
	buf = append(append(buf, '"'), prefix...)
	if plainQuoted(s) {
		return append(append(buf, s...), '"')
	}
	k := len(buf)
	buf = strconv.AppendQuote(buf, s)
	return append(buf[:k], buf[k+1:]...) // drop s's opening quote
}

// plainQuoted reports whether strconv.Quote(s) is s between double
// quotes: every byte printable ASCII (' ' to '~') other than '"' and
// '\\', which Quote writes as they are. For such a string (every ID and
// name of the generated documents) appendQuote and quote skip Quote's
// decoding of each rune and its table of printable ones.
func plainQuoted(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// appendQuote appends strconv.Quote(s), what %q prints for a string
// (TestQuoteIsStrconv).
func appendQuote(buf []byte, s string) []byte {
	if plainQuoted(s) {
		return append(append(append(buf, '"'), s...), '"')
	}
	return strconv.AppendQuote(buf, s)
}

// quote is strconv.Quote(s) (TestQuoteIsStrconv).
func quote(s string) string {
	if plainQuoted(s) {
		return "\"" + s + "\""
	}
	return strconv.Quote(s)
}

// related builds the "previously defined here" secondary position.
func related(span sfmd.Span) []lint.Related {
	return []lint.Related{{Span: span, Message: "previously defined here"}}
}

// inCodeSpan reports whether byte i of text lies inside an inline code
// span (a backtick run closed by a run of the same length).
func inCodeSpan(text string, i int) bool {
	for _, r := range codeSpansOf(text) {
		if i >= r[0] && i < r[1] {
			return true
		}
		if r[0] > i {
			break
		}
	}
	return false
}

// codeSpansOf returns the inline code spans of a line as [start, end)
// byte ranges, in order (sfmd.CodeSpans).
func codeSpansOf(text string) [][2]int { return sfmd.CodeSpans(text) }

// containsBraced reports whether text holds "{" + name + "}", without
// building that string (asked per parameter of every action).
func containsBraced(text, name string) bool {
	for i := 1; i+len(name) < len(text); i++ {
		j := strings.Index(text[i:len(text)-1], name)
		if j < 0 {
			return false
		}
		i += j
		if text[i-1] == '{' && text[i+len(name)] == '}' {
			return true
		}
	}
	return false
}

// appendJoin appends strings.Join(elems, sep) to buf.
func appendJoin(buf []byte, elems []string, sep string) []byte {
	for i, e := range elems {
		if i > 0 {
			buf = append(buf, sep...)
		}
		buf = append(buf, e...)
	}
	return buf
}
