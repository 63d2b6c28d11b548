package sfmd

import (
	"slices"
	"strings"
)

// NameKind says what a name names.
type NameKind int

const (
	NameAction        NameKind = iota + 1 // an action ID
	NameParam                             // a parameter of an action (Occurrence.Scope: its action)
	NameAlias                             // a parameter's alias letter, -n (Scope: its action)
	NameBlock                             // a block ID: <!-- #id -->, <!-- /id -->, [x](#id)
	NameInclude                           // an include's ID: [!include:id](…)
	NameMenu                              // a nav name: [!nav:x](…)
	NameShortcut                          // a shortcut ID: [@id …](…), [@id]: …, [label][@id]
	NameSessionVar                        // a session variable: x = {Response.…} and {x}
	NameLoopItem                          // a loop's item: for: item in … and {item}
	NameValueShortcut                     // a value shortcut: {@x} = … and {@x}
	NameEnv                               // an env variable: - NAME: … and $NAME
	NameResponse                          // {Response.…}: a value of the response, no name to define
)

func (k NameKind) String() string {
	if k < NameAction || k > NameResponse {
		return "name"
	}
	return [...]string{"action", "parameter", "alias", "block", "include", "menu", "shortcut",
		"session variable", "loop item", "value shortcut", "env variable", "response value"}[k-NameAction]
}

// Occurrence is one place the document writes a name: its definition or
// a use. Start and End are the byte offsets of the name itself (what a
// rename replaces); Span is the construct that writes it (a placeholder's
// braces, a $VAR's dollar).
type Occurrence struct {
	Kind       NameKind
	Name       string
	Scope      string // NameParam, NameAlias: the action ID
	Start, End int
	Span       Span
	Def        bool

	Site     ActionSiteKind // NameAction: how the ID is written
	Action   *Action        // the action defined, the parameter's action, a placeholder's action (a template's owner)
	Param    *Param         // a parameter's or alias's definition
	Response *Response      // the response template holding a placeholder or an assignment
	Line     int            // the template line in Response.Lines, or -1
	Assign   *TemplateLine  // the assignment, value shortcut or for: line defining the name
	Env      *EnvEntry      // an env variable's definition
	Hint     *Hint          // the hint writing it (an action ID, a flag, a placeholder)
	Link     *Link          // the act: link writing it (an action ID, a query key)
	Ref      *VarRef        // the placeholder writing it
	Marker   *Marker
	Dir      *Directive
	Shortcut *Shortcut

	decl int // index of the definition it refers to in Names.occs, or -1
}

// Names is the index of a document's names and their occurrences: every
// action ID (Document.ActionSites), parameter (its line, the hints'
// --flags, the query keys of act: links and shortcut targets, {name} in
// its action), alias (its line, the hints' -n), block, include, nav name,
// shortcut, session variable, loop item, value shortcut and env variable.
// Hints include the calls of response templates' bare /act lines and
// next: lines, act: links those of response templates
// (Document.TemplateActLinks). Placeholders (Document.Placeholders, the
// list the rules' symbol table reads too) resolve as the runtime looks
// names up: the loop item inside its loop,
// then the action's parameters, then a session variable assigned by a
// response template (the same template first), $VAR in the frontmatter's
// env list, {@x} among value shortcuts.
//
// The rules that rename, their fixes, the language server's navigation,
// references, highlights and rename read this one index.
type Names struct {
	doc  *Document
	occs []Occurrence // sorted by Start
}

// Names returns the document's index of names, built on the first call
// (it costs about as much as the parse) and shared by every later one:
// the rules, their fixes and the language server read one index. It is
// read-only. A Document not made by Parse, or a copy of one (which may
// have another Src), builds its index on each call.
func (d *Document) Names() *Names {
	c := d.names
	if c == nil {
		return d.buildNames()
	}
	c.once.Do(func() { c.names = d.buildNames() })
	if c.names.doc != d {
		return d.buildNames()
	}
	return c.names
}

