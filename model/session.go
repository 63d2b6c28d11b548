package model

import "sort"

import "strings"

func (rt *Runtime) session() *Session {
	if rt.Session == nil {
		rt.Session = NewSession()
	}
	s := rt.Session
	if s.Vars == nil {
		s.Vars = map[string]string{}
	}
	if s.valueShortcuts == nil {
		s.valueShortcuts = map[string][]string{}
	}
	if s.autoShortcuts == nil {
		s.autoShortcuts = map[string]string{}
	}
	return s
}

func (rt *Runtime) sessionVar(name string) (string, bool) {
	v, ok := rt.session().Vars[name]
	return v, ok
}

func (rt *Runtime) setSessionVar(name, v string) { rt.session().SetVar(name, v) }

// SetVar sets the session variable name, as session.ts setVar does.
func (s *Session) SetVar(name, v string) {
	if s.Vars == nil {
		s.Vars = map[string]string{}
	}
	s.Vars[name] = v
	s.noteVar(name)
}

func (s *Session) noteVar(name string) {
	if !containsStr(s.varKeys, name) {
		s.varKeys = append(s.varKeys, name)
	}
}

// varOrder lists the variables in the order they were set; a variable
// put in Vars directly comes last, by name.
func (s *Session) varOrder() []string {
	var out []string
	for _, k := range s.varKeys {
		if _, ok := s.Vars[k]; ok {
			out = append(out, k)
		}
	}
	var rest []string
	for k := range s.Vars {
		if !containsStr(s.varKeys, k) {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func (s *Session) setValueShortcut(id string, v []string) {
	if _, ok := s.valueShortcuts[id]; !ok {
		s.valueOrder = append(s.valueOrder, id)
	}
	s.valueShortcuts[id] = v
}

// deleteValueShortcuts removes the value shortcuts base and base-<anything>
// in one pass over the order (one delete at a time is quadratic in their
// number, and a loop registers one per item).
func (s *Session) deleteValueShortcuts(base string) {
	kept := s.valueOrder[:0]
	for _, k := range s.valueOrder {
		if k == base || strings.HasPrefix(k, base+"-") {
			delete(s.valueShortcuts, k)
			continue
		}
		kept = append(kept, k)
	}
	clear(s.valueOrder[len(kept):])
	s.valueOrder = kept
}

func (s *Session) setAutoShortcut(id, href string) {
	if _, ok := s.autoShortcuts[id]; !ok {
		s.autoOrder = append(s.autoOrder, id)
	}
	s.autoShortcuts[id] = href
}

// syncView rebuilds viewShortcuts and viewOrder.
func (s *Session) syncView() {
	s.viewShortcuts = make(map[string][]string, len(s.valueShortcuts)+len(s.autoShortcuts))
	s.viewOrder = s.viewOrder[:0]
	for _, k := range s.valueOrder {
		s.viewShortcuts[k] = s.valueShortcuts[k]
		s.viewOrder = append(s.viewOrder, k)
	}
	for _, k := range s.autoOrder {
		if _, ok := s.viewShortcuts[k]; ok {
			continue
		}
		s.viewShortcuts[k] = []string{s.autoShortcuts[k]}
		s.viewOrder = append(s.viewOrder, k)
	}
}
