package rules

import (
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
)

// The page dry run shared by the dryrun-page-* rules: the document opened
// through the model as /open opens it (model.OpenPage: resolver.ts
// resolve, renderer.ts render, without the default action), its files
// read through the Workspace, and the navigation commands an agent would
// type on it tried from there (model.PageRun.Try). The rules compare what
// the agent sees and gets with what the author evidently wrote.

// pageDry is the result of pagedryAnalyzer: the page, opened on first
// use (most documents give the rules nothing to try, and opening costs a
// parse); run stays nil when the document has no location or is an
// include fragment.
type pageDry struct {
	pass   *lint.Pass
	opened bool
	run    *model.PageRun
	dir    string // the document's directory, a virtual path
	doc    string // the document's virtual path, read through fsys
	text   []byte
	fsys   *model.FS
	links  *model.LinkProbe
	tried  map[string]model.Result
}

// maxPageTries bounds the commands tried on one page.
const maxPageTries = 256

var pagedryAnalyzer = &lint.Analyzer{
	Name:   "pagedry",
	Shared: true,
	Doc: lint.Doc{
		Title: "the page dry-run through the model",
		Why:   "shared analysis: the document opened as /open opens it, its render, and the /open and /nav commands an agent would type on it, run through the model",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		return &pageDry{pass: pass}, nil
	},
}

// pageDryOf is the page of pass, opened when a rule first asks.
func pageDryOf(pass *lint.Pass) *pageDry {
	if p, ok := pass.ResultOf[pagedryAnalyzer].(*pageDry); ok {
		return p
	}
	return &pageDry{pass: pass}
}

// source is the page's virtual path and the Workspace as the model's
// tree; ok is false when the page is not shown on its own (no location,
// or an include fragment, <page>.source/<id>.md, shown inside the page
// that includes it).
func (p *pageDry) source() (doc string, fsys *model.FS, text []byte, ok bool) {
	if p.fsys != nil {
		return p.doc, p.fsys, p.text, true
	}
	pass := p.pass
	ws := pass.Workspace
	if ws == nil || pass.Doc.Path == "" || strings.HasSuffix(filepath.Base(filepath.Dir(pass.Doc.Path)), ".source") {
		return "", nil, nil, false
	}
	doc = hostToVirtual(ws.Resolve(filepath.Base(pass.Doc.Path)))
	if t, ok := pass.ResultOf[dryrunAnalyzer].(*dryTable); ok && t.Meant != nil {
		text = t.Meant.Src // the dry-run table's: the document is not searched for CRLF again
	} else {
		text = asMeant(pass.Doc).Src
	}
	p.doc, p.text, p.fsys = doc, text, model.NewSourceFS(&wsSource{ws: ws, doc: doc, src: text})
	return p.doc, p.fsys, p.text, true
}

// open opens the page once; it reports whether it is open.
func (p *pageDry) open() bool {
	if p.opened {
		return p.run != nil
	}
	p.opened = true
	doc, fsys, text, ok := p.source()
	if !ok {
		return false
	}
	topic := "app:" + docToolName(p.pass.Doc)
	if t, ok := p.pass.ResultOf[dryrunAnalyzer].(*dryTable); ok && t.Parsed != nil {
		p.run = t.Parsed.OpenPage(fsys, doc, topic, path.Dir(doc)) // the actions' dry run parsed it
	} else {
		p.run = model.OpenPage(fsys, doc, text, topic, path.Dir(doc))
	}
	p.dir = path.Dir(doc)
	if p.tried == nil {
		p.tried = map[string]model.Result{}
	}
	return true
}

// view is the rendered page, or nil.
func (p *pageDry) view() *model.PageView {
	if !p.open() {
		return nil
	}
	return p.run.View()
}

// try runs line from the page (each line once); ok is false past the
// bound.
func (p *pageDry) try(line string) (model.Result, bool) {
	if !p.open() {
		return model.Result{}, false
	}
	return p.record(line, func() model.Result { return p.run.Try(line) })
}

// opens runs `/open target` from the page without rendering the target
// (each target once); ok is false past the bound. A target the model
// shows as a regular file (model.LinkProbe.OpensFile) is not run: its /open cannot
// fail, and the page is not opened for it (it still counts toward the
// bound, as a run would).
func (p *pageDry) opens(target string) (model.Result, bool) {
	doc, fsys, _, ok := p.source()
	if !ok {
		return model.Result{}, false
	}
	return p.record("\x00"+target, func() model.Result {
		if dryGates && p.probe(fsys, doc).OpensFile(target) {
			return model.Result{OK: true}
		}
		p.open()
		return p.run.Opens(target)
	})
}