// buildNames builds the document's index of names.
func (d *Document) buildNames() *Names {
	params := 0
	for _, a := range d.Actions {
		params += 2 * len(a.Params)
	}
	b := &namesBuilder{n: &Names{doc: d}, first: make(map[string]*Action, len(d.Actions)), at0: make(map[int]*Action, len(d.Actions)),
		params: make(map[paramKey]int, params), assigns: map[*TemplateLine]int{}, envs: map[string]int{},
		firstAssign: map[assignKey]int{}, respAssign: map[*Response]map[assignKey][2]int{}}
	for _, a := range d.Actions {
		if _, ok := b.first[a.ID]; !ok && a.ID != "" {
			b.first[a.ID] = a
		}
		if a.IDSpan.IsValid() {
			b.at0[a.IDSpan.Start.Off()] = a
		}
	}
	b.n.occs = make([]Occurrence, 0, estimate(d))
	b.tlinks = d.TemplateActLinks()
	b.actions()
	b.paramNames()
	b.blocks()
	b.shortcuts()
	b.placeholders()
	sortByStart(b.n.occs)
	return b.n
}

// sortByStart puts occs in document order (by Start, stable) in place and
// renumbers each decl. It sorts keys (Start and index in one integer), not
// the occurrences: moving structs of pointers through a sort cost as much
// as the rest of the index. Each occurrence then moves once, along the
// cycles of the permutation.
func sortByStart(occs []Occurrence) {
	keys := make([]uint64, len(occs))
	for i := range occs {
		keys[i] = uint64(occs[i].Start)<<32 | uint64(i)
	}
	slices.Sort(keys)
	where := make([]int32, len(occs)) // where[from] = to
	for to, k := range keys {
		where[uint32(k)] = int32(to)
	}
	for i := range occs {
		if d := occs[i].decl; d >= 0 {
			occs[i].decl = int(where[d])
		}
	}
	for i := range occs {
		for int(where[i]) != i {
			j := where[i]
			occs[i], occs[j] = occs[j], occs[i]
			where[i], where[j] = where[j], where[i]
		}
	}
}

// estimate is about how many occurrences d has, so that the index is
// allocated once for most documents.
func estimate(d *Document) int {
	n := 2*len(d.Actions) + 2*len(d.Hints) + 2*len(d.Links) + len(d.Markers) + len(d.Directives) + len(d.Shortcuts) + len(d.ProseVars)
	for _, a := range d.Actions {
		n += 2 * len(a.Params)
	}
	for _, r := range d.Responses {
		n += 1 + 2*len(r.Lines)
	}
	return n
}

// All returns every occurrence, in document order.
func (n *Names) All() []Occurrence { return n.occs }

// Decl returns the definition o refers to (o itself for a definition),
// or nil when the document defines none.
func (n *Names) Decl(o *Occurrence) *Occurrence {
	if o == nil || o.decl < 0 {
		return nil
	}
	return &n.occs[o.decl]
}

// Group returns every occurrence of the name o writes, in document order:
// the occurrences of the same action, block, include, menu or shortcut ID,
// of the same action's parameter or alias, or (for placeholders) those
// resolving to the same definition. A placeholder that resolves to nothing
// is alone in its group.
func (n *Names) Group(o *Occurrence) []Occurrence {
	if o == nil {
		return nil
	}
	if !o.byName() {
		if o.decl < 0 {
			return []Occurrence{*o}
		}
		var out []Occurrence
		for _, u := range n.occs {
			if u.decl == o.decl {
				out = append(out, u)
			}
		}
		return out
	}
	return n.Of(o.Kind, o.Scope, o.Name)
}

// Of returns every occurrence of a name of kind (scope: the action of a
// parameter or alias), in document order.
func (n *Names) Of(kind NameKind, scope, name string) []Occurrence {
	var out []Occurrence
	for _, u := range n.occs {
		if u.Kind == kind && u.Scope == scope && u.Name == name {
			out = append(out, u)
		}
	}
	return out
}

// byName reports whether the occurrences of o's kind are one name by
// their text (an ID), not by what they resolve to (a placeholder).
func (o *Occurrence) byName() bool {
	switch o.Kind {
	case NameSessionVar, NameLoopItem, NameValueShortcut, NameEnv, NameResponse:
		return false
	}
	return true
}

