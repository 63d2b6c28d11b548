package rules

import (
	"bytes"
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about shortcuts, their references and act: links (spec.md §2.5).

func init() {
	register(
		ShortcutReferenceUndefined,
		ShortcutDefinitionUnused,
		ShortcutLabelMissing,
		ShortcutTargetEmpty,
		ShortcutExplicitPageNamespace,
		ShortcutMenuNamespaceUnknown,
		ActLinkUnknownAction,
		ActLinkMissingID,
		ActLinkHasFragment,
		ActLinkUnknownParam,
		ActLinkMissingRequired,
	)
}

const pageNamespace = "page."

// pageShortcutIDs returns the IDs a [Label][@id] reference can resolve to
// in the document itself: inline and reference definitions, the
// auto-shortcuts the runtime generates for plain links, and the value
// shortcuts response templates register.
func pageShortcutIDs(doc *sfmd.Document) map[string]bool {
	ids := map[string]bool{}
	for _, s := range doc.Shortcuts {
		if isShortcutDef(s) {
			ids[s.ID] = true
		}
	}
	for _, id := range autoShortcutIDs(doc) {
		ids[id] = true
	}
	for _, r := range doc.Responses {
		for _, l := range r.Lines {
			if l.Kind == sfmd.LineValueShortcut && l.LHS != "" {
				ids[l.LHS] = true
			}
		}
	}
	return ids
}

// autoShortcutIDs returns the IDs of the auto-shortcuts the runtime
// generates for the document's plain links (spec.md §1.7): links to
// http(s)://, act: or a target longer than 40 characters get the slug of
// a short label, numbered on repeats, or link-N.
func autoShortcutIDs(doc *sfmd.Document) []string {
	var out []string
	seen := map[string]bool{}
	counts := map[string]int{}
	n := 1
	for _, l := range doc.Links {
		d := l.Dest
		if !(strings.HasPrefix(d, "http://") || strings.HasPrefix(d, "https://") || strings.HasPrefix(d, "act:") || len([]rune(d)) > 40) {
			continue
		}
		slug := autoSlug(l.Label)
		var id string
		if slug != "" && len([]rune(l.Label)) <= 20 {
			if !seen[slug] {
				id = slug
				counts[slug] = 2
			} else {
				c := counts[slug]
				if c == 0 {
					c = 2
				}
				id = fmt.Sprintf("%s-%d", slug, c)
				counts[slug] = c + 1
			}
		} else {
			id = fmt.Sprintf("link-%d", n)
			n++
		}
		seen[id] = true
		out = append(out, id)
	}
	return out
}

var slugLabelRe = regexp.MustCompile(`^[A-Za-z0-9 \t-]+$`)

// autoSlug is the runtime's slug of a link label ("" when the label cannot
// be slugged): lower case, trimmed, runs of blanks turned into '-'.
func autoSlug(label string) string {
	if !slugLabelRe.MatchString(label) {
		return ""
	}
	return strings.Join(strings.Fields(strings.ToLower(label)), "-")
}

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

// nearestName is nearest that also accepts one swap of adjacent
// characters ("mian" for "main", "raed" for "read"), the commonest typo
// in short names.
func nearestName(name string, candidates []string) string {
	if n := nearest(name, candidates); n != "" {
		return n
	}
	low := strings.ToLower(name)
	best := ""
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if len(lc) != len(low) || lc == low {
			continue
		}
		for i := 0; i+1 < len(low); i++ {
			if low[:i]+string(low[i+1])+string(low[i])+low[i+2:] == lc && (best == "" || c < best) {
				best = c
			}
		}
	}
	return best
}

func scSortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ShortcutReferenceUndefined reports [Label][@id] with no definition.
var ShortcutReferenceUndefined = &lint.Analyzer{
	Name:     "shortcut-reference-undefined",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut reference has no definition",
		Why:   "`[Label][@id]` only works when `@id` is defined (by `[@id]: url` or `[@id Label](url)`); otherwise following it fails with NOT_FOUND \"shortcut not found\"",
		Bad:   "Read the [Documentation][@docs].\n",
		Good:  "Read the [Documentation][@docs].\n\n[@docs]: https://docs.example.com\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		var defined map[string]bool
		var sortedDefined []string // the keys of defined, sorted once
		complete := true
		menus := newMenuIndex(pass.Workspace, navMenus(doc))
		for _, s := range doc.Shortcuts {
			if s.Form != sfmd.ShortcutRefUse {
				continue
			}
			id := strings.TrimPrefix(s.ID, pageNamespace)
			if id == "" || strings.Contains(id, ".") {
				continue // @menu.id: shortcut-menu-namespace-unknown
			}
			if defined == nil {
				// the page is the document with its includes inlined
				defined = pageShortcutIDs(doc)
				var inc []*sfmd.Document
				inc, complete = includedDocs(pass)
				for _, d := range inc {
					for k := range pageShortcutIDs(d) {
						defined[k] = true
					}
				}
			}
			if defined[id] || !complete {
				continue
			}
			if len(menus.menus) > 0 && !strings.HasPrefix(s.ID, pageNamespace) {
				// resolution falls back to the menus
				if found, complete := menus.definedInAny(id); found || !complete {
					continue
				}
			}
			msg := fmt.Sprintf("shortcut %q is not defined in this document", "@"+s.ID)
			if sortedDefined == nil {
				sortedDefined = scSortedKeys(defined)
			}
			if want := nearestName(id, sortedDefined); want != "" {
				msg += fmt.Sprintf("; did you mean %q?", "@"+want)
			} else {
				msg += fmt.Sprintf("; define it with [@%s]: url or [@%s Label](url)", id, id)
			}
			pass.Reportf(s.IDSpan, "%s", msg)
		}
		return nil, nil
	},
}

// shortcutMentions returns, for every "@id" written in the source (an ID
// of letters, digits, '_', '-' and '.'), the offsets where it occurs. One
// pass over the file, whatever the number of definitions.
func shortcutMentions(src []byte) map[string][]int {
	out := map[string][]int{}
	for i := 0; i < len(src); i++ {
		if src[i] != '@' {
			continue
		}
		j := i + 1
		for j < len(src) && (scIDByte(src[j]) || src[j] == '.') {
			j++
		}
		id := strings.TrimRight(string(src[i+1:j]), ".")
		if id != "" {
			out[id] = append(out[id], i)
		}
		i = j - 1
	}
	return out
}

// mentionedOutside reports whether one of the offsets lies outside skip.
func mentionedOutside(offsets []int, skip sfmd.Span) bool {
	for _, o := range offsets {
		if o < skip.Start.Offset || o >= skip.End.Offset {
			return true
		}
	}
	return false
}

func scIDByte(c byte) bool { return scWordByte(c) || c == '-' }

func scWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// ShortcutDefinitionUnused reports [@id]: url definitions nothing refers to.
var ShortcutDefinitionUnused = &lint.Analyzer{
	Name:     "shortcut-definition-unused",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut definition is never referenced",
		Why:   "reference definitions are hidden from the agent, which only sees `[Label][@id]`; a definition nothing refers to is dead weight or a reference that was lost in an edit",
		Bad:   "See the API.\n\n[@api]: https://api.example.com\n",
		Good:  "See the [API][@api].\n\n[@api]: https://api.example.com\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		var mentions map[string][]int
		for _, s := range doc.Shortcuts {
			if s.Form != sfmd.ShortcutRefDef || s.ID == "" {
				continue
			}
			if mentions == nil {
				if onlyShortcutLines(doc) {
					return nil, nil // a menu file: its definitions are used by the documents that nav to it
				}
				mentions = shortcutMentions(doc.Src)
			}
			if mentionedOutside(mentions[s.ID], s.Span) || len(mentions[pageNamespace+s.ID]) > 0 {
				continue
			}
			pass.Reportf(s.IDSpan, "shortcut %q is defined but never referenced; reference it as [Label][@%s] or remove the definition", "@"+s.ID, s.ID)
		}
		return nil, nil
	},
}

