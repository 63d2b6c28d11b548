package lint

import (
	"fmt"
	"sort"
	"strings"
)

// Suggest returns the candidate closest to s by edit distance, or "" when
// none is close enough to be a plausible typo.
func Suggest(s string, candidates []string) string {
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
	if c := Suggest(s, candidates); c != "" {
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

// Registry indexes a set of analyzers by name.
type Registry struct {
	all    []*Analyzer
	byName map[string]*Analyzer
	names  []string // sorted rule names (shared analyses excluded)
}

// NewRegistry validates analyzers and indexes them. The rule list is the
// analyzers given plus everything they require.
func NewRegistry(analyzers []*Analyzer) (*Registry, error) {
	if err := Validate(analyzers); err != nil {
		return nil, err
	}
	r := &Registry{byName: map[string]*Analyzer{}}
	order, _ := topo(analyzers) // validated above
	for _, a := range order {
		r.all = append(r.all, a)
		if a.Shared {
			continue
		}
		r.byName[a.Name] = a
		r.names = append(r.names, a.Name)
	}
	sort.Strings(r.names)
	return r, nil
}

// Lookup returns the rule named name, or nil.
func (r *Registry) Lookup(name string) *Analyzer { return r.byName[name] }

// Names returns the sorted rule names.
func (r *Registry) Names() []string { return r.names }

// Rules returns the rules (not the shared analyses) sorted by name.
func (r *Registry) Rules() []*Analyzer {
	out := make([]*Analyzer, len(r.names))
	for i, n := range r.names {
		out[i] = r.byName[n]
	}
	return out
}

// Validate checks a set of analyzers the way analysis.Validate does:
// every rule has a kebab-case name unique in the set, a title, a known
// profile and a Run function, and requirements are acyclic.
func Validate(analyzers []*Analyzer) error {
	order, err := topo(analyzers)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, a := range order {
		if !validName(a.Name) {
			return fmt.Errorf("analyzer name %q is not kebab-case", a.Name)
		}
		if a.Name == "all" || profileSet[Profile(a.Name)] {
			return fmt.Errorf("analyzer name %q is reserved for rule selection", a.Name)
		}
		if seen[a.Name] {
			return fmt.Errorf("duplicate analyzer name %q", a.Name)
		}
		seen[a.Name] = true
		if a.Shared {
			continue
		}
		if a.Doc.Title == "" {
			return fmt.Errorf("rule %q has no Doc.Title", a.Name)
		}
		if _, ok := profileSet[a.Profile]; !ok {
			return fmt.Errorf("rule %q has unknown profile %q", a.Name, a.Profile)
		}
	}
	return nil
}

var profileSet = map[Profile]bool{Core: true, Runtime: true, Project: true, Package: true, Manifest: true}

// Profiles lists every profile in documentation order.
var Profiles = []Profile{Core, Runtime, Project, Package, Manifest}

// DefaultProfiles are the profiles enabled when no config says otherwise:
// the format itself and String-runtime semantics. project, package and
// manifest need more context than one file and are opt-in.
var DefaultProfiles = []Profile{Core, Runtime}

func validName(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return !strings.Contains(s, "--")
}