type namesBuilder struct {
	n       *Names
	tlinks  []TemplateLink     // the response templates' act: links
	first   map[string]*Action // the first action of each ID
	at0     map[int]*Action    // the action whose ID starts at an offset
	params  map[paramKey]int   // the first parameter (or alias) of each name of an action: its definition, or -1
	assigns map[*TemplateLine]int
	envs    map[string]int // the first definition of each env name
	// the first definition by a template line of each kind and name: in
	// the document, in each template (with its line)
	firstAssign map[assignKey]int
	respAssign  map[*Response]map[assignKey][2]int
}

type paramKey struct {
	action *Action
	name   string
	alias  bool
}

type assignKey struct {
	kind LineKind
	name string
}

func (b *namesBuilder) add(o Occurrence) int {
	if !o.Span.IsValid() {
		o.Span = offsetSpan(o.Start, o.End)
	}
	b.n.occs = append(b.n.occs, o)
	i := len(b.n.occs) - 1
	if o.Def {
		b.n.occs[i].decl = i
	}
	return i
}

// at is the offsets of name written at sp's start (or right after skip
// bytes), when the document has exactly that text there.
func (b *namesBuilder) at(sp Span, skip int, name string) (int, int, bool) {
	src := b.n.doc.Src
	if name == "" || !sp.IsValid() {
		return 0, 0, false
	}
	s := sp.Start.Off() + skip
	if s < 0 || s+len(name) > len(src) || string(src[s:s+len(name)]) != name {
		return 0, 0, false
	}
	return s, s + len(name), true
}

func (b *namesBuilder) actions() {
	first := map[string]int{}
	sites := b.n.doc.actionSites(b.tlinks)
	for _, s := range sites {
		if s.Kind == SiteAction {
			if _, ok := first[s.ID]; !ok {
				first[s.ID] = -1
			}
		}
	}
	for _, s := range sites {
		o := Occurrence{Kind: NameAction, Name: s.ID, Start: s.Start, End: s.End, Site: s.Kind, Hint: s.Hint, Link: s.Link, Line: -1, decl: -1}
		if s.Kind == SiteAction {
			o.Def, o.Action = true, b.at0[s.Start]
		}
		i := b.add(o)
		if s.Kind == SiteAction && first[s.ID] == -1 {
			first[s.ID] = i
		}
	}
	for i := range b.n.occs {
		if o := &b.n.occs[i]; o.Kind == NameAction && !o.Def {
			if d, ok := first[o.Name]; ok && d >= 0 {
				o.decl = d
			}
		}
	}
}

// decl is the first of a paramDecl answer.
func (b *namesBuilder) decl(i int, _ bool) int { return i }

// firstAction is the first action defined with id.
func (b *namesBuilder) firstAction(id string) *Action { return b.first[id] }

// paramNames indexes parameter and alias definitions, the hints' flags and
// act: links' query keys.
func (b *namesBuilder) paramNames() {
	for _, a := range b.n.doc.Actions {
		for _, p := range a.Params {
			i, j := -1, -1
			if s, e, ok := b.at(p.NameSpan, 0, p.Name); ok {
				i = b.add(Occurrence{Kind: NameParam, Name: p.Name, Scope: a.ID, Start: s, End: e, Def: true, Action: a, Param: p, Line: -1})
			}
			if s, e, ok := b.at(p.AliasSpan, 1, strings.TrimPrefix(p.Alias, "-")); ok && strings.HasPrefix(p.Alias, "-") {
				j = b.add(Occurrence{Kind: NameAlias, Name: p.Alias[1:], Scope: a.ID, Start: s, End: e, Def: true, Action: a, Param: p, Line: -1})
			}
			if k := (paramKey{a, p.Name, false}); !b.hasParam(k) {
				b.params[k] = i
			}
			if k := (paramKey{a, strings.TrimPrefix(p.Alias, "-"), true}); p.Alias != "" && !b.hasParam(k) {
				b.params[k] = j
			}
		}
	}
	for _, h := range b.n.doc.Hints {
		if h.Verb == "act" {
			b.hintFlags(h)
		}
	}
	for _, l := range b.n.doc.Links {
		if l.IsAct {
			b.queryKeys(l.ActID, l.ActQuery, l, nil)
		}
	}
	for _, l := range b.tlinks {
		b.queryKeys(l.ActID, l.ActQuery, l.Link, nil)
	}
	for _, sc := range b.n.doc.Shortcuts {
		if _, ok := ActTarget(sc.URL); ok && sc.Form != ShortcutRefUse && sc.URLSpan.IsValid() {
			l := b.n.doc.ActLink(sc.URL, sc.URLSpan.Start.Off())
			b.queryKeys(l.ActID, l.ActQuery, nil, sc)
		}
	}
}