// onlyShortcutLines reports whether every line of the document outside
// its frontmatter is blank, a heading, a comment or a shortcut definition
// (a nav menu file).
func onlyShortcutLines(doc *sfmd.Document) bool {
	body := doc.Src
	if fm := doc.Frontmatter; fm != nil && fm.Span.End.Offset <= len(body) {
		body = body[fm.Span.End.Offset:]
	}
	for len(body) > 0 { // line by line, without copying the document
		line := body
		if i := bytes.IndexByte(body, '\n'); i >= 0 {
			line, body = body[:i], body[i+1:]
		} else {
			body = nil
		}
		t := bytes.TrimSpace(line)
		t = bytes.TrimLeft(t, "-*+ ") // list items
		if len(t) == 0 || t[0] == '#' || bytes.HasPrefix(t, []byte("<!--")) || bytes.HasPrefix(t, []byte("[@")) {
			continue
		}
		return false
	}
	return true
}

// scIsMention reports whether a label-less [@id](url) is a mention of a
// user or handle (the ID is a path segment of the URL:
// [@steipete](https://example.com/steipete/x)).
func scIsMention(id, dest string) bool {
	u, err := url.Parse(dest)
	if err != nil || id == "" {
		return false
	}
	for _, seg := range strings.Split(u.Path, "/") {
		if strings.EqualFold(strings.TrimPrefix(seg, "@"), id) {
			return true
		}
	}
	return false
}

// ShortcutLabelMissing reports [@id](url) without a label.
var ShortcutLabelMissing = &lint.Analyzer{
	Name:     "shortcut-label-missing",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut has no label",
		Why:   "an inline shortcut is `[@id Label](url)`; without the label it is not a shortcut at all but a plain link showing \"@id\", and `@id` is never defined",
		Bad:   "See [@docs](https://docs.example.com).\n",
		Good:  "See [@docs Docs](https://docs.example.com).\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, s := range pass.Doc.Shortcuts {
			if s.Form != sfmd.ShortcutNoLabel || scIsMention(s.ID, s.URL) {
				continue
			}
			span := s.IDSpan
			if !span.IsValid() || span.Len() == 0 {
				span = s.Span
			}
			if s.ID == "" {
				pass.Reportf(span, "shortcut has no ID and no label, so it is a plain link; write [@id Label](%s)", s.URL)
				continue
			}
			pass.Reportf(span, "%q has no label, so it is a plain link, not a shortcut; write [@%s Label](%s)", "@"+s.ID, s.ID, s.URL)
		}
		return nil, nil
	},
}

// ShortcutTargetEmpty reports shortcut definitions with an empty URL.
var ShortcutTargetEmpty = &lint.Analyzer{
	Name:     "shortcut-target-empty",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut has an empty target",
		Why:   "a shortcut's URL is where following it goes; with an empty target `/open @id` has nowhere to go",
		Bad:   "See [@docs Docs]().\n",
		Good:  "See [@docs Docs](https://docs.example.com).\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, s := range doc.Shortcuts {
			if !isShortcutDef(s) || strings.TrimSpace(s.URL) != "" {
				continue
			}
			span := s.Span
			if s.Form == sfmd.ShortcutInline {
				// point at "(…)"
				text := src(doc, s.Span)
				if i := strings.LastIndexByte(text, '('); i >= 0 && strings.HasSuffix(text, ")") {
					span = spanAt(doc, s.Span.Start.Offset+i, s.Span.End.Offset)
				}
			}
			pass.Reportf(span, "shortcut %q has an empty target; put the URL or path it leads to, e.g. [@%s %s](https://example.com)", "@"+s.ID, s.ID, scLabelOr(s.Label, "Label"))
		}
		return nil, nil
	},
}

