package rules

import (
	"net/url"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// The act-links analysis and the helpers shared by the rules about
// shortcuts, their references and act: links (spec.md §2.5).

const pageNamespace = "page."

// navMenus returns the nav (and legacy menu) directives by name.
func navMenus(doc *sfmd.Document) map[string]*sfmd.Directive {
	out := map[string]*sfmd.Directive{}
	for _, d := range doc.Directives {
		if (d.Type == "nav" || d.Type == "menu") && d.Name != "" {
			if _, ok := out[d.Name]; !ok {
				out[d.Name] = d
			}
		}
	}
	return out
}

// menuShortcuts reads the shortcut IDs a menu file defines. ok is false
// when the file cannot be read (nav-target-not-found reports that).
func menuShortcuts(ws *lint.Workspace, d *sfmd.Directive) (map[string]bool, bool) {
	if ws == nil {
		return nil, false
	}
	p := d.Path
	if i := strings.IndexAny(p, "#?"); i >= 0 {
		p = p[:i]
	}
	if p == "" || strings.Contains(p, "://") {
		return nil, false
	}
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	md, err := ws.Document(p)
	if err != nil || md == nil {
		return nil, false
	}
	ids := map[string]bool{}
	for _, s := range md.Shortcuts {
		if isShortcutDef(s) {
			ids[s.ID] = true
		}
	}
	return ids, true
}

// menuIndex reads the shortcut IDs of a document's menus once per run.
type menuIndex struct {
	ws    *lint.Workspace
	menus map[string]*sfmd.Directive
	ids   map[string]map[string]bool // by menu name; nil: unreadable
	done  map[string]bool
}

func newMenuIndex(ws *lint.Workspace, menus map[string]*sfmd.Directive) *menuIndex {
	return &menuIndex{ws: ws, menus: menus, ids: map[string]map[string]bool{}, done: map[string]bool{}}
}

// menu returns the IDs of menu name, and false when it cannot be read.
func (m *menuIndex) menu(name string) (map[string]bool, bool) {
	if !m.done[name] {
		m.done[name] = true
		if d := m.menus[name]; d != nil {
			if ids, ok := menuShortcuts(m.ws, d); ok {
				m.ids[name] = ids
			}
		}
	}
	ids := m.ids[name]
	return ids, ids != nil
}

// definedInAny reports whether any menu defines id, and whether all menus
// could be read.
func (m *menuIndex) definedInAny(id string) (found, complete bool) {
	complete = true
	for name := range m.menus {
		ids, ok := m.menu(name)
		if !ok {
			complete = false
			continue
		}
		if ids[id] {
			return true, true
		}
	}
	return false, complete
}

// actLink is an act: link of the prose or of a response template.
type actLink struct {
	ID       string
	Query    []sfmd.QueryParam
	HasFrag  bool
	Dest     string
	DestSpan sfmd.Span
	// Owner is the action whose response template holds the link, or nil.
	Owner string

	// what the two rules about its fields ask, computed once per link
	// (linkFields): the required fields it leaves out, and its misnamed keys
	fieldsDone bool
	missing    []string
	misnamed   map[string]string
	// the action it calls (actLinkSet.target), looked up once
	targetDone bool
	target     *sfmd.Action
}

// actLinks returns every act: link of the document: the parser's prose
// links, shortcuts whose target is an act: URI ([@id Label](act:x) and
// [@id]: act:x, followed like links) and the links written in response
// templates (which the runtime renders as links too).
func actLinks(doc *sfmd.Document) []*actLink {
	var out []*actLink
	for _, l := range doc.Links {
		if !l.IsAct {
			continue
		}
		out = append(out, fromLink(l, ""))
	}
	for _, s := range doc.Shortcuts {
		if (s.Form == sfmd.ShortcutInline || s.Form == sfmd.ShortcutRefDef) && strings.HasPrefix(s.URL, "act:") && src(doc, s.URLSpan) == s.URL {
			out = append(out, fromLink(doc.ActLink(s.URL, s.URLSpan.Start.Off()), ""))
		}
	}
	for _, l := range doc.TemplateActLinks() {
		out = append(out, fromLink(l.Link, l.Response.ActionID))
	}
	return out
}

// fromLink is the actLink of an act: link of sfmd's.
func fromLink(l *sfmd.Link, owner string) *actLink {
	return &actLink{ID: l.ActID, Query: l.ActQuery, HasFrag: l.HasFrag, Dest: l.Dest, DestSpan: l.DestSpan, Owner: owner}
}

// actLinksAnalyzer collects the act: links of a document, and the
// actions they can reach, once for the five act-link rules.
var actLinksAnalyzer = &lint.Analyzer{
	Name:   "actlinks",
	Shared: true,
	Doc: lint.Doc{
		Title: "act: links of a document",
		Why:   "shared analysis: every act: link (prose and response templates) and the actions of the document and its includes",
	},
	Run: func(pass *lint.Pass) (any, error) {
		return &actLinkSet{links: actLinks(pass.Doc), pass: pass}, nil
	},
}

// actLinkSet is the actLinksAnalyzer result. Read-only for rules.
type actLinkSet struct {
	links []*actLink
	pass  *lint.Pass // the shared analysis's: document and workspace
	scope *actionScope
	// the document's symbol table, when a rule that asks has it: the
	// scope then finds the document's own actions in it
	syms *symbolTable
}

// actionScope returns the actions the links can reach, computed on the
// first call (documents without links never read their includes).
func (s *actLinkSet) actionScope() *actionScope {
	if s.scope == nil {
		s.scope = newActionScope(s.pass, s.syms)
	}
	return s.scope
}

// target returns the action of the scope the link calls, or nil, looked
// up once per link for the three rules that ask.
func (s *actLinkSet) target(l *actLink) *sfmd.Action {
	if !l.targetDone {
		l.target = s.actionScope().lookup(l.ID)
		l.targetDone = true
	}
	return l.target
}

// docActLinks returns the actLinksAnalyzer result of a pass that
// requires it, with the pass's symbol table when it has one.
func docActLinks(pass *lint.Pass) *actLinkSet {
	s, ok := pass.ResultOf[actLinksAnalyzer].(*actLinkSet)
	if !ok {
		s = &actLinkSet{links: actLinks(pass.Doc), pass: pass}
	}
	if t, ok := pass.ResultOf[symbolsAnalyzer].(*symbolTable); ok && s.syms == nil {
		s.syms = t
	}
	return s
}

// maxIncludeDepth bounds how deep included documents are followed.
const maxIncludeDepth = 4

// includedDocs returns the documents the [!include:…] directives of the
// document pull in (recursively), whose shortcuts and actions become part
// of the compiled page. complete is false when one of them could not be
// read (no Workspace, a URL, a missing file): a name not found may then
// still be defined there.
func includedDocs(pass *lint.Pass) (docs []*sfmd.Document, complete bool) {
	complete = true
	seen := map[string]bool{}
	var walk func(doc *sfmd.Document, rel string, depth int)
	walk = func(doc *sfmd.Document, rel string, depth int) {
		for _, d := range doc.Directives {
			if d.Type != "include" {
				continue
			}
			if pass.Workspace == nil || depth >= maxIncludeDepth {
				complete = false
				return
			}
			p := d.Path
			if i := strings.IndexAny(p, "#?"); i >= 0 {
				p = p[:i]
			}
			if p == "" && d.Path == "" {
				base := filepath.Base(doc.Path)
				p = strings.TrimSuffix(base, filepath.Ext(base)) + ".source/" + d.Name + ".md"
			}
			if p == "" || strings.Contains(p, "://") {
				complete = false
				continue
			}
			p = filepath.ToSlash(filepath.Join(rel, filepath.FromSlash(p)))
			abs := pass.Workspace.Resolve(p)
			if seen[abs] {
				continue
			}
			seen[abs] = true
			md, err := pass.Workspace.Document(p)
			if err != nil || md == nil {
				complete = false
				continue
			}
			docs = append(docs, md)
			walk(md, filepath.ToSlash(filepath.Dir(p)), depth+1)
		}
	}
	walk(pass.Doc, ".", 0)
	return docs, complete
}

// actionScope is the set of actions an act: link of the document can
// reach: its own and those of the documents it includes, the first of
// each ID.
type actionScope struct {
	// own is the symbol table's actions by ID (the document's own, in
	// source order), or nil: byID then holds every action
	own      map[string][]*sfmd.Action
	syms     *symbolTable            // own's, whose actionIDs sortedIDs reads (not to be changed)
	byID     map[string]*sfmd.Action // the included documents' actions whose ID own has not
	ids      []string                // byID's IDs (with own's when own is nil); sortedIDs sorts them
	sorted   bool
	complete bool // every included document could be read
}

// newActionScope finds the actions of the document and its includes.
// With the document's symbol table (syms) the document's own actions are
// looked up in it: the 17,100 actions of the 10 MB document were a second
// map of every action.
func newActionScope(pass *lint.Pass, syms *symbolTable) *actionScope {
	sc := &actionScope{complete: true}
	if syms != nil {
		sc.own, sc.syms = syms.Actions, syms
		sc.byID = map[string]*sfmd.Action{}
	} else {
		sc.byID = make(map[string]*sfmd.Action, len(pass.Doc.Actions))
		sc.ids = make([]string, 0, len(pass.Doc.Actions))
	}
	add := func(doc *sfmd.Document) {
		for _, a := range doc.Actions {
			if sc.lookup(a.ID) == nil {
				sc.byID[a.ID] = a
				sc.ids = append(sc.ids, a.ID)
			}
		}
	}
	if syms == nil {
		add(pass.Doc)
	}
	docs, complete := includedDocs(pass)
	for _, d := range docs {
		add(d)
	}
	sc.complete = complete
	return sc
}

// lookup returns the first action of the scope with the ID, or nil.
func (sc *actionScope) lookup(id string) *sfmd.Action {
	if as := sc.own[id]; len(as) > 0 {
		return as[0]
	}
	return sc.byID[id]
}

// sortedIDs returns the IDs of the scope's actions, sorted, made on the
// first call (only a link to an unknown action asks, for its
// did-you-mean).
func (sc *actionScope) sortedIDs() []string {
	if !sc.sorted {
		switch {
		case sc.own != nil && len(sc.ids) == 0:
			sc.ids = sc.syms.actionIDs() // sorted; read-only, like the symbol table
		case sc.own != nil:
			sc.ids = append(slices.Clone(sc.syms.actionIDs()), sc.ids...)
			sort.Strings(sc.ids)
		default:
			sort.Strings(sc.ids)
		}
		sc.sorted = true
	}
	return sc.ids
}

// usesAllFields reports whether an action forwards every field ({...args}
// or $ARGS), so that any key is accepted.
func usesAllFields(a *sfmd.Action) bool {
	if a.Target == nil {
		return false
	}
	// a reference's Raw is text of the template: a {...args} holds
	// "...args", $ARGS "$ARGS" (TestUsesAllFieldsText); most targets hold
	// neither, and their references are not read. A target that holds
	// "$ARGS" or "{...args}" forwards every field whatever its references
	// are; only one with another "...args" asks them.
	t := a.Target.Text
	if !strings.Contains(t, "...args") {
		return strings.Contains(t, "$ARGS")
	}
	if strings.Contains(t, "{...args}") || strings.Contains(t, "$ARGS") {
		return true
	}
	for _, r := range a.Target.Refs {
		if r.Kind == sfmd.RefSpread || (r.Kind == sfmd.RefPersistent && r.Name == sfmd.ArgsVar) {
			return true
		}
	}
	return false
}

// linkFields returns requiredMissing(a, l, assigned) and misnamedKeys
// of it, computed on the first call for the link and kept on it, so that
// act-link-unknown-param and act-link-missing-required agree even when
// the budget runs out between them. missing is shared: not to be changed.
func linkFields(pass *lint.Pass, a *sfmd.Action, l *actLink, assigned map[string][]sfmd.Span) (missing []string, misnamed map[string]string) {
	if !l.fieldsDone {
		l.missing = requiredMissing(a, l, assigned)
		l.misnamed = misnamedKeys(pass, a, l, l.missing)
		l.fieldsDone = true
	}
	return l.missing, l.misnamed
}

// misnamedKeys pairs the query keys of an act: link that name no field of
// a with the required fields it leaves out (missing): a key within
// did-you-mean distance of one of them, or the only unknown key when one
// field is missing (?item=3 for a required id). Such a pair is one
// mistake, a misnamed key: act-link-unknown-param reports it and names
// the field, act-link-missing-required leaves the field alone. The
// did-you-mean comparisons are paid from the document's budget
// (lint.Pass.Spend). nil when there is no pair.
func misnamedKeys(pass *lint.Pass, a *sfmd.Action, l *actLink, missing []string) map[string]string {
	if len(missing) == 0 {
		return nil
	}
	var unknown []string
	for _, q := range l.Query {
		if q.Key != "" && a.Param(q.Key) == nil {
			unknown = append(unknown, q.Key)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	out := map[string]string{} // key -> field
	taken := map[string]bool{}
	if pass.Spend(2 * len(unknown) * len(missing)) {
		for _, k := range unknown {
			if want := nearest(k, missing); want != "" && !taken[want] {
				out[k], taken[want] = want, true
			}
		}
	}
	if len(unknown) == 1 && len(missing) == 1 && len(out) == 0 {
		out[unknown[0]] = missing[0]
	}
	return out
}

// requiredMissing lists the required fields without default of a that the
// link l does not pass, except those a session variable fills in the URL
// when the call runs.
func requiredMissing(a *sfmd.Action, l *actLink, assigned map[string][]sfmd.Span) []string {
	// a long query is looked up in a map, a short one read in place (16
	// bounds the scan's cost per link; not tuned by measurement)
	var given map[string]bool
	if len(l.Query) > 16 {
		given = make(map[string]bool, len(l.Query))
		for _, q := range l.Query {
			given[q.Key] = true
		}
	}
	var missing []string
	for _, p := range a.Params {
		if !p.Required || p.HasDefault || given[p.Name] || given == nil && queryHas(l.Query, p.Name) {
			continue
		}
		if _, session := assigned[p.Name]; session && len(l.Query) > 0 && a.Target != nil && containsBraced(a.Target.Text, p.Name) {
			continue // the call runs, and a session variable of that name fills the URL (§1.5, §1.7)
		}
		missing = append(missing, p.Name)
	}
	return missing
}

// queryHas reports whether a key of query is name.
func queryHas(query []sfmd.QueryParam, name string) bool {
	for _, q := range query {
		if q.Key == name {
			return true
		}
	}
	return false
}