// queryKeys indexes the query keys of an act: link or shortcut target.
func (b *namesBuilder) queryKeys(id string, qs []QueryParam, l *Link, sc *Shortcut) {
	a := b.firstAction(id)
	for _, q := range qs {
		if s, e, ok := b.at(q.KeySpan, 0, q.Key); ok {
			b.add(Occurrence{Kind: NameParam, Name: q.Key, Scope: id, Start: s, End: e, Link: l, Shortcut: sc, Action: a, Line: -1, decl: b.decl(b.paramDecl(a, q.Key, false))})
		}
	}
}

// paramDecl is the index of the definition of a's parameter name (or of
// the parameter aliased -name), or -1; ok says whether a has it.
func (b *namesBuilder) paramDecl(a *Action, name string, alias bool) (int, bool) {
	i, ok := b.params[paramKey{a, name, alias}]
	if !ok {
		return -1, false
	}
	return i, true
}

func (b *namesBuilder) hasParam(k paramKey) bool {
	_, ok := b.params[k]
	return ok
}

// hintFlags indexes the --name and -n flags of an /act hint, read by the
// language's flag syntax (ReadFlag) over its tokens (TokenizeArgs).
func (b *namesBuilder) hintFlags(h *Hint) {
	if !h.ArgsSpan.IsValid() {
		return
	}
	a := b.firstAction(h.Target)
	base := h.ArgsSpan.Start.Off()
	for _, t := range TokenizeArgs(h.Args) {
		if t.Text == EndOfFlags {
			return
		}
		f, ok := ReadFlag(t.Text)
		if !ok || f.Name == "" {
			continue
		}
		kind, skip := NameParam, 2
		if f.Short {
			kind, skip = NameAlias, 1
		}
		if s, e, ok := b.at(offsetSpan(base+t.Start, base+t.End), skip, f.Name); ok {
			// the construct is the flag with its dashes, without a =value
			b.add(Occurrence{Kind: kind, Name: f.Name, Scope: h.Target, Start: s, End: e, Span: offsetSpan(s-skip, e), Hint: h, Action: a, Line: -1, decl: b.decl(b.paramDecl(a, f.Name, f.Short))})
		}
	}
}

// blocks indexes block markers, same-document #block links, includes and
// nav names.
func (b *namesBuilder) blocks() {
	d := b.n.doc
	first := map[string]int{}
	for _, m := range d.Markers {
		s, e, ok := b.at(m.IDSpan, 0, m.ID)
		if !ok {
			continue
		}
		i := b.add(Occurrence{Kind: NameBlock, Name: m.ID, Start: s, End: e, Def: m.Open, Marker: m, Line: -1, decl: -1})
		if _, seen := first[m.ID]; !seen && m.Open {
			first[m.ID] = i
		}
	}
	for _, l := range d.Links {
		if id, ok := strings.CutPrefix(l.Dest, "#"); ok && !l.IsAct {
			if s, e, ok := b.at(l.DestSpan, 1, id); ok {
				b.add(Occurrence{Kind: NameBlock, Name: id, Start: s, End: e, Link: l, Line: -1, decl: -1})
			}
		}
	}
	for i := range b.n.occs {
		if o := &b.n.occs[i]; o.Kind == NameBlock && !o.Def {
			if f, ok := first[o.Name]; ok {
				o.decl = f
			}
		}
	}
	for _, dir := range d.Directives {
		kind := NameMenu
		switch dir.Type {
		case "include":
			kind = NameInclude
		case "nav", "menu":
		default:
			continue
		}
		if s, e, ok := b.at(dir.NameSpan, 0, dir.Name); ok {
			b.add(Occurrence{Kind: kind, Name: dir.Name, Start: s, End: e, Def: true, Dir: dir, Line: -1})
		}
	}
}

