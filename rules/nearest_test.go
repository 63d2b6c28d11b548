package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/suggest"
)

// TestEditWithin holds editWithin to EditDistance capped at k+1, for k
// from 0 to 3, on pairs of random strings and on strings 0 to 4 random
// edits apart (ASCII, and some non-ASCII, which EditDistance answers),
// and nearestEdit to its walk with the whole distance (nearestEditRef).
// It fails with the band one cell narrower or the early stop at a row
// whose every cell is within k.
func TestEditWithin(t *testing.T) {
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
	near := 0
	for i, a := range words {
		for _, b := range []string{words[(i*7+3)%len(words)], mutate(a), mutate(a), strings.ToLower(a)} {
			d := suggest.EditDistance(a, b)
			if d <= 2 {
				near++
			}
			for k := range 4 {
				if got, want := editWithin(a, b, k), min(d, k+1); got != want {
					t.Fatalf("editWithin(%q, %q, %d) = %d, want %d", a, b, k, got, want)
				}
			}
		}
	}
	if near < 2000 {
		t.Errorf("only %d close pairs", near)
	}
	for i := 0; i+6 < len(words); i += 3 {
		name, cands := mutate(words[i]), words[i:i+6]
		cands = append(cands, mutate(words[i]), mutate(words[i+1]))
		if got, want := nearestEdit(name, cands), nearestEditRef(name, cands); got != want {
			t.Fatalf("nearestEdit(%q, %q) = %q, want %q", name, cands, got, want)
		}
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
