package lsp

import (
	"encoding/json"
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/jsonrpc"
	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// position decodes TextDocumentPositionParams and resolves it to a
// snapshot and a byte offset.
func (s *server) position(params json.RawMessage) (*snapshot, int, error) {
	var p TextDocumentPositionParams
	if err := decode(params, &p); err != nil {
		return nil, 0, err
	}
	snap, err := s.snapshot(p.TextDocument.URI)
	if err != nil {
		return nil, 0, err
	}
	return snap, snap.text.offset(p.Position, s.enc), nil
}

func (s *server) loc(snap *snapshot, sp sfmd.Span) Location {
	return Location{URI: snap.d.uri, Range: snap.text.rng(sp.Start.Off(), sp.End.Off(), s.enc)}
}

func (s *server) definition(params json.RawMessage) (any, error) {
	snap, off, err := s.position(params)
	if err != nil {
		return nil, err
	}
	if l := s.definitionAt(snap, off); l != nil {
		return []Location{*l}, nil
	}
	return []Location{}, nil
}

// definitionAt finds what the construct at off refers to: an action (from
// its hints, act: links, shortcuts, response template, the frontmatter's
// default), a parameter (from a hint's --flag or a link's query key), the
// declaration of a placeholder, a shortcut's definition, a block's
// opening marker, the file and block of a directive or link.
func (s *server) definitionAt(snap *snapshot, off int) *Location {
	x := snap.idx
	if o := x.occurrenceAt(off); o != nil {
		if a := x.actions[o.Name]; a != nil {
			l := s.loc(snap, a.IDSpan)
			return &l
		}
		return nil
	}
	if p := paramAt(snap, off); p != nil {
		l := s.loc(snap, p.NameSpan)
		return &l
	}
	if site := x.refAt(off); site != nil {
		if d := x.resolve(site); d != nil {
			l := s.loc(snap, d.Span)
			return &l
		}
		return nil
	}
	if d := x.declarationAt(off); d != nil {
		l := s.loc(snap, d.Span)
		return &l
	}
	if l := s.shortcutDefinition(snap, off); l != nil {
		return l
	}
	for _, m := range snap.doc.Markers {
		if !m.Open && within(m.Span, off) {
			if open := x.def(sfmd.NameBlock, m.ID); open != nil {
				l := s.loc(snap, open.Span)
				return &l
			}
		}
	}
	for _, d := range snap.doc.Directives {
		if within(d.Span, off) {
			return s.fileTarget(snap, directivePath(snap.d.path, d))
		}
	}
	for _, l := range snap.doc.Links {
		if !l.IsAct && within(l.DestSpan, off) {
			return s.fileTarget(snap, l.Dest)
		}
	}
	return nil
}

// paramAt returns the parameter named by a hint's --flag (or -a alias)
// or an act: link's query key at off.
func paramAt(snap *snapshot, off int) *sfmd.Param {
	x := snap.idx
	if d := x.resolve(x.flagAt(off)); d != nil {
		return d.Param
	}
	return nil
}

// shortcutDefinition: from a shortcut's use to its definition, from a
// definition whose target is act:ID to the action, from a relative target
// to the file.
func (s *server) shortcutDefinition(snap *snapshot, off int) *Location {
	x := snap.idx
	for _, sc := range snap.doc.Shortcuts {
		switch {
		case within(sc.IDSpan, off) && sc.Form == sfmd.ShortcutRefUse:
			if def := x.def(sfmd.NameShortcut, sc.ID); def != nil {
				l := s.loc(snap, def.Shortcut.IDSpan)
				return &l
			}
			return nil
		case within(sc.IDSpan, off):
			if id, ok := sfmd.ActTarget(sc.URL); ok && x.actions[id] != nil {
				l := s.loc(snap, x.actions[id].IDSpan)
				return &l
			}
			l := s.loc(snap, sc.IDSpan)
			return &l
		case within(sc.URLSpan, off):
			return s.fileTarget(snap, sc.URL)
		}
	}
	return nil
}

// directivePath is the target a directive names; an include without a
// path means <basename>.source/<id>.md next to the document.
func directivePath(docPath string, d *sfmd.Directive) string {
	if d.Path == "" && d.Type == "include" && d.Name != "" {
		base := strings.TrimSuffix(filepath.Base(docPath), filepath.Ext(docPath))
		return base + ".source/" + d.Name + ".md"
	}
	return d.Path
}

var schemeRE = lazyre.New(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// fileTarget resolves a relative (or absolute) path with an optional
// #block to a location: the block's opening marker, else the file's
// start. URLs, app:, tool: and @shortcut targets have none.
func (s *server) fileTarget(snap *snapshot, target string) *Location {
	if target == "" || schemeRE.MatchString(target) || strings.HasPrefix(target, "@") {
		return nil
	}
	p, frag, _ := strings.Cut(target, "#")
	abs := snap.d.path
	if p != "" {
		abs = filepath.FromSlash(p)
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(filepath.Dir(snap.d.path), abs)
		}
	}
	src, ok := s.readFile(abs)
	if !ok {
		return nil
	}
	loc := &Location{URI: s.uriFor(abs)}
	if frag != "" {
		doc := sfmd.Parse(abs, src)
		for _, m := range doc.Markers {
			if m.Open && m.ID == frag {
				loc.Range = newText(src).rng(m.IDSpan.Start.Off(), m.IDSpan.End.Off(), s.enc)
				break
			}
		}
	}
	return loc
}

// maxReadFile bounds the files read for navigation and hover.
const maxReadFile = 16 << 20

// readFile returns the editor's buffer of path when it is open, else the
// file on disk (regular files up to maxReadFile).
func (s *server) readFile(path string) ([]byte, bool) {
	if src, ok := s.buffer(path); ok {
		return src, true
	}
	src, _, err := safeio.ReadFile(path, maxReadFile)
	return src, err == nil
}

// buffer returns the editor's buffer of path when it is open.
func (s *server) buffer(path string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		if d.path == path {
			return d.text.src, true
		}
	}
	return nil, false
}

