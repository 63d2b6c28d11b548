package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/suggest"
)

// TestNearestEdit holds nearestEdit (suggest.EditWithin capped at its
// limit) to its walk with the whole distance (nearestEditRef), on
// candidates 0 to 4 random edits from the name (ASCII, and some
// non-ASCII); TestEditWithin of internal/suggest holds EditWithin itself.
func TestNearestEdit(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 23))
	const alpha = "abcdeAB_-1"
	words := randomStrings(11, 4000, alpha)
	words = append(words, randomStrings(12, 300, "ab\xc3\xa9\xe2\x84\xaa")...)
	mutate := func(s string) string {
		b := []byte(s)
		for range r.IntN(5) {
			i := r.IntN(len(b) + 1)
			switch r.IntN(3) {
			case 0:
				b = append(b[:i], append([]byte{alpha[r.IntN(len(alpha))]}, b[i:]...)...)
			case 1:
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			default:
				if i < len(b) {
					b[i] = alpha[r.IntN(len(alpha))]
				}
			}
		}
		return string(b)
	}
	found := 0
	for i := 0; i+6 < len(words); i += 3 {
		name, cands := mutate(words[i]), words[i:i+6]
		cands = append(cands, mutate(words[i]), mutate(words[i+1]))
		got, want := nearestEdit(name, cands), nearestEditRef(name, cands)
		if got != want {
			t.Fatalf("nearestEdit(%q, %q) = %q, want %q", name, cands, got, want)
		}
		if got != "" {
			found++
		}
	}
	if found < 500 {
		t.Errorf("only %d names with a nearest candidate", found)
	}
}

// nearestEditRef is nearestEdit with suggest.EditDistance's whole
// distance for every candidate.
func nearestEditRef(name string, candidates []string) string {
	best, bestD := "", 1<<30
	limit := 2
	if len(name) <= 4 {
		limit = 1
	}
	low := strings.ToLower(name)
	n := utf8.RuneCountInString(name)
	for _, c := range candidates {
		if c == name {
			continue
		}
		if dl := utf8.RuneCountInString(c) - n; dl > limit || dl < -limit {
			continue
		}
		d := suggest.EditDistance(low, strings.ToLower(c))
		if d < bestD || d == bestD && c < best {
			best, bestD = c, d
		}
	}
	if bestD <= limit {
		return best
	}
	return ""
}
