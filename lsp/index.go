package lsp

import (
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// index is what navigation, hover, completion and rename need to know
// about one parsed document: where each action ID is written, every
// placeholder with the action or template it sits in, and the things
// placeholders resolve to.
type index struct {
	doc       *sfmd.Document
	actions   map[string]*sfmd.Action   // first definition of each ID
	responses map[string]*sfmd.Response // first template of each ID
	occs      []occurrence              // sorted by start
	refs      []refSite
	markers   map[string]*sfmd.Marker   // first opening marker of each block
	shortcuts map[string]*sfmd.Shortcut // first definition of each shortcut
}

// occurrence is one place an action ID is written (sfmd's
// Document.ActionSites, the same sites the action-id-invalid fix renames).
type occurrence struct {
	id         string
	kind       sfmd.ActionSiteKind
	start, end int // byte offsets of the ID itself
	hint       *sfmd.Hint
	link       *sfmd.Link
}

// refSite is a placeholder and its context.
type refSite struct {
	ref      *sfmd.VarRef
	action   *sfmd.Action   // the action it belongs to (a template's owner), or nil
	response *sfmd.Response // the template holding it, or nil
	line     int            // its line in response.Lines, or -1
	hint     *sfmd.Hint     // the hint holding it, or nil
}

func newIndex(doc *sfmd.Document) *index {
	x := &index{doc: doc, actions: map[string]*sfmd.Action{}, responses: map[string]*sfmd.Response{},
		markers: map[string]*sfmd.Marker{}, shortcuts: map[string]*sfmd.Shortcut{}}
	for _, a := range doc.Actions {
		if _, ok := x.actions[a.ID]; !ok && a.ID != "" {
			x.actions[a.ID] = a
		}
		x.actionRefs(a)
	}
	for _, r := range doc.Responses {
		if _, ok := x.responses[r.ActionID]; !ok {
			x.responses[r.ActionID] = r
		}
		x.responseRefs(r)
	}
	for _, h := range doc.Hints {
		for _, ref := range h.Refs {
			x.refs = append(x.refs, refSite{ref: ref, line: -1, hint: h, action: x.actions[h.Target]})
		}
	}
	for _, o := range doc.ActionSites() {
		x.occs = append(x.occs, occurrence{id: o.ID, kind: o.Kind, start: o.Start, end: o.End, hint: o.Hint, link: o.Link})
	}
	for _, sc := range doc.Shortcuts {
		if sc.Form == sfmd.ShortcutInline || sc.Form == sfmd.ShortcutRefDef {
			if _, ok := x.shortcuts[sc.ID]; !ok {
				x.shortcuts[sc.ID] = sc
			}
		}
	}
	for _, m := range doc.Markers {
		if _, ok := x.markers[m.ID]; !ok && m.Open {
			x.markers[m.ID] = m
		}
	}
	for _, ref := range doc.ProseVars {
		x.refs = append(x.refs, refSite{ref: ref, line: -1})
	}
	sort.SliceStable(x.occs, func(i, j int) bool { return x.occs[i].start < x.occs[j].start })
	return x
}

func (x *index) actionRefs(a *sfmd.Action) {
	for t := range a.Templates() {
		for _, ref := range t.Refs {
			x.refs = append(x.refs, refSite{ref: ref, action: a, line: -1})
		}
	}
	for _, p := range a.Params {
		for _, ref := range p.DefaultRefs {
			x.refs = append(x.refs, refSite{ref: ref, action: a, line: -1})
		}
	}
}

func (x *index) responseRefs(r *sfmd.Response) {
	owner := x.owner(r)
	for i, l := range r.Lines {
		seen := map[*sfmd.VarRef]bool{}
		for _, t := range []*sfmd.Template{l.Template, l.RHS} {
			if t == nil {
				continue
			}
			for _, ref := range t.Refs {
				if !seen[ref] {
					seen[ref] = true
					x.refs = append(x.refs, refSite{ref: ref, action: owner, response: r, line: i})
				}
			}
		}
	}
}

// owner is the action a response template belongs to.
func (x *index) owner(r *sfmd.Response) *sfmd.Action {
	for _, a := range x.doc.Actions {
		if a.ID == r.ActionID {
			return a
		}
	}
	return nil
}

// occurrenceAt returns the action ID written at off (the cursor may sit
// just after it).
func (x *index) occurrenceAt(off int) *occurrence {
	for i := range x.occs {
		o := &x.occs[i]
		if o.start <= off && off <= o.end {
			return o
		}
	}
	return nil
}

// occurrencesOf returns every place id is written, in order.
func (x *index) occurrencesOf(id string) []occurrence {
	var out []occurrence
	for _, o := range x.occs {
		if o.id == id {
			out = append(out, o)
		}
	}
	return out
}

// refAt returns the placeholder under off.
func (x *index) refAt(off int) *refSite {
	for i := range x.refs {
		r := &x.refs[i]
		if within(r.ref.Span, off) {
			return r
		}
	}
	return nil
}

func within(sp sfmd.Span, off int) bool {
	return sp.IsValid() && sp.Start.Offset <= off && off <= sp.End.Offset
}

// declaration is where a placeholder's name comes from.
type declaration struct {
	span   sfmd.Span
	what   string // "parameter", "session variable", "loop item", "env variable", "value shortcut"
	param  *sfmd.Param
	action *sfmd.Action
	env    *sfmd.EnvEntry
	line   *sfmd.TemplateLine
}

// resolve finds the declaration of a placeholder the way the runtime
// looks names up: the loop item inside its loop, then the action's
// parameters (the caller's fields), then session variables assigned by
// a response template (the same template first), $VAR in the frontmatter's
// env list, {@x} among value shortcuts.
func (x *index) resolve(site *refSite) *declaration {
	ref := site.ref
	switch ref.Kind {
	case sfmd.RefPersistent:
		return x.envDecl(ref.Name)
	case sfmd.RefShortcut:
		return x.assignDecl(site, ref.Name, sfmd.LineValueShortcut)
	case sfmd.RefVar, sfmd.RefSpread:
	default:
		return nil
	}
	if site.response != nil && site.line >= 0 {
		if l := site.response.Lines[site.line]; l.Loop >= 0 && l.Loop < len(site.response.Lines) {
			if f := site.response.Lines[l.Loop]; f.ItemVar == ref.Name {
				return &declaration{span: f.ItemVarSpan, what: "loop item", line: f}
			}
		}
	}
	if site.action != nil && site.hint == nil {
		if p := site.action.Param(ref.Name); p != nil {
			return &declaration{span: p.NameSpan, what: "parameter", param: p, action: site.action}
		}
	}
	return x.assignDecl(site, ref.Name, sfmd.LineAssign)
}

// assignDecl finds the template line assigning name: in the same
// template before the use, else anywhere in the document.
func (x *index) assignDecl(site *refSite, name string, kind sfmd.LineKind) *declaration {
	what := "session variable"
	if kind == sfmd.LineValueShortcut {
		what = "value shortcut"
	}
	if site.response != nil {
		for i, l := range site.response.Lines {
			if i <= site.line && l.Kind == kind && l.LHS == name {
				return &declaration{span: l.LHSSpan, what: what, line: l}
			}
		}
	}
	for _, r := range x.doc.Responses {
		for _, l := range r.Lines {
			if l.Kind == kind && l.LHS == name {
				return &declaration{span: l.LHSSpan, what: what, line: l}
			}
		}
	}
	return nil
}

func (x *index) envDecl(name string) *declaration {
	if x.doc.Frontmatter == nil {
		return nil
	}
	for _, e := range x.doc.Frontmatter.Env {
		if e.Name == name {
			return &declaration{span: e.NameSpan, what: "env variable", env: e}
		}
	}
	return nil
}

// declarationAt returns the declaration written at off (a parameter's
// name, an assignment's left side, a loop item, an env name): its own
// definition.
func (x *index) declarationAt(off int) *declaration {
	for _, a := range x.doc.Actions {
		for _, p := range a.Params {
			if within(p.NameSpan, off) {
				return &declaration{span: p.NameSpan, what: "parameter", param: p, action: a}
			}
		}
	}
	for _, r := range x.doc.Responses {
		for _, l := range r.Lines {
			switch {
			case (l.Kind == sfmd.LineAssign || l.Kind == sfmd.LineValueShortcut) && within(l.LHSSpan, off):
				return &declaration{span: l.LHSSpan, what: "session variable", line: l}
			case l.Kind == sfmd.LineFor && within(l.ItemVarSpan, off):
				return &declaration{span: l.ItemVarSpan, what: "loop item", line: l}
			}
		}
	}
	if fm := x.doc.Frontmatter; fm != nil {
		for _, e := range fm.Env {
			if within(e.NameSpan, off) {
				return &declaration{span: e.NameSpan, what: "env variable", env: e}
			}
		}
	}
	return nil
}

// hintFlag is a --flag (or -a alias) of an action hint.
type hintFlag struct {
	name       string // as written, without dashes
	alias      bool
	start, end int // the flag with its dashes
}

// flagsOf tokenises a hint's arguments (quotes kept together) and
// returns its flags.
func flagsOf(src []byte, h *sfmd.Hint) []hintFlag {
	if !h.ArgsSpan.IsValid() || h.ArgsSpan.End.Offset > len(src) {
		return nil
	}
	base, args := h.ArgsSpan.Start.Offset, string(src[h.ArgsSpan.Start.Offset:h.ArgsSpan.End.Offset])
	var out []hintFlag
	for i := 0; i < len(args); {
		if args[i] == ' ' || args[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(args) && args[j] != ' ' && args[j] != '\t' {
			if q := args[j]; q == '"' || q == '\'' {
				if k := strings.IndexByte(args[j+1:], q); k >= 0 {
					j += k + 1
				}
			}
			j++
		}
		tok := args[i:j]
		switch {
		case tok == "--" || tok == "-":
		case strings.HasPrefix(tok, "--"):
			name, _, _ := strings.Cut(tok[2:], "=")
			out = append(out, hintFlag{name: name, start: base + i, end: base + i + 2 + len(name)})
		case strings.HasPrefix(tok, "-") && len(tok) == 2:
			out = append(out, hintFlag{name: tok[1:], alias: true, start: base + i, end: base + j})
		}
		i = j
	}
	return out
}

// paramOf finds the parameter a flag names.
func paramOf(a *sfmd.Action, f hintFlag) *sfmd.Param {
	if a == nil {
		return nil
	}
	for _, p := range a.Params {
		if (!f.alias && p.Name == f.name) || (f.alias && p.Alias == "-"+f.name) {
			return p
		}
	}
	return nil
}