// probe is the page's LinkProbe, made once.
func (p *pageDry) probe(fsys *model.FS, doc string) *model.LinkProbe {
	if p.links == nil {
		p.links = model.NewLinkProbe(fsys, doc)
	}
	return p.links
}

// record is the result of the try keyed key, run once; ok is false past
// the bound.
func (p *pageDry) record(key string, run func() model.Result) (model.Result, bool) {
	if p.tried == nil {
		p.tried = map[string]model.Result{}
	}
	if r, ok := p.tried[key]; ok {
		return r, true
	}
	if len(p.tried) >= maxPageTries {
		return model.Result{}, false
	}
	r := run()
	p.tried[key] = r
	return r, true
}

// failure is the first line of a failed result, with the paths under the
// document's directory shown relative to it; "" when the result is not a
// failure the page causes (a refusal of the simulation, an unsupported
// command, a remote page).
func (p *pageDry) failure(r model.Result) string {
	if r.OK || r.Escape != "" {
		return ""
	}
	switch r.Code {
	case "NOT_FOUND", "BLOCK_NOT_FOUND", "LOAD_ERROR", "CIRCULAR_REFERENCE":
	default:
		return ""
	}
	msg, _, _ := strings.Cut(r.Content, "\n")
	return strings.ReplaceAll(msg, strings.TrimSuffix(p.dir, "/")+"/", "")
}

// hostToVirtual is the virtual path the model reads a host path by: the
// same path, with forward slashes and a leading "/".
func hostToVirtual(abs string) string {
	v := filepath.ToSlash(abs)
	if !strings.HasPrefix(v, "/") {
		v = "/" + v
	}
	return v
}

// virtualToHost is the inverse of hostToVirtual.
func virtualToHost(v string) string {
	if filepath.Separator != '/' && len(v) > 2 && v[2] == ':' {
		v = v[1:] // /C:/x
	}
	return filepath.FromSlash(v)
}

// wsSource is the Workspace as the model's read-only tree: the document
// itself is the linted text (an editor's buffer included).
type wsSource struct {
	ws  *lint.Workspace
	doc string
	src []byte
}

func (s *wsSource) ReadFile(p string, limit int64) ([]byte, error) {
	if p == s.doc {
		return s.src, nil
	}
	b, err := s.ws.ReadFile(virtualToHost(p))
	if err == nil && int64(len(b)) > limit {
		return nil, &fs.PathError{Op: "read", Path: p, Err: fs.ErrInvalid}
	}
	return b, err
}

func (s *wsSource) Stat(p string) (fs.FileInfo, error) {
	host := virtualToHost(p)
	if dryGates && s.unlisted(p) {
		// what os.Stat gives for a name its directory does not hold
		return nil, &fs.PathError{Op: "stat", Path: s.ws.Resolve(host), Err: syscall.ENOENT}
	}
	return s.ws.Stat(host)
}

// unlisted reports that p's directory, in the listing the run keeps
// (Workspace.ListDir), has no entry named p's name in any case (a file
// system that ignores case would find one): Stat would fail with ENOENT,
// the answer cmdOpen's probe of a link to a missing file gets, without
// a system call. The name is ASCII, so that no other normalization of
// it (a file system's Unicode forms) can name an entry either. A
// directory that cannot be listed is left to Stat.
func (s *wsSource) unlisted(p string) bool {
	dir, name := path.Split(p)
	if name == "" || dir == "" || !isASCII(name) {
		return false
	}
	if _, err := s.ws.ListDir(virtualToHost(dir)); err != nil {
		return false
	}
	_, _, folds := s.ws.FoldName(virtualToHost(p)) // indexed: a wide directory costs no scan per link
	return !folds
}

// isASCII reports that s holds ASCII bytes only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Regular reports that p is listed as a regular file (no symbolic link)
// in its directory's listing, which the run keeps and shares
// (Workspace.ListDir, sorted by name as os.ReadDir): Stat would show the same regular file. A name not
// listed so (a link, a file created during the run, another case) is
// left to Stat.
func (s *wsSource) Regular(p string) bool {
	dir, name := path.Split(p)
	ents, err := s.ws.ListDir(virtualToHost(dir))
	if err != nil {
		return false
	}
	i, ok := slices.BinarySearchFunc(ents, name, func(e fs.DirEntry, n string) int { return strings.Compare(e.Name(), n) })
	return ok && ents[i].Type().IsRegular()
}

func (s *wsSource) ReadDir(p string) ([]fs.DirEntry, error) {
	return s.ws.ListDir(virtualToHost(p))
}
