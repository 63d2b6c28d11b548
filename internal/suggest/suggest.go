// Package suggest finds the candidate a misspelt name most likely meant:
// the edit distance and the "did you mean" advice behind every unknown-name
// message of sfmd. It is a leaf: it imports nothing of the module.
package suggest

import (
	"fmt"
	"strconv"
	"strings"
)

// Nearest returns the candidate closest to s by edit distance, or "" when
// none is close enough to be a plausible typo.
func Nearest(s string, candidates []string) string {
	best, bestD := "", -1
	limit := len(s)/3 + 1
	if limit < 2 {
		limit = 2
	}
	for _, c := range candidates {
		d := EditDistance(s, c)
		if d > limit && !(len(s) >= 4 && strings.Contains(c, s)) {
			continue
		}
		if bestD < 0 || d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	return best
}

// DidYouMean renders the tail of an "unknown X" message: `did you mean
// "y"?` when there is a close candidate, otherwise `run "sfmd rules" to
// list them` style advice given by fallback.
func DidYouMean(s string, candidates []string, fallback string) string {
	if c := Nearest(s, candidates); c != "" {
		return fmt.Sprintf("did you mean %q?", c)
	}
	return fallback
}

// EditDistance is the Levenshtein distance between a and b in characters.
// It is the one implementation behind every "did you mean" of sfmd.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	var buf [2 * 33]int // short identifiers: no allocation for the rows
	var rows []int
	if n := len(rb) + 1; 2*n <= len(buf) {
		rows = buf[:2*n]
	} else {
		rows = make([]int, 2*n)
	}
	prev, cur := rows[:len(rb)+1], rows[len(rb)+1:]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// OneEdit reports whether EditDistance(a, b) is 1: one character
// inserted, deleted or replaced. For ASCII strings (every name a rule
// asks about) it compares them once, with no table of distances (a
// rule asks it of every $NAME of a document against every context
// variable); TestOneEdit holds it to EditDistance.
func OneEdit(a, b string) bool {
	if !isASCII(a) || !isASCII(b) {
		return EditDistance(a, b) == 1
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) { // one replaced
		return i < len(a) && a[i+1:] == b[i+1:]
	}
	return a[i:] == b[i+1:] // one inserted into a
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// QuoteList renders names as "a", "b", "c": the list of an "expected one
// of" message.
func QuoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
