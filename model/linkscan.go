package model

import (
	"strings"
	"unicode/utf8"
)

// plainLinkSpans is reRndPlainLink.FindAllStringSubmatchIndex(s, -1)
// (renderer.ts PLAIN_LINK_RE, `\[([^\]]*)\]\(([^)@][^)]*)\)`) found by
// one scan of s: a link's label runs from a "[" to the first "]" after
// it, which a "(" must follow, and its target from there to the first
// ")", neither empty nor starting with "@". The first "]" and the first
// ")" are searched for once each and reused for every "[" before them
// (a "[" with no "]" after it would otherwise scan the rest of s once
// per "["). Each match is an array, in one slice made at the number of
// "](" in s, which every match holds once (it grew by doubling, each
// step new memory). TestPlainLinkSpansIsRegexp holds it to the regexp.
func plainLinkSpans(s string) [][6]int {
	var out [][6]int
	if n := strings.Count(s, "]("); n > 0 {
		out = make([][6]int, 0, n)
	}
	closeAt, parenAt := -1, -1 // the first "]" after the current "[", the first ")" after the current target's start
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '[')
		if j < 0 {
			break
		}
		p := i + j
		if closeAt <= p {
			k := strings.IndexByte(s[p+1:], ']')
			if k < 0 {
				break // no "]" after this "[", nor after any later one
			}
			closeAt = p + 1 + k
		}
		q := closeAt + 2 // the target's first byte
		if q >= len(s) || s[closeAt+1] != '(' || s[q] == ')' || s[q] == '@' {
			i = p + 1
			continue
		}
		if parenAt <= q {
			k := strings.IndexByte(s[q+1:], ')')
			if k < 0 {
				break // no ")" after this target, nor after any later one
			}
			parenAt = q + 1 + k
		}
		out = append(out, [6]int{p, parenAt + 1, p + 1, closeAt, q, parenAt})
		i = parenAt + 1
	}
	return out
}

// shortcutSpans is reRndShortcut.FindAllStringSubmatchIndex(s, -1)
// (renderer.ts `\[(@[a-zA-Z0-9._-]+)\s+([^\]]+)\]\([^)]+\)`) found by one
// scan of s: "[@", an id, white space, a label up to the first "]" (the
// white space gives its last character back when the label would be
// empty), "(", a target up to the first ")", neither empty. As in
// plainLinkSpans, the first "]" and ")" are searched for once for every
// "[" before them. TestShortcutSpansIsRegexp holds it to the regexp.
func shortcutSpans(s string) [][]int { return idShortcutSpans(s, isShortcutIDByte, false) }

// refShortcutSpans is reShortcut.FindAllStringSubmatchIndex(s, -1), the
// reference parser's pattern (parser.ts,
// `\[(@[a-zA-Z0-9_-]+)\s+([^\]]+)\]\(([^)]+)\)`): shortcutSpans' scan
// with ids of [a-zA-Z0-9_-] and the target as group 3.
// TestRefShortcutSpansIsRegexp holds it to the regexp.
func refShortcutSpans(s string) [][]int {
	return idShortcutSpans(s, isRefShortcutIDByte, true)
}

// isRefShortcutIDByte reports whether c is in [a-zA-Z0-9_-].
func isRefShortcutIDByte(c byte) bool { return isWordByte(c) || c == '-' }

// idShortcutSpans is the scan of shortcutSpans with ids of the bytes
// idByte accepts (none of them white space or a bracket), each span
// with the target's bounds after the label's when target is set.
func idShortcutSpans(s string, idByte func(byte) bool, target bool) [][]int {
	var out [][]int
	n := 6
	if target {
		n = 8
	}
	eachShortcutSpan(s, idByte, func(sp [8]int) {
		out = append(out, append([]int(nil), sp[:n]...))
	})
	return out
}

// eachShortcutSpan is idShortcutSpans' scan, each match's span (with the
// target's bounds) handed to yield as an array (a value: nothing to keep): the
// reference parser reads the matches of a line without a slice of them.
func eachShortcutSpan(s string, idByte func(byte) bool, yield func(sp [8]int)) {
	closeAt, parenAt := -1, -1
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], "[@")
		if j < 0 {
			break
		}
		p := i + j
		i = p + 1
		e := p + 2 // the id's end
		for e < len(s) && idByte(s[e]) {
			e++
		}
		if e == p+2 {
			continue
		}
		l, prev := e, e // the label's start, and the start of the last white space
		for l < len(s) {
			r, n := utf8.DecodeRuneInString(s[l:])
			if !isJSSpace(r) {
				break
			}
			prev, l = l, l+n
		}
		if l == e {
			continue
		}
		if closeAt < l {
			k := strings.IndexByte(s[l:], ']')
			if k < 0 {
				break // no "]" after this label, nor after any later one
			}
			closeAt = l + k
		}
		if closeAt == l {
			if prev == e {
				continue // one white space character: the label is empty
			}
			l = prev
		}
		q := closeAt + 2
		if q >= len(s) || s[closeAt+1] != '(' || s[q] == ')' {
			continue
		}
		if parenAt <= q {
			k := strings.IndexByte(s[q+1:], ')')
			if k < 0 {
				break
			}
			parenAt = q + 1 + k
		}
		yield([8]int{p, parenAt + 1, p + 1, e, l, closeAt, q, parenAt})
		i = parenAt + 1
	}
}