func scLabelOr(l, def string) string {
	if l == "" {
		return def
	}
	return l
}

// ShortcutExplicitPageNamespace reports [Label][@page.id].
var ShortcutExplicitPageNamespace = &lint.Analyzer{
	Name:     "shortcut-explicit-page-namespace",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut reference spells out the page. namespace",
		Why:   "`@page.id` and `@id` resolve the same; the spec prefers the short form",
		Bad:   "Read the [Docs][@page.docs].\n\n[@docs]: https://docs.example.com\n",
		Good:  "Read the [Docs][@docs].\n\n[@docs]: https://docs.example.com\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, s := range doc.Shortcuts {
			if s.Form != sfmd.ShortcutRefUse || !strings.HasPrefix(s.ID, pageNamespace) || len(s.ID) == len(pageNamespace) {
				continue
			}
			short := strings.TrimPrefix(s.ID, pageNamespace)
			d := lint.Diagnostic{
				Span:    s.IDSpan,
				Message: fmt.Sprintf("%q is the same as %q; drop the \"page.\" prefix", "@"+s.ID, "@"+short),
			}
			if start := s.IDSpan.Start.Offset; src(doc, s.IDSpan) == s.ID {
				d.Fixes = []lint.Fix{{
					Message: "drop the \"page.\" prefix",
					Safe:    true,
					Edits:   []lint.Edit{{Start: start, End: start + len(pageNamespace)}},
				}}
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// ShortcutMenuNamespaceUnknown reports [Label][@menu.id] whose menu or
// entry does not exist.
var ShortcutMenuNamespaceUnknown = &lint.Analyzer{
	Name:     "shortcut-menu-namespace-unknown",
	Severity: lint.Warning,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "shortcut reference names an unknown menu or menu entry",
		Why:   "`@menu.id` resolves directly in the nav menu `menu`; when the document declares no such `[!nav:menu]`, or the menu file has no `@id`, following it fails",
		Bad:   "[!nav:main](nav/main.md)\n\nGo [Home][@mian.home].\n",
		Good:  "[!nav:main](nav/main.md)\n\nGo [Home][@main.home].\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		menus := navMenus(doc)
		index := newMenuIndex(pass.Workspace, menus)
		for _, s := range doc.Shortcuts {
			if s.Form != sfmd.ShortcutRefUse || strings.HasPrefix(s.ID, pageNamespace) {
				continue
			}
			menu, id, ok := strings.Cut(s.ID, ".")
			if !ok || menu == "" || id == "" {
				continue
			}
			d, ok := menus[menu]
			if !ok {
				names := make([]string, 0, len(menus))
				for n := range menus {
					names = append(names, n)
				}
				msg := fmt.Sprintf("%q refers to menu %q, but the document declares no [!nav:%s]", "@"+s.ID, menu, menu)
				if want := nearestName(menu, names); want != "" {
					msg += fmt.Sprintf("; did you mean %q?", "@"+want+"."+id)
				} else {
					msg += fmt.Sprintf("; declare it with [!nav:%s](nav/%s.md) or use a defined menu", menu, menu)
				}
				pass.Reportf(s.IDSpan, "%s", msg)
				continue
			}
			ids, ok := index.menu(menu)
			if !ok || ids[id] {
				continue
			}
			msg := fmt.Sprintf("menu %q (%s) has no shortcut %q", menu, d.Path, "@"+id)
			if want := nearestName(id, scSortedKeys(ids)); want != "" {
				msg += fmt.Sprintf("; did you mean %q?", "@"+menu+"."+want)
			} else {
				msg += fmt.Sprintf("; add [@%s Label](path) to the menu file or fix the reference", id)
			}
			pass.Reportf(s.IDSpan, "%s", msg)
		}
		return nil, nil
	},
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
}

// actLinks returns every act: link of the document: the parser's prose
// links plus those written in response templates (which the runtime
// renders as links too).
func actLinks(doc *sfmd.Document) []*actLink {
	var out []*actLink
	for _, l := range doc.Links {
		if !l.IsAct {
			continue
		}
		out = append(out, &actLink{ID: l.ActID, Query: l.ActQuery, HasFrag: l.HasFrag, Dest: l.Dest, DestSpan: l.DestSpan})
	}
	for _, r := range doc.Responses {
		for _, tl := range r.Lines {
			if tl.Kind != sfmd.LineOutput {
				continue
			}
			text := tl.Line.Text
			off := lineOffset(doc, text, tl.Line.Span)
			if off < 0 {
				continue
			}
			for _, m := range actLinkDests(text) {
				if inCodeSpan(text, m[0]) {
					continue
				}
				out = append(out, parseActLink(doc, text[m[0]:m[1]], off+m[0], r.ActionID))
			}
		}
	}
	return out
}

// actLinkDests finds link destinations starting with act: in a
// response-template line: the [start, end) of group 1 of each match of
// `\]\((act:[^)\s]*)`, leftmost first and not overlapping, with a byte
// scan.
func actLinkDests(text string) [][2]int {
	var out [][2]int
	for i := 0; ; {
		k := strings.Index(text[i:], "](act:")
		if k < 0 {
			return out
		}
		start := i + k + len("](")
		end := start + len("act:")
		for end < len(text) && !strings.ContainsRune(")\t\n\f\r ", rune(text[end])) {
			end++
		}
		out = append(out, [2]int{start, end})
		i = end
	}
}

// ActLinksAnalyzer collects the act: links of a document, and the
// actions they can reach, once for the five act-link rules.
var ActLinksAnalyzer = &lint.Analyzer{
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

// actLinkSet is the ActLinksAnalyzer result. Read-only for rules.
type actLinkSet struct {
	links []*actLink
	pass  *lint.Pass // the shared analysis's: document and workspace
	scope *actionScope
}

// actionScope returns the actions the links can reach, computed on the
// first call (documents without links never read their includes).
func (s *actLinkSet) actionScope() *actionScope {
	if s.scope == nil {
		s.scope = newActionScope(s.pass)
	}
	return s.scope
}

// docActLinks returns the ActLinksAnalyzer result of a pass that
// requires it.
func docActLinks(pass *lint.Pass) *actLinkSet {
	if s, ok := pass.ResultOf[ActLinksAnalyzer].(*actLinkSet); ok {
		return s
	}
	return &actLinkSet{links: actLinks(pass.Doc), pass: pass}
}

// parseActLink splits "act:id?k=v#frag" written at file offset off.
func parseActLink(doc *sfmd.Document, dest string, off int, owner string) *actLink {
	l := &actLink{Dest: dest, DestSpan: spanAt(doc, off, off+len(dest)), Owner: owner}
	rest := strings.TrimPrefix(dest, "act:")
	if h := strings.IndexByte(rest, '#'); h >= 0 {
		l.HasFrag = true
		rest = rest[:h]
	}
	id, query, _ := strings.Cut(rest, "?")
	l.ID = id
	if query == "" {
		return l
	}
	q := off + len("act:") + len(id) + 1
	for _, kv := range strings.Split(query, "&") {
		k, v, _ := strings.Cut(kv, "=")
		dk, err := url.QueryUnescape(k)
		if err != nil {
			dk = k
		}
		l.Query = append(l.Query, sfmd.QueryParam{Key: dk, Value: v, KeySpan: spanAt(doc, q, q+len(k))})
		q += len(kv) + 1
	}
	return l
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
// reach: its own and those of the documents it includes.
type actionScope struct {
	byID     map[string]*sfmd.Action
	ids      []string // sorted
	complete bool     // every included document could be read
}

func newActionScope(pass *lint.Pass) *actionScope {
	sc := &actionScope{byID: map[string]*sfmd.Action{}, complete: true}
	add := func(doc *sfmd.Document) {
		for _, a := range doc.Actions {
			if _, ok := sc.byID[a.ID]; !ok {
				sc.byID[a.ID] = a
				sc.ids = append(sc.ids, a.ID)
			}
		}
	}
	add(pass.Doc)
	docs, complete := includedDocs(pass)
	for _, d := range docs {
		add(d)
	}
	sc.complete = complete
	sort.Strings(sc.ids)
	return sc
}

// isToolDocument reports whether the document is a tool (type: tool, or
// the older category: tool): its templates render in the caller's
// document, whose actions an act: link then calls.
func isToolDocument(doc *sfmd.Document) bool {
	for _, k := range []string{"type", "category"} {
		if v, ok := doc.Frontmatter.String(k); ok && strings.TrimSpace(v) == "tool" {
			return true
		}
	}
	return false
}

// ActLinkUnknownAction reports act: links to actions the document lacks.
var ActLinkUnknownAction = &lint.Analyzer{
	Name:     "act-link-unknown-action",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "act: link names an action the document does not define",
		Why:   "following `[t](act:id)` dispatches `act.id` on the document where `/open` runs; when it defines no such action the link fails with \"Action not found\"",
		Bad:   "[Read](act:read?id=1)\n",
		Good:  "[Read](act:read?id=1)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",
	},
	Requires: []*lint.Analyzer{ActLinksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		set := docActLinks(pass)
		tool := isToolDocument(pass.Doc)
		for _, l := range set.links {
			if l.ID == "" || (tool && l.Owner != "") {
				continue
			}
			scope := set.actionScope()
			if scope.byID[l.ID] != nil || !scope.complete {
				continue
			}
			msg := fmt.Sprintf("act: link calls action %q, which this document does not define", l.ID)
			if want := nearestName(l.ID, scope.ids); want != "" {
				msg += fmt.Sprintf("; did you mean %q?", want)
			} else {
				msg += fmt.Sprintf("; define ```act.%s or link to an existing action", l.ID)
			}
			pass.Reportf(actLinkIDSpan(pass.Doc, l), "%s", msg)
		}
		return nil, nil
	},
}

// actLinkIDSpan returns the span of the action ID of an act: link (the whole
// destination when the ID is empty).
func actLinkIDSpan(doc *sfmd.Document, l *actLink) sfmd.Span {
	s := l.DestSpan.Start.Offset + len("act:")
	if l.ID == "" || src(doc, l.DestSpan) != l.Dest {
		return l.DestSpan
	}
	return spanAt(doc, s, s+len(l.ID))
}

// ActLinkMissingID reports act: links without an action ID.
var ActLinkMissingID = &lint.Analyzer{
	Name:     "act-link-missing-id",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "act: link has no action ID",
		Why:   "an act: link names the action to run right after `act:`; without it following the link fails with \"act: URI missing action id\"",
		Bad:   "[Read](act:?id=1)\n",
		Good:  "[Read](act:read?id=1)\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer, ActLinksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, l := range docActLinks(pass).links {
			if l.ID != "" || !l.DestSpan.IsValid() || l.DestSpan.Len() == 0 {
				continue
			}
			msg := "act: link has no action ID; write act:<id>?name=value"
			if len(syms.ActionIDs) > 0 {
				msg += fmt.Sprintf(", e.g. %q", "act:"+syms.ActionIDs[0]+strings.TrimPrefix(l.Dest, "act:"))
			}
			pass.Reportf(l.DestSpan, "%s", msg)
		}
		return nil, nil
	},
}

