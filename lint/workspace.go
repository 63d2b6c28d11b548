package lint

import (
	"bytes"
	"container/list"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/sfmd-dev/sfmd/internal/cleanpath"
	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Workspace gives a rule read access to the files around the document it
// checks (project, package and manifest profiles: nav and include targets,
// menus, manifests). Rules never touch the file system themselves: they go
// through Pass.Workspace, which resolves relative paths against the
// document's directory, serves the editor's unsaved buffer for the
// document read from stdin, and parses other documents once per run.
//
// Pass.Workspace is nil when the document has no location (stdin without
// --stdin-filename, or a Check call outside the driver): rules that need
// it must then report nothing.
type Workspace struct {
	shared *workspaceShared
	dir    string // absolute directory of the document being checked
}

type workspaceShared struct {
	parse   func(string, []byte) *sfmd.Document
	overlay map[string][]byte // absolute path -> content (stdin)
	cwd     string

	mu    sync.Mutex
	docs  map[string]*list.Element // absolute path -> LRU entry
	lru   *list.List
	limit int

	// the directories listed in the run: by the walk that finds the
	// files, the config lookup and the rules (Workspace.ListDir)
	listings dirListings

	memo sync.Map // Workspace.Memo

	stats statCache // Workspace.Exists's stats
}

// statCache holds whether the last paths Exists statted exist, so that
// a path every line of a document names (the 10 MB benchmark document's
// 2,850 nav links to one missing menu file made 2,852 stats of it,
// strace) is statted once while it stays: statSlots paths, each in the
// slot its hash picks, a newer one taking the slot of an older.
type statCache struct {
	mu    sync.Mutex
	slots [statSlots]statSlot
}

type statSlot struct {
	path   string
	exists bool
}

const statSlots = 64

// slot is the slot of path (FNV-1a).
func (c *statCache) slot(path string) *statSlot {
	h := uint32(2166136261)
	for i := 0; i < len(path); i++ {
		h = (h ^ uint32(path[i])) * 16777619
	}
	return &c.slots[h%statSlots]
}

// exists is whether path exists, from the cache when it holds path, else
// from a stat, which it keeps.
func (c *statCache) exists(path string) bool {
	c.mu.Lock()
	if sl := c.slot(path); sl.path == path && path != "" {
		ok := sl.exists
		c.mu.Unlock()
		return ok
	}
	c.mu.Unlock()
	_, err := stat(path)
	ok := err == nil
	c.mu.Lock()
	*c.slot(path) = statSlot{path: path, exists: ok}
	c.mu.Unlock()
	return ok
}

type cachedDoc struct {
	abs   string
	ready chan struct{} // closed once doc and err are set
	doc   *sfmd.Document
	err   error
}

// docCacheSize bounds the number of other documents kept parsed, so that
// memory does not grow with the size of the project.
const docCacheSize = 64

func newWorkspaceShared(parse func(string, []byte) *sfmd.Document, cwd string) *workspaceShared {
	return &workspaceShared{parse: parse, cwd: cwd, overlay: map[string][]byte{}, docs: map[string]*list.Element{}, lru: list.New(), limit: docCacheSize,
		listings: newDirListings()}
}

// entryOf is where path resolves to for the run's listings: its
// directory (absolute, clean), its name in it, and its absolute path,
// which for a plain name (no separator, not "." or "..": an entry of the
// document's directory) is joined only when asked for.
type entryOf struct {
	dir, base, abs string
}

func (p *Workspace) locate(path string) entryOf {
	if path != "" && path != "." && path != ".." && !strings.ContainsAny(path, `/\:`) && filepath.IsAbs(p.dir) {
		return entryOf{dir: p.dir, base: path}
	}
	abs := p.Resolve(path)
	return entryOf{dir: filepath.Dir(abs), base: filepath.Base(abs), abs: abs}
}

// path returns the absolute path of e (Resolve's).
func (e *entryOf) path() string {
	if e.abs == "" {
		e.abs = joinName(e.dir, e.base)
	}
	return e.abs
}

// Resolve returns the absolute, cleaned path of p (relative paths are
// relative to the document's directory).
func (p *Workspace) Resolve(path string) string {
	if filepath.IsAbs(path) {
		if cleanpath.Abs(path) {
			return path // Clean would give it back
		}
		return filepath.Clean(path)
	}
	rel := path
	for strings.HasPrefix(rel, "./") { // "./nav/main.md": Join drops the "."
		rel = rel[2:]
	}
	if rel == "." && cleanpath.Abs(p.dir) {
		return p.dir // FoldName's and ListDir's "." for the document's own directory
	}
	if cleanpath.Rel(rel) && cleanpath.Abs(p.dir) {
		// what Join gives, without cleaning again the long absolute
		// directory (the rules resolve their targets, "nav/main.md",
		// for every document: Clean was 3% of a run on the upstream
		// corpus); TestResolveFast holds it to Join
		if p.dir == "/" {
			return "/" + rel
		}
		return p.dir + "/" + rel
	}
	return filepath.Join(p.dir, filepath.FromSlash(path))
}

// Display returns path as it would appear in a diagnostic: relative to the
// working directory when below it.
func (p *Workspace) Display(path string) string {
	abs := p.Resolve(path)
	if rel, err := filepath.Rel(p.shared.cwd, abs); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return abs
}

// ReadFile returns the content of the file at path: an editor's buffer,
// or a regular file of at most safeio.DefaultMaxSize bytes (a named pipe
// an include names cannot block the run). A file the run's listing of
// its directory shows as a regular file is opened without a stat first
// (safeio.ReadListed), as the walk's files are; one it shows missing
// (see Exists) gets the error of that stat without it.
func (p *Workspace) ReadFile(path string) ([]byte, error) {
	e := p.locate(path)
	if len(p.shared.overlay) > 0 {
		if b, ok := p.shared.overlay[e.path()]; ok {
			return b, nil
		}
	}
	read := safeio.ReadFile
	switch ok, regular, known := p.shared.exists(e.dir, e.base); {
	case known && !ok:
		return nil, &fs.PathError{Op: "stat", Path: e.path(), Err: syscall.ENOENT} // safeio.ReadFile's stat
	case regular:
		read = safeio.ReadListed
	}
	abs := e.path()
	b, _, err := read(abs, safeio.DefaultMaxSize)
	if err == nil {
		p.shared.searchedFile(abs)
	}
	return b, err
}

// OpenRoot opens the directory at path as an os.Root: what is read
// through it stays below it (a path leading out through "..", an
// absolute path or a symbolic link is refused), as sfmd test reads the
// files a test suite names. The caller closes it.
func (p *Workspace) OpenRoot(path string) (*os.Root, error) {
	return os.OpenRoot(p.Resolve(path))
}

// Stat describes the file at path (following symbolic links). A file
// the run's listing of its directory shows missing (see Exists) gets
// the error os.Stat gives, without a stat.
func (p *Workspace) Stat(path string) (fs.FileInfo, error) {
	e := p.locate(path)
	if ok, _, known := p.shared.exists(e.dir, e.base); known && !ok {
		return nil, &fs.PathError{Op: "stat", Path: e.path(), Err: syscall.ENOENT}
	}
	return stat(e.path())
}

// Exists reports whether a file or directory exists at path (os.Stat
// succeeds), from the run's listing of its directory when that tells
// (workspaceShared.exists), so that the siblings every document names
// are not statted once per document, else from a stat kept for the
// next calls while it stays in the run's few (statCache): like ListDir,
// it may miss a file created or removed during the run.
func (p *Workspace) Exists(path string) bool {
	e := p.locate(path)
	if len(p.shared.overlay) > 0 {
		if _, ok := p.shared.overlay[e.path()]; ok {
			return true
		}
	}
	if ok, _, known := p.shared.exists(e.dir, e.base); known {
		return ok
	}
	if p.shared == nil {
		_, err := stat(e.path())
		return err == nil
	}
	return p.shared.stats.exists(e.path())
}

// stat is os.Stat (a test counts the calls).
var stat = os.Stat

// ReadDir lists the directory at path, sorted by name.
func (p *Workspace) ReadDir(path string) ([]fs.DirEntry, error) {
	return os.ReadDir(p.Resolve(path))
}

// Memo returns the value kept under key for the run (the files linted
// together, or one editor check), storing what init returns when there
// is none yet: facts derived from other files that every document of the
// run shares, such as include-cycle's include graph, are then worked out
// once per run rather than once per document. key is a value of a type
// of the caller's own (as for context.Context values); the value must be
// safe for concurrent use, and init may run more than once when two
// documents ask at once (one value is kept).
func (p *Workspace) Memo(key any, init func() any) any {
	if p.shared == nil { // no run: nothing to share
		return init()
	}
	if v, ok := p.shared.memo.Load(key); ok {
		return v
	}
	v, _ := p.shared.memo.LoadOrStore(key, init())
	return v
}

// Document returns the parsed document at path. Documents are parsed at
// most once while they stay in a small shared cache; the AST must be
// treated as read-only (other rules and files may hold it too). Each call
// gets its own LineIndex, whose position lookups are not safe for
// concurrent use.
func (p *Workspace) Document(path string) (*sfmd.Document, error) {
	doc, err := p.document(path)
	if doc == nil {
		return nil, err
	}
	cp := *doc
	cp.Index = sfmd.NewLineIndex(cp.Src)
	return &cp, err
}

func (p *Workspace) document(path string) (*sfmd.Document, error) {
	abs := p.Resolve(path)
	s := p.shared
	s.mu.Lock()
	if e, ok := s.docs[abs]; ok {
		s.lru.MoveToFront(e)
		c := e.Value.(*cachedDoc)
		s.mu.Unlock()
		<-c.ready // another worker may still be parsing it
		return c.doc, c.err
	}
	// Claim the entry before parsing, so that workers asking for the same
	// document wait for this parse instead of parsing it again.
	c := &cachedDoc{abs: abs, ready: make(chan struct{})}
	s.docs[abs] = s.lru.PushFront(c)
	for s.lru.Len() > s.limit {
		old := s.lru.Back()
		s.lru.Remove(old)
		delete(s.docs, old.Value.(*cachedDoc).abs)
	}
	s.mu.Unlock()

	defer close(c.ready)
	src, err := p.ReadFile(abs)
	if err != nil {
		c.err = err
		return c.doc, c.err
	}
	c.doc, c.err = parseRecovered(s.parse, p.Display(abs), src)
	return c.doc, c.err
}

// parseRecovered parses src, turning a parser panic into an error.
func parseRecovered(parse func(string, []byte) *sfmd.Document, path string, src []byte) (doc *sfmd.Document, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, &parsePanic{r}
		}
	}()
	doc = parse(path, src)
	if doc == nil {
		return nil, errNoDocument
	}
	if doc.Index == nil {
		doc.Index = sfmd.NewLineIndex(doc.Src)
	}
	return doc, nil
}

