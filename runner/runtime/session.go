package runtime

func (rt *Runtime) session() *Session {
	if rt.Session == nil {
		rt.Session = NewSession()
	}
	s := rt.Session
	if s.Vars == nil {
		s.Vars = map[string]string{}
	}
	if s.ValueShortcuts == nil {
		s.ValueShortcuts = map[string][]string{}
	}
	if s.AutoShortcuts == nil {
		s.AutoShortcuts = map[string]string{}
	}
	return s
}

func (rt *Runtime) sessionVar(name string) (string, bool) {
	v, ok := rt.session().Vars[name]
	return v, ok
}

func (rt *Runtime) setSessionVar(name, v string) { rt.session().Vars[name] = v }

func (s *Session) setValueShortcut(id string, v []string) {
	if _, ok := s.ValueShortcuts[id]; !ok {
		s.ValueOrder = append(s.ValueOrder, id)
	}
	s.ValueShortcuts[id] = v
}

func (s *Session) deleteValueShortcut(id string) {
	delete(s.ValueShortcuts, id)
	for i, k := range s.ValueOrder {
		if k == id {
			s.ValueOrder = append(s.ValueOrder[:i:i], s.ValueOrder[i+1:]...)
			break
		}
	}
}

func (s *Session) setAutoShortcut(id, href string) {
	if _, ok := s.AutoShortcuts[id]; !ok {
		s.AutoOrder = append(s.AutoOrder, id)
	}
	s.AutoShortcuts[id] = href
}

// syncView rebuilds Shortcuts and ShortcutOrder.
func (s *Session) syncView() {
	s.Shortcuts = make(map[string][]string, len(s.ValueShortcuts)+len(s.AutoShortcuts))
	s.ShortcutOrder = s.ShortcutOrder[:0]
	for _, k := range s.ValueOrder {
		s.Shortcuts[k] = s.ValueShortcuts[k]
		s.ShortcutOrder = append(s.ShortcutOrder, k)
	}
	for _, k := range s.AutoOrder {
		if _, ok := s.Shortcuts[k]; ok {
			continue
		}
		s.Shortcuts[k] = []string{s.AutoShortcuts[k]}
		s.ShortcutOrder = append(s.ShortcutOrder, k)
	}
}
