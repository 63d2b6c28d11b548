package model

import (
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Navigation: the session's current document and history (session.ts
// @0c02cdaf) and the commands that move them, /open, /back, /refresh and
// /close (commands/open.ts @a9cc30b8).

// navEntry is a HistoryEntry: a document and the block shown.
type navEntry struct {
	uri, path, src string
	doc            *sfmd.Document // the suite's document: src is read from it when needed
	pg             *page          // resolved on first need
	block          string
}

// text is the entry's source. The suite's document is read without a
// copy (srcString: a 10 MB page was copied to be shown), which is why a
// Runtime's Doc.Src must not change while the runtime holds it.
func (e *navEntry) text() string {
	if e.doc != nil {
		return srcString(e.doc.Src)
	}
	return e.src
}

// navState is the navigation part of a Session.
type navState struct {
	// moved is set once a command changed the current document; until
	// then the caller's document (Runtime.Doc, Env) is the current one.
	moved   bool
	cur     *navEntry
	history []navEntry
	seen    map[string]bool // menu sources already unfolded (markUnseenNavs)
	home    string          // the suite's document URI: what app:<name> opens
	// cwdOverride is the directory /open last listed (session.ts
	// setCwdOverride); opening or closing a document clears it.
	cwdOverride string
	// suite is the suite's own document, so that calls on it keep using
	// the harness's parse and coverage; suiteReq its setup page.
	suite    *sfmd.Document
	suiteReq string
}

var (
	reAppTopic  = lazyre.New(`^app:([a-zA-Z0-9_-]+)(?::[a-zA-Z0-9_-]+)*$`)
	reToolTopic = lazyre.New(`^tool:([a-zA-Z0-9_-]+)(?::[a-zA-Z0-9_-]+)*$`)
)

// startNav makes the suite's document the current one, opened but not yet
// rendered, before the first step.
func (rt *Runtime) startNav() {
	n := &rt.session().nav
	if n.moved {
		return
	}
	if rt.Doc == nil {
		n.home, n.suite, n.cur = rt.Env.DocURI, nil, nil
		return
	}
	if n.cur != nil && n.suite == rt.Doc && n.home == rt.Env.DocURI {
		return // the same document as the last call: keep its resolved page
	}
	n.home, n.suite, n.suiteReq = rt.Env.DocURI, rt.Doc, rt.Env.RequirementsPath
	n.cur = &navEntry{uri: rt.Env.DocURI, path: rt.Env.DocPath, doc: rt.Doc}
}

// useCurrent points the call at the session's current document.
func (rt *Runtime) useCurrent() {
	n := &rt.session().nav
	if !n.moved {
		return
	}
	if n.cur == nil {
		rt.Doc, rt.Parsed, rt.Cover = nil, nil, nil
		rt.Env.DocPath, rt.Env.DocURI = "", ""
		return
	}
	if n.cur.doc != nil || n.cur.uri == n.home && n.suite != nil && n.cur.src == string(n.suite.Src) {
		rt.Doc, rt.Env.RequirementsPath = n.suite, n.suiteReq
		if n.cur.doc != nil {
			rt.Doc = n.cur.doc
		}
	} else {
		if rt.Doc == nil || string(rt.Doc.Src) != n.cur.src || rt.Doc.Path != n.cur.path {
			rt.Doc = &sfmd.Document{Path: n.cur.path, Src: []byte(n.cur.src)}
		}
		rt.Parsed, rt.Cover = nil, nil
		// The "Setup info" hint of an action's failure names this page's
		// setup page, not the suite document's.
		rt.Env.RequirementsPath = rt.requirementsOf(n.cur.uri, rt.refDoc())
	}
	rt.Env.DocURI = n.cur.uri
	rt.Env.DocPath = ""
	if strings.HasPrefix(n.cur.uri, "file://") {
		rt.Env.DocPath = n.cur.path
	}
}

// currentPage is the current entry resolved (resolve() of its source).
func (rt *Runtime) currentPage() (*page, *loadError, error) {
	cur := rt.session().nav.cur
	if cur.pg != nil {
		return cur.pg, nil, nil
	}
	pg, lerr, err := rt.resolvePage(cur.uri, cur.text())
	if pg != nil {
		cur.pg = pg
	}
	return pg, lerr, err
}

// markUnseenNavs is session.ts markUnseenNavs: the menus whose source this
// session has not shown yet, now marked as shown. A menu's source is its
// file's resolved URI (types.ts @ce162ecd menuSources), so a nav shared by
// several pages unfolds once.
func (s *Session) markUnseenNavs(pg *page) map[string]bool {
	names := map[string]bool{}
	if s.nav.seen == nil {
		s.nav.seen = map[string]bool{}
	}
	for _, m := range pg.menus {
		src := m.source
		if s.nav.seen[src] {
			continue
		}
		s.nav.seen[src] = true
		names[m.name] = true
	}
	return names
}

// setAutoShortcuts is session.ts setAutoShortcuts: the last render's map
// replaces the previous one.
func (s *Session) setAutoShortcuts(autos []autoShortcut) {
	s.autoShortcuts = make(map[string]string, len(autos))
	s.autoOrder = nil
	if len(autos) > 0 {
		s.autoOrder = make([]string, 0, len(autos))
	}
	for _, a := range autos {
		s.setAutoShortcut(a.ID, a.Href)
	}
}

// show renders the current entry and runs the page's default action, as
// /open, /back and /refresh do; verb is "Opened", "Back to" or "Refreshed".
func (rt *Runtime) show(verb, label string) Result {
	s := rt.session()
	cur := s.nav.cur
	pg, lerr, err := rt.currentPage()
	if err != nil {
		return Result{Escape: err.Error()}
	}
	if lerr != nil {
		return lerr.result()
	}
	var unfold map[string]bool
	if cur.block == "" {
		unfold = s.markUnseenNavs(pg)
	}
	rendered, autos, err := rt.renderPage(pg, cur.block, unfold)
	if err != nil {
		return Result{Escape: err.Error()}
	}
	s.setAutoShortcuts(autos)
	rt.Shown.shown(ShownKey(cur.path, cur.block, ""))
	for name := range unfold {
		rt.Shown.shown(ShownKey(cur.path, "", name))
	}
	head := verb + " " + label + "\n---\n" + rendered
	if def, ok := pg.fm.str("default"); ok && def != "" && cur.block == "" && !rt.NoDefault {
		for _, a := range pg.ref.Actions {
			if a.ID != def {
				continue
			}
			rt.useCurrent()
			res := rt.executeAction(rt.refDoc(), a, "", rt.contextVars(""))
			if res.Escape != "" {
				return res
			}
			if res.OK {
				res.Content = head + "\n\n---\n\n" + res.Content
				return res
			}
			out := okResult(head)
			out.Requests, out.commands, out.files = res.Requests, res.commands, res.files
			return out
		}
	}
	return okResult(head)
}

// DefaultAction is the action the current page's frontmatter names as
// default: (run on /open when it is one of the page's actions), or "".
func (rt *Runtime) DefaultAction() string {
	if rt.Session == nil || rt.Session.nav.cur == nil {
		return ""
	}
	pg, lerr, err := rt.currentPage()
	if err != nil || lerr != nil || rt.Session.nav.cur.block != "" {
		return ""
	}
	def, _ := pg.fm.str("default")
	for _, a := range pg.ref.Actions {
		if a.ID == def {
			return def
		}
	}
	return ""
}

// cmdOpen is open.ts cmdOpen for file documents.
func (rt *Runtime) cmdOpen(topic string) Result {
	s := rt.session()
	if topic == "" {
		switch {
		case strings.HasPrefix(rt.Env.Topic, "app:"):
			topic = rt.Env.Topic
		case s.nav.cur != nil:
			topic = s.nav.cur.uri
		default:
			return errResult(codeInvalidTarget, "Usage: /open <uri | path | file.md#block | @shortcut>\nExamples:\n  /open string.md\n  /open guide/setup.md\n  /open @home\n  /open file.md#intro")
		}
	}
	switch topic {
	case "app", "bash", "tool", "event", "system", "agent": // types.ts HUB_NAMES
		return errResult(codeCommandUnsupported, "sfmd test does not simulate the hub page /open "+topic+" shows (installed packages and open sessions); open a page of the app")
	}
	uri := topic
	if id, ok := strings.CutPrefix(topic, "@"); ok {
		v, found := rt.navShortcut(id)
		if !found {
			return errResult(codeNotFound, "Shortcut not found: "+topic)
		}
		if v.isTuple {
			return errResult(codeInvalidTarget, "Shortcut "+topic+" is a value tuple, not a navigable target. Use it as an action argument (e.g. /act.<name> "+topic+" ...) instead of /open.")
		}
		uri = v.s
	}
	block := ""
	if i := strings.IndexByte(uri, '#'); i >= 0 {
		uri, block = uri[:i], uri[i+1:]
	}
	if r, done := rt.registryOpen(&uri); done {
		return r
	}
	base, curURI := "", ""
	if s.nav.cur != nil {
		curURI = s.nav.cur.uri
	}
	isWeb := strings.HasPrefix(curURI, "https://") || strings.HasPrefix(curURI, "http://")
	isRelative := !strings.Contains(uri, "://") && (!strings.HasPrefix(uri, "/") || isWeb)
	if strings.HasPrefix(topic, "@") || isRelative {
		switch {
		case curURI != "":
			base = curURI
		case s.nav.cwdOverride != "":
			base = "file://" + s.nav.cwdOverride + "/_"
		}
	}
	resolved := rt.loaderResolve(uri, base)
	if strings.HasPrefix(resolved, "file://") {
		p := pathFromFileURI(resolved)
		fi, err := rt.Env.FS.Stat(p)
		if err == nil && fi.IsDir() {
			if _, err := rt.Env.FS.Stat(path2(p, "string.md")); err == nil {
				resolved = fileURIFromPath(path2(p, "string.md"))
			} else {
				res := rt.cmdLs(topic)
				s.nav.cwdOverride = p
				return res
			}
		} else if rt.probe && block == "" && err == nil && fi.Mode().IsRegular() {
			// a probe without a block asks whether there is a file
			return okResult("Opened " + rt.workspacePath(urlPathname(resolved)))
		}
	}
	src, lerr, err := rt.loadFile(resolved)
	if err != nil {
		return Result{Escape: err.Error()}
	}
	if lerr != nil {
		return rt.openError(lerr, uri)
	}
	pg, lerr, err := rt.resolvePage(resolved, src)
	if err != nil {
		return Result{Escape: err.Error()}
	}
	if lerr != nil {
		return rt.openError(lerr, uri)
	}
	display := rt.workspacePath(urlPathname(pg.uri))
	if block != "" {
		if _, ok := extractBlock(pg.source(), block); !ok {
			avail := "This document has no blocks."
			if len(pg.blockIDs) > 0 {
				avail = "Available blocks: " + strings.Join(pg.blockIDs, ", ")
			}
			return errResult("BLOCK_NOT_FOUND", "Block not found: #"+block+" in "+display+"\n"+avail)
		}
	}
	if rt.probe {
		return okResult("Opened " + display)
	}
	if s.nav.cur != nil {
		s.nav.history = append(s.nav.history, *s.nav.cur)
	}
	s.nav.cur = &navEntry{uri: resolved, path: pg.path, src: src, pg: pg, block: block}
	s.nav.moved, s.nav.cwdOverride = true, ""
	rt.useCurrent()
	label := display
	if block != "" {
		label += "#" + block
	}
	return rt.show("Opened", label)
}

func path2(dir, name string) string { return Resolve(dir, name) }

// registryOpen is the installed-app lookup of cmdOpen. The only app
// installed in a test is the suite's own document, under the app name of
// the suite's topic; an explicit app:/tool: name that is not it fails as
// the runtime fails for an app that is not installed.
func (rt *Runtime) registryOpen(uri *string) (Result, bool) {
	am := reAppTopic.FindStringSubmatch(*uri)
	tm := reToolTopic.FindStringSubmatch(*uri)
	name, kind := "", ""
	switch {
	case am != nil:
		name, kind = am[1], "apps"
	case tm != nil:
		name, kind = tm[1], "tools"
	case !strings.ContainsAny(*uri, "/.") && !strings.Contains(*uri, "://") && !strings.HasPrefix(*uri, "@"):
		name, kind = *uri, "apps"
	default:
		return Result{}, false
	}
	app := rt.appScope()
	if kind == "apps" && app != "" && name == app && rt.session().nav.home != "" {
		*uri = rt.session().nav.home
		return Result{}, false
	}
	if am == nil && tm == nil {
		return Result{}, false
	}
	label, hint := "App", "\nNo apps installed yet. Use /install <source> to add one."
	if kind == "tools" {
		label, hint = "Tool", "\nNo tools installed yet. Use /install <source> to add one."
	}
	if app != "" && kind == "apps" && rt.session().nav.home != "" {
		hint = "\nInstalled apps: " + app
	}
	return errResult(codeNotFound, label+" '"+name+"' is not installed. Run /install <source> to install it."+hint), true
}

// openError adds cmdOpen's recovery hint to a load error.
func (rt *Runtime) openError(lerr *loadError, uri string) Result {
	msg := lerr.msg
	if lerr.code == codeNotFound {
		msg += "\nRecovery: Use /ls to list available files, or check the path spelling."
		if strings.HasPrefix(uri, "http://") || strings.HasPrefix(uri, "https://") {
			msg = lerr.msg + "\nRecovery: Verify the URL spelling, scheme, and path. Use /info to see shortcuts on the current page."
		}
	}
	return errResult(lerr.code, msg)
}

// navShortcut is session.ts resolveShortcut: page shortcuts, value
// shortcuts, auto-shortcuts, then menu entries; nothing without a
// current document.
func (rt *Runtime) navShortcut(id string) (pval, bool) {
	s := rt.session()
	if s.nav.cur == nil {
		return pval{}, false
	}
	pg, lerr, err := rt.currentPage()
	if err != nil || lerr != nil {
		return pval{}, false
	}
	if href, ok := pg.shortcut(id); ok {
		return strVal(href), true
	}
	if v, ok := s.heldShortcut(id); ok {
		return v, true
	}
	for _, m := range pg.menus {
		for _, e := range m.entries {
			if e.ID == id {
				return strVal(e.Href), true
			}
		}
	}
	return pval{}, false
}

// cmdBack is open.ts cmdBack: the previous entry, loaded again.
func (rt *Runtime) cmdBack() Result {
	s := rt.session()
	if len(s.nav.history) == 0 {
		return errResult(codeInvalidTarget, "No previous page in history.")
	}
	prev := s.nav.history[len(s.nav.history)-1]
	s.nav.history = s.nav.history[:len(s.nav.history)-1]
	s.nav.cur, s.nav.moved = &prev, true
	// The page is loaded and resolved again; when that fails, the page as
	// it was is shown, without its default action (the catch of cmdBack).
	reloaded := false
	if src, lerr, err := rt.loadFile(prev.uri); err == nil && lerr == nil {
		if pg, lerr, err := rt.resolvePage(prev.uri, src); err == nil && lerr == nil {
			s.nav.cur = &navEntry{uri: prev.uri, path: prev.path, src: src, pg: pg, block: prev.block}
			reloaded = true
		}
	}
	rt.useCurrent()
	if !reloaded {
		defer func(nd bool) { rt.NoDefault = nd }(rt.NoDefault)
		rt.NoDefault = true
	}
	return rt.show("Back to", rt.workspacePath(urlPathname(s.nav.cur.uri)))
}

// cmdRefresh is open.ts cmdRefresh: the current entry, loaded again.
func (rt *Runtime) cmdRefresh() Result {
	s := rt.session()
	if s.nav.cur == nil {
		return errResult(codeInvalidTarget, "No document open.")
	}
	cur := s.nav.cur
	src, lerr, err := rt.loadFile(cur.uri)
	if err != nil {
		return Result{Escape: err.Error()}
	}
	if lerr != nil {
		return lerr.result()
	}
	s.nav.cur = &navEntry{uri: cur.uri, path: cur.path, src: src, block: cur.block}
	s.nav.moved = true
	rt.useCurrent()
	return rt.show("Refreshed", rt.workspacePath(urlPathname(s.nav.cur.uri)))
}

// cmdClose is open.ts cmdClose with session.ts close(): the document,
// shortcuts and variables go; the history stays.
func (rt *Runtime) cmdClose() Result {
	s := rt.session()
	if s.nav.cur == nil {
		return errResult(codeInvalidTarget, "No document open.")
	}
	uri := s.nav.cur.uri
	s.nav.cur, s.nav.moved, s.nav.cwdOverride = nil, true, ""
	s.autoShortcuts, s.autoOrder = map[string]string{}, nil
	s.valueShortcuts, s.valueOrder = map[string][]string{}, nil
	s.Vars, s.varKeys = map[string]string{}, nil
	rt.useCurrent()
	return okResult("Closed: " + uri)
}

// cmdNav is nav.ts cmdNav: the menus of the current page, one menu, or
// the page's shortcuts (/nav page).
func (rt *Runtime) cmdNav(args string) Result {
	s := rt.session()
	if r := rt.hydrate(); r != nil {
		return *r
	}
	if s.nav.cur == nil {
		return errResult(codeInvalidTarget, "No document is open in this session. Open a document first, then run /nav again.")
	}
	pg, lerr, err := rt.currentPage()
	if err != nil {
		return Result{Escape: err.Error()}
	}
	if lerr != nil {
		return lerr.result()
	}
	name := jsTrim(args)
	switch name {
	case "page":
		return rt.navPage(pg)
	case "scaffold", "create", "bootstrap":
		return errResult(codeCommandUnsupported, "sfmd test does not simulate /nav "+name+"; use /nav, /nav <menu> or /nav page")
	case "":
		return okResult("Menus\n---\n" + renderNavList(pg))
	}
	m, ok := pg.menu(name)
	if !ok {
		return errResult(codeNotFound, "Menu not found: "+name)
	}
	rt.Shown.shown(ShownKey(s.nav.cur.path, "", name))
	return okResult("Menu: " + name + "\n---\n" + renderNav(m, -1))
}

func (rt *Runtime) navPage(pg *page) Result {
	s := rt.session()
	var lines []string
	if len(pg.shortcuts) > 0 {
		lines = append(lines, "Shortcuts:")
		for _, sc := range pg.shortcuts {
			lines = append(lines, "  @"+sc.ID+" \u2192 "+sc.Href)
		}
	}
	if len(s.autoOrder) > 0 {
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, "Auto:")
		for _, id := range s.autoOrder {
			lines = append(lines, "  @"+id+" \u2192 "+s.autoShortcuts[id])
		}
	}
	if len(lines) == 0 {
		return okResult("No shortcuts on this page.")
	}
	return okResult(strings.Join(append(lines, "", "use: /open @id"), "\n"))
}