// shortcuts indexes shortcut definitions and their [label][@id] uses.
func (b *namesBuilder) shortcuts() {
	first := map[string]int{}
	var uses []int
	for _, sc := range b.n.doc.Shortcuts {
		if sc.Form == ShortcutNoLabel {
			continue
		}
		s, e, ok := b.at(sc.IDSpan, 0, sc.ID)
		if !ok {
			if s, e, ok = b.at(sc.IDSpan, 1, sc.ID); !ok { // the span holds the '@'
				continue
			}
		}
		def := sc.Form != ShortcutRefUse
		i := b.add(Occurrence{Kind: NameShortcut, Name: sc.ID, Start: s, End: e, Def: def, Shortcut: sc, Line: -1, decl: -1})
		if _, seen := first[sc.ID]; def && !seen {
			first[sc.ID] = i
		}
		if !def {
			uses = append(uses, i)
		}
	}
	for _, i := range uses {
		if f, ok := first[b.n.occs[i].Name]; ok {
			b.n.occs[i].decl = f
		}
	}
}

// placeholders indexes the definitions of session variables, value
// shortcuts, loop items and env variables, then every placeholder with
// what it resolves to.
func (b *namesBuilder) placeholders() {
	d := b.n.doc
	for _, r := range d.Responses {
		for i, l := range r.Lines {
			switch {
			case l.AssignsSessionVar() || l.Kind == LineValueShortcut && l.LHS != "":
				kind := NameSessionVar
				if l.Kind == LineValueShortcut {
					kind = NameValueShortcut
				}
				if s, e, ok := b.at(l.LHSSpan, strings.Index(l.LHSRaw, l.LHS), l.LHS); ok {
					j := b.add(Occurrence{Kind: kind, Name: l.LHS, Start: s, End: e, Span: l.LHSSpan, Def: true, Response: r, Line: i, Assign: l})
					b.assigns[l] = j
					b.addAssign(r, assignKey{l.Kind, l.LHS}, i, j)
				}
			case l.Kind == LineFor:
				if s, e, ok := b.at(l.ItemVarSpan, 0, l.ItemVar); ok {
					b.assigns[l] = b.add(Occurrence{Kind: NameLoopItem, Name: l.ItemVar, Start: s, End: e, Def: true, Response: r, Line: i, Assign: l})
				}
			}
		}
	}
	if fm := d.Frontmatter; fm != nil {
		for _, e := range fm.Env {
			if s, end, ok := b.at(e.NameSpan, 0, e.Name); ok {
				i := b.add(Occurrence{Kind: NameEnv, Name: e.Name, Start: s, End: end, Def: true, Env: e, Line: -1})
				if _, seen := b.envs[e.Name]; !seen {
					b.envs[e.Name] = i
				}
			}
		}
	}
	places := d.Placeholders()
	seen := make(map[[2]int]bool, len(places))
	for _, rescan := range []bool{false, true} { // what the parser read first
		for i := range places {
			if st := &places[i]; st.Rescan == rescan {
				b.placeholder(st, seen)
			}
		}
	}
}

// placeholder indexes st, unless a placeholder at its place was indexed.
func (b *namesBuilder) placeholder(st *Placeholder, seen map[[2]int]bool) {
	sp := st.Ref.Span
	if !sp.IsValid() || seen[[2]int{sp.Start.Off(), sp.End.Off()}] {
		return
	}
	seen[[2]int{sp.Start.Off(), sp.End.Off()}] = true
	s, e, ok := b.at(sp, strings.Index(st.Ref.Raw, st.Ref.Name), st.Ref.Name)
	if !ok {
		return // no name ({@}, {Response.}) or not written as read
	}
	o := Occurrence{Kind: NameSessionVar, Name: st.Ref.Name, Span: sp, Start: s, End: e,
		Action: st.Action, Response: st.Response, Line: st.Line, Hint: st.Hint, Ref: st.Ref, decl: -1}
	if st.Place == PlaceHint {
		o.Action = b.firstAction(st.Hint.Target) // the hint's target, whose flags these are
	}
	b.resolve(&o, st)
	b.add(o)
}

