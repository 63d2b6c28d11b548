package lsp

import "github.com/sfmd-dev/sfmd/sfmd"

// index is what navigation, hover, completion and rename need to know
// about one parsed document: sfmd's index of the document's names
// (Document.Names: every action ID, parameter, block, shortcut, variable
// and placeholder with what it resolves to; the sites the rules' renaming
// fixes edit too) and the first definition of each action ID.
type index struct {
	doc     *sfmd.Document
	names   *sfmd.Names
	actions map[string]*sfmd.Action // first definition of each ID
}

func newIndex(doc *sfmd.Document) *index {
	x := &index{doc: doc, names: doc.Names(), actions: map[string]*sfmd.Action{}}
	for _, a := range doc.Actions {
		if _, ok := x.actions[a.ID]; !ok && a.ID != "" {
			x.actions[a.ID] = a
		}
	}
	return x
}

// owner is the action a response template belongs to.
func (x *index) owner(r *sfmd.Response) *sfmd.Action { return x.actions[r.ActionID] }

// find returns the first occurrence whose span (or, with name, whose
// name alone) holds off and that ok accepts.
func (x *index) find(off int, name bool, ok func(*sfmd.Occurrence) bool) *sfmd.Occurrence {
	occs := x.names.All()
	for i := range occs {
		o := &occs[i]
		s, e := o.Span.Start.Off(), o.Span.End.Off()
		if name {
			s, e = o.Start, o.End
		}
		if s <= off && off <= e && ok(o) {
			return o
		}
	}
	return nil
}

// occurrenceAt returns the action ID written at off (the cursor may sit
// just after it).
func (x *index) occurrenceAt(off int) *sfmd.Occurrence {
	return x.find(off, true, func(o *sfmd.Occurrence) bool { return o.Kind == sfmd.NameAction })
}

// refAt returns the placeholder under off.
func (x *index) refAt(off int) *sfmd.Occurrence {
	return x.find(off, false, func(o *sfmd.Occurrence) bool { return o.Ref != nil })
}

// declarationAt returns the declaration written at off (a parameter's
// name, an assignment's left side, a loop item, an env name).
func (x *index) declarationAt(off int) *sfmd.Occurrence {
	return x.find(off, false, func(o *sfmd.Occurrence) bool {
		switch o.Kind {
		case sfmd.NameParam, sfmd.NameSessionVar, sfmd.NameValueShortcut, sfmd.NameLoopItem, sfmd.NameEnv:
			return o.Def
		}
		return false
	})
}

// flagAt returns the parameter use written at off by a hint's --flag (or
// -a alias, dashes included) or an act: link's query key.
func (x *index) flagAt(off int) *sfmd.Occurrence {
	return x.find(off, false, func(o *sfmd.Occurrence) bool {
		return (o.Kind == sfmd.NameParam || o.Kind == sfmd.NameAlias) && !o.Def && o.Ref == nil
	})
}

// resolve finds the declaration of an occurrence, or nil.
func (x *index) resolve(o *sfmd.Occurrence) *sfmd.Occurrence { return x.names.Decl(o) }

// def returns the first definition of a name of kind, or nil.
func (x *index) def(kind sfmd.NameKind, name string) *sfmd.Occurrence {
	for _, o := range x.names.Of(kind, "", name) {
		if o.Def {
			return &o
		}
	}
	return nil
}

func within(sp sfmd.Span, off int) bool {
	return sp.IsValid() && sp.Start.Off() <= off && off <= sp.End.Off()
}
