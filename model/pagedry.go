package model

import (
	"io/fs"
	"path"
	"strings"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// The dry run of a page: a document opened as /open opens it (open.ts
// cmdOpen, resolver.ts resolve, renderer.ts render), read from a tree the
// caller gives (the linter's Workspace), and the navigation commands an
// agent would type on it (/open, /nav) run from there. No default action
// runs, nothing is written, nothing leaves the machine.

// Source is a read-only file tree: the paths it is asked for are the
// virtual absolute paths of the FS built on it.
type Source interface {
	ReadFile(p string, limit int64) ([]byte, error)
	Stat(p string) (fs.FileInfo, error)
	ReadDir(p string) ([]fs.DirEntry, error)
}

// NewSourceFS is a read-only FS that reads src: every write fails with
// EROFS.
func NewSourceFS(src Source) *FS { return &FS{src: src} }

// Link is a shortcut id and the target it opens.
type Link struct{ ID, Href string }

// PageView is what the agent sees once /open showed a page.
type PageView struct {
	// Autos are the auto-shortcuts the render registered, in order.
	Autos []Link
	// Shortcuts are the page's own shortcuts (resolver.ts resolve), which
	// /open @id finds before an auto-shortcut of the same id
	// (session.ts resolveShortcut).
	Shortcuts []Link
	// References are the reference definitions the render resolves
	// [text][ref] with (the core parser's: the first of a name wins).
	References map[string]string

	// the rendered page, written by Content on first call
	content string
	write   func() string
}

// Content is the rendered page (renderer.ts render: includes expanded,
// markup stripped, links rewritten, hints prepended), written when it
// is first asked for: View registers the auto-shortcuts without it.
func (v *PageView) Content() string {
	if v.write != nil {
		v.content, v.write = v.write(), nil
	}
	return v.content
}

// PageRun is a page opened in a session of its own.
type PageRun struct {
	rt    *Runtime
	saved navState
	autos map[string]string
	order []string
	view  *PageView
	shown bool // View was asked for
	// pending are the auto-shortcuts View registers, registered in the
	// session (settle) when a command is first tried
	pending        []autoShortcut
	pendingToStore bool
}

// OpenPage makes the document at the virtual path p of fsys, whose text
// is src, the current page of a new session (topic is the session's
// CURRENT_TARGET, such as "app:weather"; home the String home), as the
// session's own document is before the first command of `sfmd test`: the
// page is parsed and resolved when a command needs it (an /open of a
// relative path reads only the page's location), and rendered by View.
// The page's default action never runs.
func OpenPage(fsys *FS, p string, src []byte, topic, home string) *PageRun {
	return openPage(&sfmd.Document{Path: p, Src: src}, nil, fsys, p, topic, home)
}

// OpenPage is the package function OpenPage for the document pd was
// parsed from, whose parse the page then uses instead of its own.
func (pd *Parsed) OpenPage(fsys *FS, p, topic, home string) *PageRun {
	return openPage(pd.doc, pd, fsys, p, topic, home)
}

// openPage opens doc, parsed as pd (nil: parsed where a command needs
// it, as the runtime parses a page it has not read: Runtime.refDoc,
// resolvePage).
func openPage(doc *sfmd.Document, pd *Parsed, fsys *FS, p, topic, home string) *PageRun {
	rt := &Runtime{
		Doc:     doc,
		Parsed:  pd,
		Session: NewSession(),
		Env: Env{Topic: topic, DocURI: FileURI(p), DocPath: p, Store: map[string]string{},
			Home: home, Cwd: home, FS: fsys},
		NoDefault: true,
		noView:    true, // no DrySession reads this session
	}
	rt.startNav()
	s := rt.session()
	return &PageRun{rt: rt, saved: s.nav, autos: s.autoShortcuts, order: s.autoOrder}
}

// View renders the page as /open shows it (renderer.ts render with the
// menus not seen yet unfolded; the auto-shortcuts it registers are there
// for the commands tried after), once; nil when the page cannot be
// resolved or rendered (a menu file that cannot be read, an include the
// simulation refuses). The view's text is written when Content is first
// called, from what View read (the page, the menus it unfolded, the
// missing variables); the menus are marked seen by View, and the
// auto-shortcuts put in the session when a command is first tried
// (settle).
func (pr *PageRun) View() *PageView {
	if pr.shown {
		return pr.view
	}
	pr.shown = true
	rt, s := pr.rt, pr.rt.session()
	s.nav = pr.saved
	pg, lerr, err := rt.currentPage()
	if err != nil || lerr != nil {
		return nil
	}
	unfold := s.markUnseenNavs(pg)
	text, err := rt.pageText(pg)
	if err != nil {
		return nil
	}
	// renderPage's steps, the last one (slugLinks) without its text,
	// and the shortcuts' (shortcutText) without it when shortcutAutos
	// can
	text = refText(text, pg.ref.References)
	var autos []autoShortcut
	shortcutsWritten := false
	if !shortcutAutos(text, &autos) {
		text, shortcutsWritten = shortcutText(text), true
		slugAutos(text, &autos)
	}
	pr.pending, pr.pendingToStore = autos, true
	missing := rt.missingEnv(pg)
	v := &PageView{References: pg.ref.References, write: func() string {
		if !shortcutsWritten {
			text = shortcutText(text)
		}
		var again []autoShortcut
		return jsTrim(slugLinksAfter(hintsHead(pageHintsMissing(pg, unfold, missing)), text, &again))
	}}
	if len(autos) > 0 {
		v.Autos = make([]Link, len(autos)) // slugLinks gives each id once
	}
	if len(pg.shortcuts) > 0 {
		v.Shortcuts = make([]Link, 0, len(pg.shortcuts))
	}
	for i, a := range autos {
		v.Autos[i] = Link(a)
	}
	for _, sc := range pg.shortcuts {
		v.Shortcuts = append(v.Shortcuts, Link{sc.ID, sc.Href})
	}
	pr.view = v
	return v
}

// settle registers the auto-shortcuts View left pending in the session
// (session.ts setAutoShortcuts, as /open does once it rendered): the
// commands tried on the page read them there; a view that no command
// follows builds no map of them.
func (pr *PageRun) settle() {
	if !pr.pendingToStore {
		return
	}
	s := pr.rt.session()
	s.setAutoShortcuts(pr.pending)
	pr.autos, pr.order = s.autoShortcuts, s.autoOrder
	pr.pending, pr.pendingToStore = nil, false
}

// Try runs one command line from the opened page and puts the session
// back as the page left it, so that each command starts from the page.
func (pr *PageRun) Try(line string) Result {
	pr.settle()
	defer func() {
		s := pr.rt.session()
		s.nav = pr.saved
		s.autoShortcuts, s.autoOrder = pr.autos, pr.order
		s.valueShortcuts, s.valueOrder = map[string][]string{}, nil
	}()
	return pr.rt.Run(line)
}

// Opens runs `/open <target>` from the page up to the point where it
// found the target (open.ts cmdOpen before it renders): the failures of
// Try that are the link's (no file, no block), without reading a target
// that has no block or rendering any (a menu the target lacks is the
// target's own finding).
func (pr *PageRun) Opens(target string) Result {
	pr.rt.probe = true
	defer func() { pr.rt.probe = false }()
	return pr.Try("/open " + target)
}

// LinkProbe answers, for the page at one virtual path, whether a link's
// `/open` certainly finds a regular file (OpensFile).
type LinkProbe struct {
	fsys *FS
	dir  string // loaderResolve's base directory: the page's, from its file URI
}

// NewLinkProbe is the LinkProbe of the page at the virtual path doc of
// fsys.
func NewLinkProbe(fsys *FS, doc string) *LinkProbe {
	p := path.Clean(doc) // FileURI's path
	if !plainPath(p) {
		p = pathFromFileURI(FileURI(doc))
	}
	return &LinkProbe{fsys: fsys, dir: path.Dir(p)}
}

// OpensFile reports whether `/open target`, typed on the page, certainly
// finds a regular file without a block, so that PageRun.Opens would
// answer OK: target is one plain argument (no JavaScript whitespace, no
// '#', no '@', no ':' so no scheme and no app:/tool: name, no '~', not
// absolute) that cmdOpen's installed-app lookup passes by (registryOpen:
// it holds a '.' or a '/'), resolved against the page as loaderResolve
// resolves a relative topic on a file:// base, to a path the tree shows
// as a regular file (cmdOpen's probe). false says nothing: Opens decides.
func (lp *LinkProbe) OpensFile(target string) bool {
	if target == "" || !strings.ContainsAny(target, "./") || strings.ContainsAny(target, "#@:~%\\") ||
		strings.HasPrefix(target, "/") || strings.ContainsFunc(target, isJSSpace) {
		return false
	}
	p := absJoin(lp.dir, target)
	if !plainPath(p) {
		p = Resolve("/", pathFromFileURI(fileURIFromPath(p)))
	}
	if r, ok := lp.fsys.src.(regularSource); ok {
		return r.Regular(p)
	}
	fi, err := lp.fsys.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// plainPath reports that the clean absolute path p is made of bytes
// that a file URI carries as they are: ASCII letters, digits, '/', '.',
// '_' and '-'. For such a path the round trip through its file URI
// (fileURIFromPath, pathFromFileURI, Resolve) gives p back: nothing is
// percent-encoded or decoded, and no "." or ".." segment is left to
// remove (TestPlainPathRoundTrip).
func plainPath(p string) bool {
	for i := 0; i < len(p); i++ {
		c := p[i]
		if !isWordByte(c) && c != '/' && c != '.' && c != '-' {
			return false
		}
	}
	return p != "" && p[0] == '/'
}

// regularSource is a Source that can tell a regular file more cheaply
// than Stat (from a directory listing it keeps).
type regularSource interface {
	// Regular reports that Stat(p) would show a regular file; false
	// when it would not or is not known.
	Regular(p string) bool
}