// resolve sets o's kind and definition the way the runtime looks the
// placeholder's name up.
func (b *namesBuilder) resolve(o *Occurrence, st *Placeholder) {
	ref := st.Ref
	switch ref.Kind {
	case RefPersistent:
		o.Kind = NameEnv
		if i, ok := b.envs[ref.Name]; ok {
			o.decl = i
		}
		return
	case RefShortcut:
		o.Kind = NameValueShortcut
		o.decl = b.assignDecl(st, ref.Name, LineValueShortcut)
		return
	case RefVar, RefSpread:
	default:
		o.Kind = NameResponse
		return
	}
	if st.Response != nil && st.Line >= 0 {
		if l := st.Response.Lines[st.Line]; l.Loop >= 0 && int(l.Loop) < len(st.Response.Lines) {
			if f := st.Response.Lines[l.Loop]; f.ItemVar == ref.Name {
				if i, ok := b.assigns[f]; ok {
					o.Kind, o.decl = NameLoopItem, i
					return
				}
			}
		}
	}
	if st.Action != nil && st.Hint == nil {
		if i, ok := b.paramDecl(st.Action, ref.Name, false); ok {
			o.Kind, o.Scope, o.decl = NameParam, st.Action.ID, i
			return
		}
	}
	o.decl = b.assignDecl(st, ref.Name, LineAssign)
}

// assignDecl is the definition of name by a template line of kind: in the
// same template before the use, else anywhere in the document; -1 when
// none.
func (b *namesBuilder) assignDecl(st *Placeholder, name string, kind LineKind) int {
	k := assignKey{kind, name}
	if st.Response != nil {
		if d, ok := b.respAssign[st.Response][k]; ok && d[0] <= st.Line {
			return d[1]
		}
	}
	if j, ok := b.firstAssign[k]; ok {
		return j
	}
	return -1
}

// addAssign records the definition j of k on line i of r, when it is
// the first in r or in the document.
func (b *namesBuilder) addAssign(r *Response, k assignKey, i, j int) {
	if _, ok := b.firstAssign[k]; !ok {
		b.firstAssign[k] = j
	}
	m := b.respAssign[r]
	if m == nil {
		m = map[assignKey][2]int{}
		b.respAssign[r] = m
	}
	if _, ok := m[k]; !ok {
		m[k] = [2]int{i, j}
	}
}

// AssignsSessionVar reports whether l is written as the assignment of a
// session variable, {name} = …. `$NAME = …` assigns nothing: the runtime's
// assignment pattern wants the name in braces, so the line is printed,
// $NAME and all (string-os/string bb52047, helpers.ts
// executeResponseTemplate: /^\{([a-zA-Z_]\w*)\}\s*=\s*\{Response\.(.+)\}$/;
// action.ts executeAction hands it the template with no $VAR resolved).
func (l *TemplateLine) AssignsSessionVar() bool {
	return l.Kind == LineAssign && l.LHS != "" && !strings.HasPrefix(l.LHSRaw, "$")
}

// Place says where a placeholder is written.
type Place uint8

const (
	PlaceTarget       Place = iota // an action's first line: its URL or CLI command
	PlaceHeader                    // the value of an HTTP action's -H "Name: value"
	PlaceInlineBody                // an action's -d '…'
	PlaceBody                      // an action's body: template
	PlaceParamDefault              // a parameter's = "default"
	PlaceResponse                  // a response template line
	PlaceHint                      // an invocation hint
	PlaceProse                     // prose outside action blocks
	PlaceDestination               // a shortcut's or a link's destination
)