// ActLinkHasFragment reports act: links with a #fragment.
var ActLinkHasFragment = &lint.Analyzer{
	Name:     "act-link-has-fragment",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "act: link has a #fragment",
		Why:   "act: links carry the action ID and its arguments only; the spec forbids a fragment",
		Bad:   "[Read](act:read?id=1#top)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",
		Good:  "[Read](act:read?id=1)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",
	},
	Requires: []*lint.Analyzer{ActLinksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, l := range docActLinks(pass).links {
			if !l.HasFrag {
				continue
			}
			span := l.DestSpan
			h := strings.IndexByte(l.Dest, '#')
			if src(doc, l.DestSpan) == l.Dest && h >= 0 {
				span = spanAt(doc, l.DestSpan.Start.Offset+h, l.DestSpan.End.Offset)
			}
			pass.Reportf(span, "act: links cannot have a fragment (%q); remove it", l.Dest[h:])
		}
		return nil, nil
	},
}

// usesAllFields reports whether an action forwards every field ({...args}
// or $ARGS), so that any key is accepted.
func usesAllFields(a *sfmd.Action) bool {
	if a.Target == nil {
		return false
	}
	for _, r := range a.Target.Refs {
		if r.Kind == sfmd.RefSpread || (r.Kind == sfmd.RefPersistent && r.Name == "ARGS") {
			return true
		}
	}
	return strings.Contains(a.Target.Text, "$ARGS") || strings.Contains(a.Target.Text, "{...args}")
}

