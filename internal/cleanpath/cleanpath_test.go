package cleanpath

import (
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
)

// TestAbsDir: a path Abs accepts is one filepath.Clean gives back, and Dir
// (and AbsDir of a path Abs accepts) is filepath.Dir, on random clean and unclean, absolute and relative
// paths.
func TestAbsDir(t *testing.T) {
	atoms := []string{"a", "b.md", ".", "..", "", "/", "//", "...", ".git", "é"}
	r := rand.New(rand.NewSource(5))
	clean := 0
	for n := 0; n < 100000; n++ {
		var b strings.Builder
		for j := 0; j < r.Intn(6); j++ {
			if r.Intn(3) > 0 {
				b.WriteString("/")
			}
			b.WriteString(atoms[r.Intn(len(atoms))])
		}
		p := b.String()
		if Dir(p) != filepath.Dir(p) {
			t.Fatalf("Dir(%q) = %q, want %q", p, Dir(p), filepath.Dir(p))
		}
		if !Abs(p) {
			continue
		}
		clean++
		if filepath.Clean(p) != p || AbsDir(p) != filepath.Dir(p) {
			t.Fatalf("Abs(%q): Clean %q, Dir %q, AbsDir %q", p, filepath.Clean(p), filepath.Dir(p), AbsDir(p))
		}
	}
	if clean < 1000 {
		t.Errorf("only %d clean paths", clean)
	}
}

// TestRel: a path Rel accepts is one filepath.Clean gives back and no "."
// or ".." element starts.
func TestRel(t *testing.T) {
	atoms := []string{"a", "b.md", ".", "..", "", "/", "//", "...", "é"}
	r := rand.New(rand.NewSource(6))
	clean := 0
	for n := 0; n < 100000; n++ {
		var b strings.Builder
		for j := 0; j < r.Intn(6); j++ {
			if j > 0 && r.Intn(3) > 0 {
				b.WriteString("/")
			}
			b.WriteString(atoms[r.Intn(len(atoms))])
		}
		p := b.String()
		if !Rel(p) {
			continue
		}
		clean++
		if filepath.Clean(p) != p || filepath.IsAbs(p) || p == "." || p == ".." || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "./") {
			t.Fatalf("Rel(%q), but Clean gives %q", p, filepath.Clean(p))
		}
	}
	if clean < 1000 {
		t.Errorf("only %d clean paths", clean)
	}
}