// renderNavList is renderer.ts renderNavList.
func renderNavList(pg *page) string {
	if len(pg.menus) == 0 {
		return "Document is open, but no menus are registered on this page.\n\nYou can create a starter nav scaffold from links on this page.\n\nTry: /nav scaffold"
	}
	var lines []string
	for _, m := range pg.menus {
		var labels []string
		for i, e := range m.entries {
			if i == 3 {
				break
			}
			labels = append(labels, e.Label)
		}
		more := ""
		if len(m.entries) > 3 {
			more = ", ... (" + itoa(len(m.entries)-3) + " more)"
		}
		lines = append(lines, m.name+" ("+itoa(len(m.entries))+"): "+strings.Join(labels, ", ")+more)
	}
	return strings.Join(append(lines, "", "use: /nav <name> to show menu \u00b7 /open @menu.id to follow link"), "\n")
}

// hydrate is app-session.ts hydrateAppDocument @06445e57: in an app
// topic with no document open, /act and /nav first load the app's
// document (the suite's), without running its default action and without
// unfolding its menus. It returns the result to give instead, or nil.
func (rt *Runtime) hydrate() *Result {
	s := rt.session()
	if s.nav.cur != nil {
		return nil
	}
	kind, ns := rt.topicParts()
	if kind != "app" {
		return nil
	}
	app, _, _ := strings.Cut(ns, ":")
	if s.nav.suite == nil || !strings.HasPrefix(s.nav.home, "file://") {
		return stop(errResult(codeNotFound, "App '"+app+"' is not installed. Run /install <source> to install it.\nNo apps installed yet. Use /install <source> to add one."))
	}
	entry := &navEntry{uri: s.nav.home, path: pathFromFileURI(s.nav.home), doc: s.nav.suite}
	s.nav.cur, s.nav.moved, s.nav.cwdOverride = entry, true, ""
	pg, lerr, err := rt.currentPage()
	if err != nil {
		return stop(Result{Escape: err.Error()})
	}
	if lerr != nil {
		return stop(lerr.result())
	}
	_, autos, err := rt.renderPage(pg, "", nil)
	if err != nil {
		return stop(Result{Escape: err.Error()})
	}
	s.setAutoShortcuts(autos)
	rt.useCurrent()
	return nil
}
