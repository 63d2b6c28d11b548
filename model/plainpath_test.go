package model

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPlainPathRoundTrip: for every path plainPath accepts, the file URI
// round trip NewLinkProbe and LinkProbe.OpensFile skip for it gives the
// path back (so Resolve, which cleans it, does too); the
// paths are the upstream corpus's link targets and names joined to its
// directories, and targets made of dots, dashes and slashes.
func TestPlainPathRoundTrip(t *testing.T) {
	root := upstreamRoot(t)
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	dirs := map[string]bool{"/": true, "/a": true, "/a/b.c": true, "/C:": true, "/x y": true}
	targets := []string{"x.md", "./x.md", "../x.md", "../../../../x", "..", ".", "...", ".a", "a.", "-a", "_", "a//b", "a/./b/../c",
		"a/b/", "A-Z_0.9", "%41", "a%2e%2e", "é.md", "a b.md", "a?b", "a#b", "a\\b", "a:b", "~a", "{a}", "`a`", "a\tb", "\xffa.md", "a/\xc3"}
	reLink := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	err = filepath.WalkDir(abs, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		v := filepath.ToSlash(p)
		if d.IsDir() {
			dirs[v] = true
			return nil
		}
		targets = append(targets, d.Name())
		if strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				for _, m := range reLink.FindAllStringSubmatch(string(src), -1) {
					targets = append(targets, m[1])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	plain, other := 0, 0
	for dir := range dirs {
		for _, target := range targets {
			j := absJoin(dir, target)
			if j != path.Clean(j) {
				t.Fatalf("absJoin(%q, %q) = %q is not clean", dir, target, j)
			}
			if !plainPath(j) {
				other++
				continue
			}
			plain++
			if got := pathFromFileURI(fileURIFromPath(j)); got != j {
				t.Errorf("%q: the file URI round trip gives %q", j, got)
			}
		}
	}
	if plain < 1000 || other < 100 {
		t.Fatalf("%d plain paths, %d others: the paths test little", plain, other)
	}
}

// TestAbsJoinFast holds absJoin's join of names without cleaning to
// path.Join's (joinFast off), on paths made of names, empty segments,
// "." and "..", with and without leading, trailing and doubled slashes.
func TestAbsJoinFast(t *testing.T) {
	pieces := []string{"a", "b.c", "", ".", "..", "...", ".a", "x y", "é", "C:", "%2e"}
	seed := uint32(5)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	gen := func() string {
		var b strings.Builder
		if next()%3 == 0 {
			b.WriteByte('/')
		}
		for n := next() % 5; n >= 0; n-- {
			b.WriteString(pieces[next()%len(pieces)])
			if n > 0 || next()%4 == 0 {
				b.WriteByte('/')
			}
		}
		return b.String()
	}
	defer func(old bool) { joinFast = old }(joinFast)
	fast := 0
	for range 50000 {
		dir, p := gen(), gen()
		joinFast = false
		want := absJoin(dir, p)
		joinFast = true
		if got := absJoin(dir, p); got != want {
			t.Fatalf("absJoin(%q, %q) = %q, path.Join gives %q", dir, p, got, want)
		}
		if !path.IsAbs(p) && cleanSegments(strings.TrimPrefix(dir, "/")) && cleanSegments(p) && p != "" {
			fast++
		}
	}
	if fast < 1000 {
		t.Fatalf("only %d joins took the fast path", fast)
	}
}