// references: every place the action ID at the cursor is written (its
// definition only with includeDeclaration), or every use of the
// parameter or variable at the cursor.
func (s *server) references(params json.RawMessage) (any, error) {
	var p ReferenceParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	snap, err := s.snapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	off := snap.text.offset(p.Position, s.enc)
	out := []Location{}
	for _, h := range s.occurrences(snap, off) {
		if p.Context.IncludeDeclaration || !h.decl {
			out = append(out, Location{URI: snap.d.uri, Range: snap.text.rng(h.start, h.end, s.enc)})
		}
	}
	return out, nil
}

func (s *server) documentHighlight(params json.RawMessage) (any, error) {
	snap, off, err := s.position(params)
	if err != nil {
		return nil, err
	}
	out := []DocumentHighlight{}
	for _, h := range s.occurrences(snap, off) {
		kind := 2 // read
		if h.decl {
			kind = 3 // write
		}
		out = append(out, DocumentHighlight{Range: snap.text.rng(h.start, h.end, s.enc), Kind: kind})
	}
	return out, nil
}

// use is one occurrence of a name; decl marks its definition.
type use struct {
	start, end int
	decl       bool
}

// occurrences returns the uses of the action ID, or of the declared name
// (a parameter, from its line, a placeholder, a --flag or a query key; a
// variable), at off: sfmd's index of names, grouped by what they resolve
// to. A placeholder or a declaration is marked by its whole construct, an
// ID, flag or query key by its name.
func (s *server) occurrences(snap *snapshot, off int) []use {
	x := snap.idx
	if o := x.occurrenceAt(off); o != nil {
		var out []use
		for _, u := range x.names.Group(o) {
			out = append(out, use{u.Start, u.End, u.Site == sfmd.SiteAction})
		}
		return out
	}
	o := x.refAt(off)
	if o == nil {
		o = x.declarationAt(off)
	}
	if o == nil {
		o = x.flagAt(off)
	}
	decl := x.resolve(o)
	if decl == nil {
		return nil
	}
	var out []use
	for _, u := range x.names.Group(decl) {
		if u.Ref != nil || u.Def {
			out = append(out, use{u.Span.Start.Off(), u.Span.End.Off(), u.Def})
		} else {
			out = append(out, use{u.Start, u.End, false})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

func (s *server) prepareRename(params json.RawMessage) (any, error) {
	snap, off, err := s.position(params)
	if err != nil {
		return nil, err
	}
	o := snap.idx.occurrenceAt(off)
	if o == nil {
		return nil, jsonrpc.Errorf(jsonrpc.RequestFailed, "only action IDs can be renamed: place the cursor on an action's ID, a /act. hint or an act: link")
	}
	return PrepareRenameResult{Range: snap.text.rng(o.Start, o.End, s.enc), Placeholder: o.Name}, nil
}

// rename renames an action ID everywhere the document writes it: the
// action block, its response template, hints, act: links, shortcuts and
// the frontmatter's default.
func (s *server) rename(params json.RawMessage) (any, error) {
	var p RenameParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	snap, err := s.snapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	o := snap.idx.occurrenceAt(snap.text.offset(p.Position, s.enc))
	if o == nil {
		return nil, jsonrpc.Errorf(jsonrpc.RequestFailed, "only action IDs can be renamed")
	}
	if !sfmd.ActionIDShape.Matches(p.NewName) {
		return nil, jsonrpc.Errorf(jsonrpc.InvalidParams, "%q is not a valid action ID: use lower-case letters, digits, \"_\" and \"-\", starting with a letter", p.NewName)
	}
	if p.NewName != o.Name && snap.idx.actions[p.NewName] != nil {
		return nil, jsonrpc.Errorf(jsonrpc.RequestFailed, "action %q already exists", p.NewName)
	}
	var edits []TextEdit
	for _, u := range snap.idx.names.Group(o) {
		edits = append(edits, TextEdit{Range: snap.text.rng(u.Start, u.End, s.enc), NewText: p.NewName})
	}
	return WorkspaceEdit{Changes: map[string][]TextEdit{snap.d.uri: edits}}, nil
}

// documentSymbol is the outline: frontmatter (its keys), actions (their
// parameters), response templates (their assignments) and blocks, blocks
// holding what lies between their markers.
func (s *server) documentSymbol(params json.RawMessage) (any, error) {
	var p DocumentSymbolParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	snap, err := s.snapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	return s.symbols(snap), nil
}

type symNode struct {
	sym        DocumentSymbol
	start, end int
	container  bool
	kids       []*symNode
}

func (s *server) symbols(snap *snapshot) []DocumentSymbol {
	t, doc := snap.text, snap.doc
	rng := func(sp sfmd.Span) Range { return t.rng(sp.Start.Off(), sp.End.Off(), s.enc) }
	var nodes []*symNode
	add := func(sym DocumentSymbol, sp sfmd.Span, container bool) {
		nodes = append(nodes, &symNode{sym: sym, start: sp.Start.Off(), end: sp.End.Off(), container: container})
	}
	if fm := doc.Frontmatter; fm != nil {
		sym := DocumentSymbol{Name: "frontmatter", Kind: SymbolModule, Range: rng(fm.Span), SelectionRange: rng(fm.Span)}
		for _, f := range fm.Fields {
			end := f.KeySpan
			if f.ValueSpan.IsValid() {
				end = f.ValueSpan
			}
			full := sfmd.Span{Start: f.KeySpan.Start, End: end.End}
			sym.Children = append(sym.Children, DocumentSymbol{Name: f.Key, Detail: short(fieldText(f)), Kind: SymbolProperty, Range: rng(full), SelectionRange: rng(f.KeySpan)})
		}
		add(sym, fm.Span, false)
	}
	for _, a := range doc.Actions {
		sym := DocumentSymbol{Name: "act." + a.ID, Detail: short(a.FirstLine.Text), Kind: SymbolFunction, Range: rng(a.Span), SelectionRange: rng(a.IDSpan)}
		for _, p := range a.Params {
			sym.Children = append(sym.Children, DocumentSymbol{Name: p.Name, Detail: paramSignature(p), Kind: SymbolField, Range: rng(p.Span), SelectionRange: rng(p.NameSpan)})
		}
		add(sym, a.Span, false)
	}
	for _, r := range doc.Responses {
		sym := DocumentSymbol{Name: "act." + r.ActionID + ".response", Detail: "response template", Kind: SymbolEvent, Range: rng(r.Span), SelectionRange: rng(r.IDSpan)}
		for _, l := range r.Lines {
			if l.Kind == sfmd.LineAssign || l.Kind == sfmd.LineValueShortcut {
				sym.Children = append(sym.Children, DocumentSymbol{Name: l.LHSRaw, Detail: short(l.Line.Text), Kind: SymbolVariable, Range: rng(l.Line.Span), SelectionRange: rng(l.LHSSpan)})
			}
		}
		add(sym, r.Span, false)
	}
	for _, m := range doc.Markers {
		if !m.Open {
			continue
		}
		sp := m.Span
		for _, c := range doc.Markers {
			if !c.Open && c.ID == m.ID && c.Span.Start.Offset > m.Span.Start.Offset {
				sp.End = c.Span.End
				break
			}
		}
		add(DocumentSymbol{Name: "#" + m.ID, Detail: "block", Kind: SymbolNamespace, Range: rng(sp), SelectionRange: rng(m.IDSpan)}, sp, true)
	}
	return nestSymbols(nodes)
}

// nestSymbols puts every symbol inside the innermost block that holds it.
func nestSymbols(nodes []*symNode) []DocumentSymbol {
	sort.SliceStable(nodes, func(i, j int) bool {
		if nodes[i].start != nodes[j].start {
			return nodes[i].start < nodes[j].start
		}
		return nodes[i].end > nodes[j].end
	})
	var roots []*symNode
	var stack []*symNode
	for _, n := range nodes {
		for len(stack) > 0 && !(stack[len(stack)-1].start <= n.start && n.end <= stack[len(stack)-1].end) {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			top := stack[len(stack)-1]
			top.kids = append(top.kids, n)
		} else {
			roots = append(roots, n)
		}
		if n.container {
			stack = append(stack, n)
		}
	}
	var flatten func([]*symNode) []DocumentSymbol
	flatten = func(ns []*symNode) []DocumentSymbol {
		out := make([]DocumentSymbol, 0, len(ns))
		for _, n := range ns {
			sym := n.sym
			sym.Children = append(sym.Children, flatten(n.kids)...)
			if len(sym.Children) == 0 {
				sym.Children = nil
			}
			out = append(out, sym)
		}
		return out
	}
	return flatten(roots)
}

func fieldText(f *sfmd.Field) string {
	if f.Value == nil {
		return ""
	}
	if f.Value.Value != "" {
		return f.Value.Value
	}
	return fmt.Sprintf("(%d items)", len(f.Value.Content))
}

// short keeps a detail on one line of a reasonable length.
func short(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i] + " …"
	}
	if r := []rune(s); len(r) > 80 {
		s = string(r[:79]) + "…"
	}
	return s
}

// paramSignature renders a parameter as /act.x --help shows it.
func paramSignature(p *sfmd.Param) string {
	var b strings.Builder
	b.WriteString(p.Type)
	if p.Type == "" {
		b.WriteString("(no type)")
	}
	if p.Required {
		b.WriteString(" (required)")
	} else {
		b.WriteString(" (optional)")
	}
	if p.HasDefault {
		fmt.Fprintf(&b, " = %q", p.Default)
	}
	return b.String()
}
