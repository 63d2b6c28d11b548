package model

import (
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

var reShortcutRef = lazyre.New(`^@[a-zA-Z_][\w-]*$`)

// resolveShortcuts replaces @shortcut values.
func (c *call) resolveShortcuts() *Result {
	rt, doc, payload := c.rt, c.doc, c.payload
	for _, k := range payload.Keys() {
		v, _ := payload.Get(k)
		if v.isTuple || !reShortcutRef.MatchString(v.s) {
			continue
		}
		resolved, ok := rt.resolveShortcut(doc, v.s[1:])
		if !ok {
			return stop(errResult(codeNotFound, "Unknown shortcut: "+v.s+rt.shortcutList(doc)))
		}
		payload.Set(k, resolved)
	}
	return nil
}

// resolveShortcut is session.resolveShortcut: document shortcuts, value
// shortcuts, then auto-shortcuts.
func (rt *Runtime) resolveShortcut(doc *refDoc, id string) (pval, bool) {
	for _, sc := range doc.Shortcuts {
		if sc.ID == id {
			return strVal(sc.Href), true
		}
	}
	if href, ok := doc.References["@"+id]; ok {
		return strVal(href), true
	}
	return rt.session().heldShortcut(id)
}

// heldShortcut is the session's value shortcut id (a one-element tuple
// read as its value), else its auto-shortcut id: the part of
// session.resolveShortcut that reads the session.
func (s *Session) heldShortcut(id string) (pval, bool) {
	if v, ok := s.valueShortcuts[id]; ok {
		if len(v) == 1 {
			return strVal(v[0]), true
		}
		return pval{tuple: v, isTuple: true}, true
	}
	if href, ok := s.autoShortcuts[id]; ok {
		return strVal(href), true
	}
	return pval{}, false
}

func (rt *Runtime) shortcutList(doc *refDoc) string {
	var ids []string
	seen := map[string]bool{}
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, sc := range doc.Shortcuts {
		add(sc.ID)
	}
	for _, n := range doc.RefNames {
		if strings.HasPrefix(n, "@") {
			add(n[1:])
		}
	}
	s := rt.session()
	for _, k := range s.valueOrder {
		add(k)
	}
	for _, k := range s.autoOrder {
		add(k)
	}
	if len(ids) == 0 {
		return "\n(no shortcuts in this session yet \u2014 run a list action like /act.repo or /act.feed to register them)"
	}
	shown := ids
	if len(shown) > 12 {
		shown = shown[:12]
	}
	for i := range shown {
		shown[i] = "@" + shown[i]
	}
	more := ""
	if len(ids) > 12 {
		more = ", ..."
	}
	return "\nAvailable: " + strings.Join(shown, ", ") + more
}
