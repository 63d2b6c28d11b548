package lint

import (
	"fmt"
	"sort"
	"strings"
)

// Registry indexes a set of analyzers by name.
type Registry struct {
	all    []*Analyzer
	byName map[string]*Analyzer
	names  []string // sorted rule names (shared analyses excluded)
}

// NewRegistry validates analyzers and indexes them. The rule list is the
// analyzers given plus everything they require.
func NewRegistry(analyzers []*Analyzer) (*Registry, error) {
	order, err := validate(analyzers)
	if err != nil {
		return nil, err
	}
	r := &Registry{byName: make(map[string]*Analyzer, len(order))}
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

// validate checks a set of analyzers the way analysis.Validate does:
// every rule has a kebab-case name unique in the set, a title, a known
// profile and a Run function, and requirements are acyclic. It returns
// them in the order of topo.
func validate(analyzers []*Analyzer) ([]*Analyzer, error) {
	order, err := topo(analyzers)
	if err != nil {
		return nil, err
	}
	seen := make(map[string]bool, len(order))
	for _, a := range order {
		if !validName(a.Name) {
			return nil, fmt.Errorf("analyzer name %q is not kebab-case", a.Name)
		}
		if a.Name == "all" || profileSet[Profile(a.Name)] {
			return nil, fmt.Errorf("analyzer name %q is reserved for rule selection", a.Name)
		}
		if seen[a.Name] {
			return nil, fmt.Errorf("duplicate analyzer name %q", a.Name)
		}
		seen[a.Name] = true
		if a.Shared {
			continue
		}
		if a.Doc.Title == "" {
			return nil, fmt.Errorf("rule %q has no Doc.Title", a.Name)
		}
		if _, ok := profileSet[a.Profile]; !ok {
			return nil, fmt.Errorf("rule %q has unknown profile %q", a.Name, a.Profile)
		}
	}
	return order, nil
}

var profileSet = map[Profile]bool{Core: true, Runtime: true, Project: true, Package: true, Manifest: true, Style: true}

// Profiles lists every profile in documentation order.
var Profiles = []Profile{Core, Runtime, Project, Package, Manifest, Style}

// DefaultProfiles are the profiles enabled when no config says otherwise:
// the format itself, String-runtime semantics and the files a document
// links to (a broken nav, include or menu entry breaks a multi-page app).
// package and manifest are for publishing and style is pure style: they
// are opt-in.
var DefaultProfiles = []Profile{Core, Runtime, Project}

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