// Install manifests (spec.md §1.14) are JSON, not SFMD. They are linted by
// the rules of the manifest profile only, and only when that profile has an
// enabled rule: an explicit .json file argument always, and in a directory
// the .json files that are manifests by name (isManifestName) or by content
// (looksLikeManifest).

// isJSONPath reports whether path names a JSON file (an install manifest
// when linted).
func isJSONPath(path string) bool {
	return strings.EqualFold(filepath.Ext(path), ".json")
}

// isManifestName reports whether the file name is one install manifests
// conventionally use: manifest.json, install.json, string.json or
// *.manifest.json.
func isManifestName(name string) bool {
	n := strings.ToLower(name)
	switch n {
	case "manifest.json", "install.json", "string.json":
		return true
	}
	return strings.HasSuffix(n, ".manifest.json")
}

// maxSniffBytes bounds the JSON files read to decide whether a file
// without a manifest name is an install manifest.
const maxSniffBytes = 1 << 20

// looksLikeManifest is the daemon's detection rule (a JSON object with a
// "files" array), narrowed to arrays holding at least one object: npm's
// package.json and tsconfig.json have "files" arrays of strings and are not
// manifests. Invalid JSON is not a manifest.
func looksLikeManifest(src []byte) bool {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	var top map[string]json.RawMessage
	if json.Unmarshal(src, &top) != nil {
		return false
	}
	var files []json.RawMessage
	if json.Unmarshal(top["files"], &files) != nil {
		return false
	}
	for _, f := range files {
		if len(f) > 0 && f[0] == '{' {
			return true
		}
	}
	return false
}

// sniffManifest reads the file at abs and applies looksLikeManifest;
// unreadable and large files are not manifests.
func sniffManifest(abs string) bool {
	src, _, err := safeio.ReadFile(abs, maxSniffBytes)
	return err == nil && looksLikeManifest(src)
}
