package model

import "strings"

// plainLinkSpans is reRndPlainLink.FindAllStringSubmatchIndex(s, -1)
// (renderer.ts PLAIN_LINK_RE, `\[([^\]]*)\]\(([^)@][^)]*)\)`) found by
// one scan of s: a link's label runs from a "[" to the first "]" after
// it, which a "(" must follow, and its target from there to the first
// ")", neither empty nor starting with "@". The first "]" and the first
// ")" are searched for once each and reused for every "[" before them
// (a "[" with no "]" after it would otherwise scan the rest of s once
// per "["). TestPlainLinkSpansIsRegexp holds it to the regexp.
func plainLinkSpans(s string) [][]int {
	var out [][]int
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
		out = append(out, []int{p, parenAt + 1, p + 1, closeAt, q, parenAt})
		i = parenAt + 1
	}
	return out
}