// Placeholder is a {…} or $NAME reference and where it is written.
type Placeholder struct {
	Ref      *VarRef
	Action   *Action   // the action it belongs to: the defining one, a response template's owner (the first action of its ID); nil elsewhere
	Response *Response // PlaceResponse: the template
	Hint     *Hint     // PlaceHint: the hint
	Line     int       // PlaceResponse: the line in Response.Lines; -1 elsewhere
	Place    Place
	// Rescan: a $NAME read by Document.DollarRefs in a text the parser
	// leaves unread (save:, decode: and for: arguments, a hint's text,
	// destinations); the parser's references come first at each place.
	Rescan bool
}

// Placeholders lists every placeholder of the document with its place:
// the parser's references of each action's target, -H values (an HTTP
// action's: a CLI command's are in its target), -d body, body templates
// and parameter defaults; of each response template line, its {…} and
// the $NAME of its text (Document.LineDollarRefs); of each hint, its {…}
// and the $NAME of its text; prose; destinations
// (Document.DestinationDollarRefs). The index of names (Names) and the
// rules' symbol table read this one list. It is built once per parsed
// document and shared (read-only), like Names.
func (d *Document) Placeholders() []Placeholder {
	c := d.names
	if c == nil {
		return d.listPlaceholders()
	}
	c.placesOnce.Do(func() { c.places, c.placesOf = d.listPlaceholders(), d })
	if c.placesOf != d {
		return d.listPlaceholders()
	}
	return c.places
}

// listPlaceholders builds the list Placeholders returns.
func (d *Document) listPlaceholders() []Placeholder {
	var from *arenaPool[Placeholder]
	if d.arena != nil {
		from = &d.arena.placeholders
	}
	n := d.maxPlaces
	if n == 0 {
		n = d.maxPlaceholders()
	}
	out := take(from, n)
	add := func(refs []*VarRef, p Placeholder) {
		for _, ref := range refs {
			p.Ref = ref
			out = append(out, p)
		}
	}
	if ends := d.actionFacts(); ends != nil {
		start := 0
		for k, a := range d.Actions {
			at := Placeholder{Action: a, Line: -1}
			for _, e := range d.actPlaces[start:ends[k]] {
				at.Ref, at.Place = e.ref, Place(e.line)
				out = append(out, at)
			}
			start = int(ends[k])
		}
	} else {
		for _, a := range d.Actions {
			at := Placeholder{Action: a, Line: -1}
			actionRefs(a, func(ref *VarRef, place Place) {
				at.Ref, at.Place = ref, place
				out = append(out, at)
			})
		}
	}
	out = d.responsePlaceholders(out)
	for _, h := range d.Hints {
		add(h.Refs, Placeholder{Place: PlaceHint, Hint: h, Line: -1})
		add(d.DollarRefs(h.Text, h.Span), Placeholder{Place: PlaceHint, Hint: h, Line: -1, Rescan: true})
	}
	add(d.ProseVars, Placeholder{Place: PlaceProse, Line: -1})
	if !d.noDestinationRefs() {
		add(d.DestinationDollarRefs(), Placeholder{Place: PlaceDestination, Line: -1, Rescan: true})
	}
	return out
}

// actionRefs calls yield with each reference of a's definition that
// Placeholders lists, and its place, in their order there: the target's,
// the -H values' (an HTTP action's: a CLI command's are in its target),
// the -d body's, the body templates' and the parameter defaults'.
func actionRefs(a *Action, yield func(*VarRef, Place)) {
	each := func(refs []*VarRef, place Place) {
		for _, ref := range refs {
			yield(ref, place)
		}
	}
	if a.Target != nil {
		each(a.Target.Refs, PlaceTarget)
	}
	if !a.IsCLI() { // a CLI command's -H text is part of its Target
		for _, h := range a.Headers {
			if h.Value != nil {
				each(h.Value.Refs, PlaceHeader)
			}
		}
	}
	if a.InlineBody != nil && a.InlineBody.Template != nil {
		each(a.InlineBody.Template.Refs, PlaceInlineBody)
	}
	for _, b := range a.Bodies {
		if b.Template != nil {
			each(b.Template.Refs, PlaceBody)
		}
	}
	for _, p := range a.Params {
		each(p.DefaultRefs, PlaceParamDefault)
	}
}