// ActLinkUnknownParam reports act: link query keys that are not fields
// of the action.
var ActLinkUnknownParam = &lint.Analyzer{
	Name:     "act-link-unknown-param",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "act: link passes a field the action does not declare",
		Why:   "query keys of an act: link become `--key` flags; a key the action does not declare is not a field, so the value it carries never reaches the request as intended",
		Bad:   "[Read](act:read?post=1)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",
		Good:  "[Read](act:read?id=1)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",
	},
	Requires: []*lint.Analyzer{ActLinksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		set := docActLinks(pass)
		for _, l := range set.links {
			if len(l.Query) == 0 {
				continue
			}
			a := set.actionScope().byID[l.ID]
			if a == nil || usesAllFields(a) {
				continue
			}
			var names []string
			for _, p := range a.Params {
				names = append(names, p.Name)
			}
			for _, q := range l.Query {
				if q.Key == "" || a.Param(q.Key) != nil || !q.KeySpan.IsValid() || q.KeySpan.Len() == 0 {
					continue
				}
				msg := fmt.Sprintf("action %q has no field %q", l.ID, q.Key)
				switch want := nearestName(q.Key, names); {
				case want != "":
					msg += fmt.Sprintf("; did you mean %q?", want)
				case len(names) == 0:
					msg += "; it declares no fields, remove the query"
				default:
					msg += "; expected one of " + scQuoteList(names)
				}
				pass.Reportf(q.KeySpan, "%s", msg)
			}
		}
		return nil, nil
	},
}

func scQuoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// ActLinkMissingRequired reports act: links that do not pass a required
// field without default.
var ActLinkMissingRequired = &lint.Analyzer{
	Name:     "act-link-missing-required",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "act: link does not pass a required field",
		Why:   "an act: link runs the action with the fields in its query; a required field without a default that is missing makes the call fail validation (or show the help) instead of running",
		Bad:   "[Read](act:read)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",
		Good:  "[Read](act:read?id=1)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",
	},
	Requires: []*lint.Analyzer{ActLinksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		set := docActLinks(pass)
		for _, l := range set.links {
			a := set.actionScope().byID[l.ID]
			if a == nil {
				continue
			}
			given := map[string]bool{}
			for _, q := range l.Query {
				given[q.Key] = true
			}
			var missing []string
			for _, p := range a.Params {
				if p.Required && !p.HasDefault && !given[p.Name] {
					missing = append(missing, p.Name)
				}
			}
			if len(missing) == 0 {
				continue
			}
			field, them := "field", "it"
			if len(missing) > 1 {
				field, them = "fields", "them"
			}
			example := "act:" + l.ID + "?" + missing[0] + "=…"
			pass.Reportf(l.DestSpan, "act: link to %q does not pass the required %s %s; add %s to the query, e.g. %q", l.ID, field, scQuoteList(missing), them, example)
		}
		return nil, nil
	},
}
