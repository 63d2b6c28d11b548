package model

import (
	"slices"
	"strings"
	"testing"
)

// TestPlaceScanIsRegexp holds placeScan to reURIPlace and reBodyPlace: the
// same matches, groups and all, found one after the other as
// replaceFoundLimit finds them, on scanDocs' texts, the URIs and bodies
// of their actions, and random texts made of the bytes the patterns turn
// on.
func TestPlaceScanIsRegexp(t *testing.T) {
	texts := scanDocs(t)
	for _, d := range texts[:len(texts):len(texts)] {
		for _, a := range parseRef(d).Actions {
			texts = append(texts, a.URI, a.Body)
		}
	}
	pieces := []string{"{", "}", "[", "]", "\"", "|", "a", "Z", "_", "9", "x1", "{a", "{a}", "{a[1]}", "[12]", "|b", "|b2", "\"{", "}\"", "é", "\xff", " ", "\n", "{...args}", "$X", "-", "|9", "[]", "[x]"}
	seed := uint32(11)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 30000 {
		var b strings.Builder
		for n := next() % 12; n >= 0; n-- {
			b.WriteString(pieces[next()%len(pieces)])
		}
		texts = append(texts, b.String())
	}
	matches := 0
	for _, tc := range []struct {
		ps *placeScan
		re func(string) []int
	}{
		{&placeScan{}, reURIPlace.Re().FindStringSubmatchIndex},
		{&placeScan{body: true}, reBodyPlace.Re().FindStringSubmatchIndex},
	} {
		for _, s := range texts {
			for last := 0; last <= len(s); {
				want, got := tc.re(s[last:]), tc.ps.find(s[last:])
				if !slices.Equal(want, got) {
					t.Fatalf("body %v, %q from %d: scan %v, regexp %v", tc.ps.body, s, last, got, want)
				}
				if want == nil {
					break
				}
				matches++
				last += want[1]
			}
		}
	}
	if matches < 1000 {
		t.Fatalf("only %d matches: the texts test little", matches)
	}
}

// TestDotActIDIsRegexp holds dotActID to reDotAct on command words made
// of the bytes the pattern turns on.
func TestDotActIDIsRegexp(t *testing.T) {
	pieces := []string{"act", ".", "act.", "a", "Z", "9", "_", "-", "é", " ", "\n", "x.y", "ACT.", "\xff", "$"}
	seed := uint32(3)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	found := 0
	for range 50000 {
		var b strings.Builder
		if next()%2 == 0 {
			b.WriteString("act.")
		}
		for n := next() % 6; n >= 0; n-- {
			b.WriteString(pieces[next()%len(pieces)])
		}
		s := b.String()
		m := reDotAct.FindStringSubmatch(s)
		id, ok := dotActID(s)
		if ok != (m != nil) || ok && id != m[1] {
			t.Fatalf("%q: dotActID %q %v, regexp %q", s, id, ok, m)
		}
		if ok {
			found++
		}
	}
	if found < 1000 {
		t.Fatalf("only %d matches", found)
	}
}