// responsePlaceholders appends those of the response templates: the
// parser's {…} of each line (of the right side of an assignment), then
// the $NAME of its text. It reads each template's owner and the places
// of its lines' placeholders from the parse's facts (responseFacts) where
// it has them, instead of every line of the tree.
func (d *Document) responsePlaceholders(out []Placeholder) []Placeholder {
	if facts := d.responseFacts(); facts != nil {
		for k, r := range d.Responses {
			f := facts[k]
			p := Placeholder{Place: PlaceResponse, Action: f.owner, Response: r}
			for _, e := range d.respPlaces[f.from:f.to] {
				p.Line = e.line
				if e.ref != nil {
					p.Ref, p.Rescan = e.ref, false
					out = append(out, p)
					continue
				}
				p.Rescan = true
				for _, ref := range d.LineDollarRefs(r.Lines[e.line]) {
					p.Ref = ref
					out = append(out, p)
				}
			}
		}
		return out
	}
	if len(d.Responses) == 0 {
		return out
	}
	owners := d.firstActions()
	for _, r := range d.Responses {
		p := Placeholder{Place: PlaceResponse, Action: owners[r.ActionID], Response: r}
		for i, l := range r.Lines {
			p.Line, p.Rescan = i, false
			if t := placedTemplate(l); t != nil {
				for _, ref := range t.Refs {
					if ref.Kind != RefPersistent { // read from the text below
						p.Ref = ref
						out = append(out, p)
					}
				}
			}
			p.Rescan = true
			for _, ref := range d.LineDollarRefs(l) {
				p.Ref = ref
				out = append(out, p)
			}
		}
	}
	return out
}

// countDollars is strings.Count(s, "$") after a search for a first '$',
// which most texts fail (a parse of the generated 10 MB document, whole
// process, callgrind: 950.3 M instructions with Count alone, 949.2 M).
func countDollars(s string) int {
	if strings.IndexByte(s, '$') < 0 {
		return 0
	}
	return strings.Count(s, "$")
}

// firstActions maps each action ID to its first action.
func (d *Document) firstActions() map[string]*Action {
	owners := make(map[string]*Action, len(d.Actions))
	for _, a := range d.Actions {
		if _, ok := owners[a.ID]; !ok {
			owners[a.ID] = a
		}
	}
	return owners
}

// places bounds, for Document.maxPlaces, how many placeholders the parsed
// document has, as maxPlaceholders does, from what the parse counted as it
// went: every reference it kept in a template, a default or a hint (each
// is placed at most once), the prose's, and every '$' of the texts
// listPlaceholders rescans. The walk of the finished tree that
// maxPlaceholders makes cost a quarter of listPlaceholders' time on the
// generated 10 MB document (go test -bench PlaceholdersBig -cpuprofile).
func (p *docParser) places() int {
	return p.nRefs + len(p.doc.ProseVars) + p.dollars
}

// maxPlaceholders bounds how many placeholders the document has (every
// parser reference, every '$' of the texts rescanned), so that their
// list is allocated once: for a document the parse did not count
// (Document.maxPlaces).
func (d *Document) maxPlaceholders() int {
	n := len(d.ProseVars)
	for _, a := range d.Actions {
		for t := range a.Templates() {
			n += len(t.Refs)
		}
		for _, p := range a.Params {
			n += len(p.DefaultRefs)
		}
	}
	for _, r := range d.Responses {
		for _, l := range r.Lines {
			if l.Template != nil {
				n += len(l.Template.Refs)
			}
			if l.RHS != nil && l.RHS != l.Template {
				n += len(l.RHS.Refs)
			}
			n += strings.Count(l.Line.Text, "$")
		}
	}
	for _, h := range d.Hints {
		n += len(h.Refs) + strings.Count(h.Text, "$")
	}
	for _, sc := range d.Shortcuts {
		n += strings.Count(sc.URL, "$")
	}
	for _, l := range d.Links {
		n += strings.Count(l.Dest, "$")
	}
	return n
}