// isShortcutIDByte reports whether c is in [a-zA-Z0-9._-].
func isShortcutIDByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'
}

// replaceSpans is replaceSubmatch with the matches already found (spans
// as FindAllStringSubmatchIndex gives them, in order, not overlapping):
// fn gets each match and its groups ("" for a group that did not
// participate). The replacements are made first, in order, and the
// result written to a builder of exactly its length (one sized by s grew
// again for replacements longer than their matches: a 10 MB page with
// 2,850 invocations written out took 22 MB).
func replaceSpans(s string, spans [][]int, fn func(m []string) string) string {
	return editSpans(s, spans, fn).apply(s)
}

// spanEdits are the replacements of spans of a text, in order and not
// overlapping: reps[i] takes the place of text[spans[i][0]:spans[i][1]];
// grow is what they add to the text's length.
type spanEdits struct {
	spans [][]int
	reps  []string
	grow  int
}

// editSpans makes the replacements of replaceSpans without writing the
// result (apply writes it).
func editSpans(s string, spans [][]int, fn func(m []string) string) spanEdits {
	if len(spans) == 0 {
		return spanEdits{}
	}
	m := make([]string, len(spans[0])/2)
	e := spanEdits{spans: spans, reps: make([]string, len(spans))}
	for i, loc := range spans {
		for g := range m {
			m[g] = ""
			if loc[2*g] >= 0 {
				m[g] = s[loc[2*g]:loc[2*g+1]]
			}
		}
		e.reps[i] = fn(m)
		e.grow += len(e.reps[i]) - (loc[1] - loc[0])
	}
	return e
}

// longer is what the replacements longer than their spans add.
func (e spanEdits) longer() int {
	n := 0
	for i, r := range e.reps {
		n += max(0, len(r)-(e.spans[i][1]-e.spans[i][0]))
	}
	return n
}

// apply is s, the text e was made on, with its replacements written, in
// a builder of exactly its length.
func (e spanEdits) apply(s string) string {
	if len(e.spans) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + e.grow)
	last := 0
	for i, loc := range e.spans {
		b.WriteString(s[last:loc[0]])
		b.WriteString(e.reps[i])
		last = loc[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// labelledSpans finds `\[([^\]]+)\]\[` followed by what tail matches:
// the label of a "[" runs to the first "]" after it, and every "[" before
// that "]" shares its tail, so when the tail fails at one the scan goes
// on after the "]" (each byte is read a bounded number of times). tail
// gets the index just after "][" and returns the groups it matched
// (start, end pairs) and the match's end, or ok false; stop true means
// that no later "[" can match either.
func labelledSpans(s string, tail func(at int) (groups []int, end int, ok, stop bool)) [][]int {
	var out [][]int
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '[')
		if j < 0 {
			break
		}
		p := i + j
		k := strings.IndexByte(s[p+1:], ']')
		if k < 0 {
			break // no "]" after this "[", nor after any later one
		}
		c := p + 1 + k
		if c == p+1 {
			i = c // an empty label; the next "[" may follow the "]"
			continue
		}
		if c+1 >= len(s) || s[c+1] != '[' {
			i = c + 1
			continue
		}
		groups, end, ok, stop := tail(c + 2)
		if stop {
			break
		}
		if !ok {
			i = c + 1
			continue
		}
		out = append(out, append([]int{p, end, p + 1, c}, groups...))
		i = end
	}
	return out
}

// invokeSpans is reInvoke.FindAllStringSubmatchIndex(s, -1)
// (resolver.ts `\[([^\]]+)\]\[@([a-zA-Z0-9._-]+)\]`).
// TestInvokeSpansIsRegexp holds it to the regexp.
func invokeSpans(s string) [][]int {
	return labelledSpans(s, func(at int) ([]int, int, bool, bool) {
		if at >= len(s) || s[at] != '@' {
			return nil, 0, false, false
		}
		e := at + 1
		for e < len(s) && isShortcutIDByte(s[e]) {
			e++
		}
		if e == at+1 || e >= len(s) || s[e] != ']' {
			return nil, 0, false, false
		}
		return []int{at + 1, e}, e + 1, true, false
	})
}

// refLinkSpans is reRndRefLink.FindAllStringSubmatchIndex(s, -1)
// (renderer.ts `\[([^\]]+)\]\[([^\]@][^\]]*)\]`).
// TestRefLinkSpansIsRegexp holds it to the regexp.
func refLinkSpans(s string) [][]int {
	return labelledSpans(s, func(at int) ([]int, int, bool, bool) {
		if at >= len(s) || s[at] == ']' || s[at] == '@' {
			return nil, 0, false, false
		}
		k := strings.IndexByte(s[at+1:], ']')
		if k < 0 {
			return nil, 0, false, true // no "]" after this reference, nor after any later one
		}
		e := at + 1 + k
		return []int{at, e}, e + 1, true, false
	})
}
