// Package suggest finds the candidate a misspelt name most likely meant:
// the edit distance and the "did you mean" advice behind every unknown-name
// message of sfmd. It is a leaf: it imports nothing of the module.
package suggest

import (
	"fmt"
	"math/bits"
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
// It is the one implementation behind every "did you mean" of sfmd
// (EditWithin is its form capped at a limit, held to it by TestEditWithin).
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

// EditWithin is min(EditDistance(a, b), k+1): the distance when it is
// at most k, else k+1, which is all a caller with a limit asks (the
// smallest distance within it: nearestEdit of package rules). For ASCII
// strings it drops their common prefix and suffix, answers k+1 when their
// sets of bytes are more than k apart (asciiSetsApart), else computes
// only the cells of the table within k of its diagonal (a longer path
// costs more than k) and stops at a row whose every cell is past k;
// other strings go to EditDistance (TestEditWithin).
func EditWithin(a, b string, k int) int {
	if !isASCII(a) || !isASCII(b) {
		return min(EditDistance(a, b), k+1)
	}
	if len(a)-len(b) > k || len(b)-len(a) > k {
		return k + 1 // the distance is at least the length difference
	}
	// a common prefix and suffix are matched by some cheapest alignment
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	far := k + 1
	if asciiSetsApart(a, b) > k {
		return far
	}
	n := len(b)
	var buf [2 * 33]int // short names: no allocation for the rows
	var rows []int
	if 2*(n+1) <= len(buf) {
		rows = buf[:2*(n+1)]
	} else {
		rows = make([]int, 2*(n+1))
	}
	prev, cur := rows[:n+1], rows[n+1:]
	for j := range prev {
		prev[j] = min(j, far)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-k), min(n, i+k)
		cur[lo-1] = far // left of the band (column 0 is i)
		if lo == 1 {
			cur[0] = min(i, far)
		}
		least := cur[lo-1]
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost, far)
			cur[j] = v
			least = min(least, v)
		}
		if hi < n {
			cur[hi+1] = far // right of the band, read by the next row
		}
		if least >= far {
			return far // every path goes through this row
		}
		prev, cur = cur, prev
	}
	return prev[n]
}

// asciiSetsApart is a lower bound of the edit distance of two ASCII
// strings: the larger of the numbers of distinct bytes one has and the
// other has not (each such byte needs an edit of its own: an edit
// removes or adds one byte). Most names EditWithin compares are
// unrelated, and this tells them apart without the table.
func asciiSetsApart(a, b string) int {
	var sa, sb [2]uint64
	for i := 0; i < len(a); i++ {
		sa[a[i]>>6] |= 1 << (a[i] & 63)
	}
	for i := 0; i < len(b); i++ {
		sb[b[i]>>6] |= 1 << (b[i] & 63)
	}
	onlyA := bits.OnesCount64(sa[0]&^sb[0]) + bits.OnesCount64(sa[1]&^sb[1])
	onlyB := bits.OnesCount64(sb[0]&^sa[0]) + bits.OnesCount64(sb[1]&^sa[1])
	return max(onlyA, onlyB)
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
