package lint

import (
	"errors"
	"path"
	"strings"
	"testing"
)

// TestGlobMatchIsLinear: matching costs at most one segment comparison
// per pattern segment and path segment, whatever the "**" (before issue
// 20 it backtracked, once per parent directory: twelve "**" against a
// path 24 deep took over 20 s). The comparisons are counted, not timed.
func TestGlobMatchIsLinear(t *testing.T) {
	for _, tt := range []struct{ pat, rel string }{
		{strings.Repeat("**/a/", 12) + "b", strings.Repeat("a/", 23) + "a"},
		{strings.Repeat("**/", 12) + "*.md", strings.Repeat("d/", 23) + "x.txt"},
		{"x/" + strings.Repeat("**/a*/", 12) + "**", "x/" + strings.Repeat("ab/", 23) + "c"},
	} {
		g, err := compileGlob(tt.pat)
		if err != nil {
			t.Fatal(err)
		}
		budget := len(g.segs) * len(strings.Split(tt.rel, "/"))
		calls := 0
		errBudget := errors.New("over budget")
		segMatch = func(p, n string) (bool, error) {
			calls++
			if calls > budget {
				return false, errBudget // end a backtracking matcher early
			}
			return path.Match(p, n)
		}
		g.match(tt.rel)
		segMatch = path.Match
		if calls > budget {
			t.Errorf("%q against %q: over %d segment comparisons, want at most %d (pattern segments times path segments)", tt.pat, tt.rel, calls-1, budget)
		}
	}
}

// refMatch is the plain backtracking matcher, the reference for
// FuzzGlobMatch: the path or one of its parents matches the segments.
func refMatch(segs []string, rel string) bool {
	if rel == "" || rel == "." {
		return false
	}
	var match func(pat, name []string) bool
	match = func(pat, name []string) bool {
		if len(pat) == 0 {
			return len(name) == 0
		}
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if match(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		ok, err := path.Match(pat[0], name[0])
		return err == nil && ok && match(pat[1:], name[1:])
	}
	parts := strings.Split(rel, "/")
	for n := len(parts); n >= 1; n-- {
		if match(segs, parts[:n]) {
			return true
		}
	}
	return false
}

// FuzzGlobMatch compares the matcher with refMatch on small patterns and
// paths.
func FuzzGlobMatch(f *testing.F) {
	for _, s := range [][2]string{
		{"drafts", "x/drafts/b/c.md"}, {"docs/**/old.md", "docs/a/b/old.md"}, {"**/a/**/b", "a/x/a/b/c"},
		{"./legacy/", "legacy/a.md"}, {"*.md", "a/b.md"}, {"a/**", "a"}, {"**/**/x?", "x/xy"}, {"[ab]/**/c", "b/c/c"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pat, rel string) {
		if len(pat) > 40 || len(rel) > 40 || strings.Count(pat, "/") > 8 || strings.Count(rel, "/") > 8 {
			return
		}
		g, err := compileGlob(pat)
		if err != nil {
			return
		}
		rel = path.Clean(rel)
		if strings.HasPrefix(rel, "/") || strings.HasPrefix(rel, "../") || rel == ".." {
			return
		}
		if got, want := g.match(rel), refMatch(g.segs, rel); got != want {
			t.Errorf("%q against %q: %v, the reference says %v", pat, rel, got, want)
		}
	})
}
