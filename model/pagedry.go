package model

import (
	"io/fs"
	"strings"
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
	// Content is the rendered page (renderer.ts render: includes
	// expanded, markup stripped, links rewritten, hints prepended).
	Content string
	// Autos are the auto-shortcuts the render registered, in order.
	Autos []Link
	// Shortcuts are the page's own shortcuts (resolver.ts resolve), which
	// /open @id finds before an auto-shortcut of the same id
	// (session.ts resolveShortcut).
	Shortcuts []Link
	// References are the reference definitions the render resolves
	// [text][ref] with (the core parser's: the first of a name wins).
	References map[string]string
}

// PageRun is a page opened in a session of its own.
type PageRun struct {
	rt    *Runtime
	saved navState
	autos map[string]string
	order []string
	View  PageView
}

// OpenPage runs `/open <p>` in a new session on fsys (topic is the
// session's CURRENT_TARGET, such as "app:weather"; home the String home),
// without the page's default action. It returns the run and nil, or nil
// and the result /open failed with.
func OpenPage(fsys *FS, p, topic, home string) (*PageRun, *Result) {
	rt := &Runtime{
		Session: NewSession(),
		Env: Env{Topic: topic, DocURI: FileURI(p), DocPath: p, Store: map[string]string{},
			Home: home, Cwd: home, FS: fsys},
		NoDefault: true,
	}
	res := rt.Run("/open " + FileURI(p))
	s := rt.session()
	if !res.OK || s.nav.cur == nil || s.nav.cur.pg == nil {
		return nil, &res
	}
	pg := s.nav.cur.pg
	_, content, _ := strings.Cut(res.Content, "\n---\n")
	pr := &PageRun{rt: rt, saved: s.nav, autos: s.autoShortcuts, order: s.autoOrder}
	pr.saved.history = nil
	pr.View.Content = content
	for _, id := range s.autoOrder {
		pr.View.Autos = append(pr.View.Autos, Link{id, s.autoShortcuts[id]})
	}
	for _, sc := range pg.shortcuts {
		pr.View.Shortcuts = append(pr.View.Shortcuts, Link{sc.ID, sc.Href})
	}
	pr.View.References = pg.ref.References
	return pr, nil
}

// Try runs one command line from the opened page and puts the session
// back as the page left it, so that each command starts from the page.
func (pr *PageRun) Try(line string) Result {
	defer func() {
		s := pr.rt.session()
		s.nav = pr.saved
		s.autoShortcuts, s.autoOrder = pr.autos, pr.order
		s.valueShortcuts, s.valueOrder = map[string][]string{}, nil
		s.syncView()
	}()
	return pr.rt.Run(line)
}
