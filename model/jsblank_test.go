package model

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJSBlank: jsBlank(s) is jsTrim(s) == "" for every line of the
// upstream corpus and 20,000 random strings of JavaScript white space,
// other blanks, invalid UTF-8 and letters.
func TestJSBlank(t *testing.T) {
	var lines []string
	_ = filepath.WalkDir(upstreamRoot(t), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				lines = append(lines, strings.Split(string(src), "\n")...)
			}
		}
		return nil
	})
	parts := []string{" ", "\t", "\n", "\v", "\f", "\r", "\u00a0", "\u1680", "\u2000", "\u200a", "\u200b", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff", "\x85", "\x1c", "\x00", "\xe2\x80", "\xff", "a", "é"}
	r := rand.New(rand.NewPCG(21, 7))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(6) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		lines = append(lines, b.String())
	}
	blank := 0
	for _, l := range lines {
		want := jsTrim(l) == ""
		if jsBlank(l) != want {
			t.Fatalf("jsBlank(%q) = %v, jsTrim gives %q", l, !want, jsTrim(l))
		}
		if want {
			blank++
		}
	}
	if blank < 1000 || blank == len(lines) {
		t.Fatalf("%d blank of %d: the strings test little", blank, len(lines))
	}
}
