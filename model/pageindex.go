package model

import "strings"

// Lookups of a resolved page by id, indexed once: resolveInvocations asks
// for every [Label][@id] of the page, and a scan of every shortcut and
// menu entry per invocation made a page of 100,000 of each quadratic.

// pageIndex holds the page's shortcuts and menu entries by id.
type pageIndex struct {
	shortcuts map[string]string // id → href, the first of an id
	// menus, one per menu in order: entries by exact id, and by every
	// ".suffix" of an id (the first entry with it)
	exact, suffix []map[string]*refShortcut
}

func (pg *page) index() *pageIndex {
	if pg.idx != nil {
		return pg.idx
	}
	x := &pageIndex{shortcuts: pg.firstHrefs}
	if x.shortcuts == nil {
		x.shortcuts = make(map[string]string, len(pg.shortcuts))
		for _, sc := range pg.shortcuts {
			if _, ok := x.shortcuts[sc.ID]; !ok {
				x.shortcuts[sc.ID] = sc.Href
			}
		}
	}
	for _, m := range pg.menus {
		exact := make(map[string]*refShortcut, len(m.entries))
		suffix := make(map[string]*refShortcut, len(m.entries))
		for i := range m.entries {
			e := &m.entries[i]
			if _, ok := exact[e.ID]; !ok {
				exact[e.ID] = e
			}
			for j := 0; j < len(e.ID); j++ {
				if e.ID[j] != '.' {
					continue
				}
				if _, ok := suffix[e.ID[j+1:]]; !ok {
					suffix[e.ID[j+1:]] = e
				}
			}
		}
		x.exact, x.suffix = append(x.exact, exact), append(x.suffix, suffix)
	}
	pg.idx = x
	return x
}

// menuEntry is the entry resolveInvocations finds for id: in the first
// menu that has it, the entry of that exact id, else the first whose id
// ends in ".id".
func (pg *page) menuEntry(id string) *refShortcut {
	x := pg.index()
	for i := range x.exact {
		if e := x.exact[i][id]; e != nil {
			return e
		}
		if e := x.suffix[i][id]; e != nil && strings.HasSuffix(e.ID, "."+id) {
			return e
		}
	}
	return nil
}
