// Package lazyre holds regular expressions compiled on first use, so that a
// package-level pattern costs nothing at process start: `sfmd lint one.md`
// compiles only the patterns its run reaches (`GODEBUG=inittrace=1 sfmd
// version` shows the packages' init cost).
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a pattern compiled by regexp.MustCompile the first time it is
// used; its methods are those of *regexp.Regexp. Safe for concurrent use.
type Regexp struct {
	pat  string
	once sync.Once
	re   *regexp.Regexp
}

var (
	mu  sync.Mutex
	all []*Regexp
)

// New returns the lazily compiled pattern. An invalid pattern panics on
// first use; All lists every pattern made so that a test compiles them
// (testscripts TestLazyPatternsCompile).
func New(pat string) *Regexp {
	r := &Regexp{pat: pat}
	mu.Lock()
	all = append(all, r)
	mu.Unlock()
	return r
}

// All returns every pattern New has made so far in this process.
func All() []*Regexp {
	mu.Lock()
	defer mu.Unlock()
	return append([]*Regexp(nil), all...)
}

// Re returns the compiled expression.
func (r *Regexp) Re() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.pat) })
	return r.re
}

// String returns the source text of the pattern.
func (r *Regexp) String() string { return r.pat }

// MatchString is (*regexp.Regexp).MatchString.
func (r *Regexp) MatchString(s string) bool { return r.Re().MatchString(s) }

// Match is (*regexp.Regexp).Match.
func (r *Regexp) Match(b []byte) bool { return r.Re().Match(b) }

// FindString is (*regexp.Regexp).FindString.
func (r *Regexp) FindString(s string) string { return r.Re().FindString(s) }

// FindStringIndex is (*regexp.Regexp).FindStringIndex.
func (r *Regexp) FindStringIndex(s string) []int { return r.Re().FindStringIndex(s) }

// FindStringSubmatch is (*regexp.Regexp).FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.Re().FindStringSubmatch(s) }

// FindStringSubmatchIndex is (*regexp.Regexp).FindStringSubmatchIndex.
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.Re().FindStringSubmatchIndex(s)
}

// FindAllString is (*regexp.Regexp).FindAllString.
func (r *Regexp) FindAllString(s string, n int) []string { return r.Re().FindAllString(s, n) }

// FindAllStringIndex is (*regexp.Regexp).FindAllStringIndex.
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.Re().FindAllStringIndex(s, n)
}

// FindAllStringSubmatch is (*regexp.Regexp).FindAllStringSubmatch.
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Re().FindAllStringSubmatch(s, n)
}

// FindAllStringSubmatchIndex is (*regexp.Regexp).FindAllStringSubmatchIndex.
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.Re().FindAllStringSubmatchIndex(s, n)
}

// ReplaceAllString is (*regexp.Regexp).ReplaceAllString.
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.Re().ReplaceAllString(src, repl)
}

// ReplaceAllLiteralString is (*regexp.Regexp).ReplaceAllLiteralString.
func (r *Regexp) ReplaceAllLiteralString(src, repl string) string {
	return r.Re().ReplaceAllLiteralString(src, repl)
}

// ReplaceAllStringFunc is (*regexp.Regexp).ReplaceAllStringFunc.
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.Re().ReplaceAllStringFunc(src, repl)
}

// SubexpNames is (*regexp.Regexp).SubexpNames.
func (r *Regexp) SubexpNames() []string { return r.Re().SubexpNames() }

// SubexpIndex is (*regexp.Regexp).SubexpIndex.
func (r *Regexp) SubexpIndex(name string) int { return r.Re().SubexpIndex(name) }

// Split is (*regexp.Regexp).Split.
func (r *Regexp) Split(s string, n int) []string { return r.Re().Split(s, n) }
