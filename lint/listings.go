package lint

import (
	"container/list"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/suitespec"
)

// ListDir is ReadDir with each directory listed once while it is in use:
// the documents of one directory share the listing, so that a rule that
// looks at a document's siblings costs one listing per directory, not one
// per document (2,000 documents in a directory were 4 million entries
// read). The run keeps the listings of the last listingCacheSize
// directories used (the walk and the documents being linted go through
// the directories in order, the walk up to a window of jobs ahead: see
// emitter); one dropped is listed again if asked for.
// The result is shared by every rule and document: it must not be
// modified. A file created during the run (a --fix rewrite's temporary
// file) may be missing from it.
func (p *Workspace) ListDir(path string) ([]fs.DirEntry, error) {
	if p.shared == nil {
		return p.ReadDir(path)
	}
	return p.shared.listDir(p.Resolve(path))
}

// listingCacheSize bounds the directory listings a run keeps, so that
// memory does not grow with the number of directories (nor of files).
const listingCacheSize = 64

// listDir lists the absolute directory abs (see ListDir).
func (s *workspaceShared) listDir(abs string) ([]fs.DirEntry, error) {
	l := s.listings.get(abs)
	l.read(abs)
	return l.entries, l.err
}

// forget drops the listing of the absolute directory abs (it is listed
// again if asked for).
func (s *workspaceShared) forget(abs string) {
	s.listings.mu.Lock()
	defer s.listings.mu.Unlock()
	if e, ok := s.listings.dirs[abs]; ok {
		s.listings.lru.Remove(e)
		delete(s.listings.dirs, abs)
	}
}

// listed returns the listing of the absolute directory abs when the run
// has it in use, without listing it (see have).
func (s *workspaceShared) listed(abs string) ([]fs.DirEntry, bool) {
	l := s.listings.have(abs)
	if l == nil {
		return nil, false
	}
	return l.entries, l.err == nil
}

// have returns the listing of the absolute directory abs when the run
// has it in use (read), without listing it; nil otherwise (one held
// packed for the walk is left for the walk).
func (d *dirListings) have(abs string) *dirListing {
	d.mu.Lock()
	var l *dirListing
	if e, ok := d.dirs[abs]; ok {
		l = e.Value.(*dirListing)
	}
	d.mu.Unlock()
	if l != nil {
		l.read(abs) // listed, or being listed
	}
	return l
}

// dirListings are the directories listed in one run (one
// workspaceShared), the most recently used first, and the listings the
// prewalk holds for the walk.
type dirListings struct {
	mu   sync.Mutex
	dirs map[string]*list.Element // absolute path -> *dirListing
	lru  *list.List
	// held are listings the prewalk made, kept until the walk that
	// follows it comes to their directory, so that a directory is listed
	// once, not twice; packed (names and types), for heldSize bytes, at
	// most heldBudget: past it, the walk lists again.
	held     map[string]*packedListing
	heldSize int
}

// heldBudget bounds the bytes of the listings held for the walk: past
// it, the rest of the tree is listed twice, so that memory does not grow
// with the number of files. It is what 3,072 entries of os.ReadDir took
// (about 100 bytes each: the entry, its name and its place in the
// slice); packed, an entry takes its name's length and 5 bytes.
const heldBudget = 300 << 10

// packedListing is a listing held for the walk: its names, each followed
// by a '/' (which no name holds), and their types.
type packedListing struct {
	names string
	types []fs.FileMode
	err   error // the listing's error (none listed)
}

// packedOverhead is what a held listing takes besides its names and
// types: the struct, the slice and string headers, the map's entry.
const packedOverhead = 96

func (p *packedListing) size() int { return packedOverhead + len(p.names) + 4*len(p.types) }

func pack(entries []fs.DirEntry) *packedListing {
	n := 0
	for _, e := range entries {
		n += len(e.Name()) + 1
	}
	var b strings.Builder
	b.Grow(n)
	types := make([]fs.FileMode, len(entries))
	for i, e := range entries {
		b.WriteString(e.Name())
		b.WriteByte('/')
		types[i] = e.Type()
	}
	return &packedListing{names: b.String(), types: types}
}

// unpack makes the listing of the absolute directory abs back from p:
// the entries os.ReadDir gave, in its order, as heldEntry.
func (p *packedListing) unpack(abs string) *dirListing {
	slab := make([]heldEntry, len(p.types))
	entries := make([]fs.DirEntry, len(p.types))
	rest := p.names
	for i, t := range p.types {
		j := strings.IndexByte(rest, '/')
		slab[i] = heldEntry{dir: abs, name: rest[:j], typ: t}
		entries[i] = &slab[i]
		rest = rest[j+1:]
	}
	l := &dirListing{abs: abs, entries: entries, err: p.err}
	l.once.Do(func() {}) // read
	return l
}

// heldEntry is an entry of a held listing: what os.ReadDir's entry
// gives (its name and type; Info, as there, is an lstat of the file).
type heldEntry struct {
	dir, name string
	typ       fs.FileMode
}

func (e *heldEntry) Name() string               { return e.name }
func (e *heldEntry) IsDir() bool                { return e.typ.IsDir() }
func (e *heldEntry) Type() fs.FileMode          { return e.typ }
func (e *heldEntry) Info() (fs.FileInfo, error) { return os.Lstat(joinName(e.dir, e.name)) }
func (e *heldEntry) String() string             { return fs.FormatDirEntry(e) }

// readDir lists a directory (os.ReadDir; a test counts the listings).
var readDir = os.ReadDir

func newDirListings() dirListings {
	return dirListings{dirs: map[string]*list.Element{}, lru: list.New(), held: map[string]*packedListing{}}
}

// hold keeps the listing of the absolute directory abs, made by the
// prewalk (listDir), for the walk: should the run drop it before the
// walk takes it (listingCacheSize), it is packed into held, within
// heldBudget.
func (s *workspaceShared) hold(abs string) {
	d := &s.listings
	d.mu.Lock()
	defer d.mu.Unlock()
	if e, ok := d.dirs[abs]; ok {
		e.Value.(*dirListing).forWalk = true
	}
}

// take is listDir for the walk: a listing held for it is in use from
// then on.
func (s *workspaceShared) take(abs string) ([]fs.DirEntry, error) {
	l := s.listings.get(abs)
	l.read(abs)
	s.listings.mu.Lock()
	l.forWalk = false
	s.listings.mu.Unlock()
	return l.entries, l.err
}

type dirListing struct {
	abs     string
	once    sync.Once
	entries []fs.DirEntry
	err     error
	forWalk bool // held for the walk, not taken yet (under dirListings.mu)

	foldOnce sync.Once
	folded   map[string][]string // foldKey → the names with that key, in directory order

	asciiOnce sync.Once
	ascii     bool // every name is ASCII

	// searched: a file of the directory was read in the run, so that
	// the directory can be searched (a directory of mode r-- lists its
	// names but refuses a stat or an open of each)
	searched atomic.Bool

	suitesOnce sync.Once
	suites     []string // the test suites, in directory order
}

func (l *dirListing) read(abs string) {
	l.once.Do(func() { l.entries, l.err = readDir(abs) })
}

// get returns the listing of abs, made (not yet read) if the run has
// none, and drops the least recently used beyond listingCacheSize. A
// held listing is taken (it is in use from then on).
func (d *dirListings) get(abs string) *dirListing {
	d.mu.Lock()
	defer d.mu.Unlock()
	if e, ok := d.dirs[abs]; ok {
		d.lru.MoveToFront(e)
		return e.Value.(*dirListing)
	}
	l := &dirListing{abs: abs}
	if p := d.held[abs]; p != nil {
		delete(d.held, abs)
		d.heldSize -= p.size()
		l = p.unpack(abs)
		l.forWalk = true // until the walk takes it
	}
	d.dirs[abs] = d.lru.PushFront(l)
	for d.lru.Len() > listingCacheSize {
		old := d.lru.Back()
		d.lru.Remove(old)
		o := old.Value.(*dirListing)
		delete(d.dirs, o.abs)
		if o.forWalk {
			d.keep(o)
		}
	}
	return l
}

// keep packs the listing l, which the walk has yet to take, into held,
// within heldBudget (under d.mu; the prewalk read l before holding it).
func (d *dirListings) keep(l *dirListing) {
	if d.heldSize+packedOverhead > heldBudget {
		return
	}
	p := pack(l.entries)
	p.err = l.err
	if d.heldSize+p.size() > heldBudget {
		return
	}
	d.held[l.abs] = p
	d.heldSize += p.size()
}

// ExistsFold reports whether the directory of path has an entry whose
// name equals path's last element ignoring case (strings.EqualFold):
// requirements.md written REQUIREMENTS.md.
func (p *Workspace) ExistsFold(path string) bool {
	_, _, ok := p.FoldName(path)
	return ok
}

// FoldName finds the entry of path's directory whose name equals path's
// last element ignoring case (strings.EqualFold): the name itself when an
// entry has exactly that name (exact), else the last such entry in
// directory order. Like ListDir, it lists the directory once while it is
// in use, and indexes the names of a directory wider than foldScanMax
// once (foldNames), so that asking for every document of a large
// directory costs the same per document whatever the directory's width.
func (p *Workspace) FoldName(path string) (name string, exact, ok bool) {
	dir, base := filepath.Split(filepath.FromSlash(path))
	var names []string
	if p.shared == nil {
		if dir == "" {
			dir = "."
		}
		entries, err := p.ListDir(dir)
		if err != nil {
			return "", false, false
		}
		names = foldScan(entries, base)
	} else {
		abs := p.dir // dir "": Resolve(".") is the document's directory
		if dir != "" {
			abs = p.Resolve(dir)
		}
		l := p.shared.listings.get(abs)
		l.read(abs)
		if l.err != nil {
			return "", false, false
		}
		names = l.foldNames(base)
	}
	for _, n := range names {
		if n == base {
			return n, true, true
		}
	}
	if len(names) == 0 {
		return "", false, false
	}
	return names[len(names)-1], false, true
}

// foldScanMax is the width up to which a listing's names are compared
// with strings.EqualFold one by one rather than through an index.
const foldScanMax = 32

// foldNames returns the names of the listing that equal name ignoring
// case (strings.EqualFold), in directory order: for a small listing by
// comparing each, for a wider one through an index made once, so that
// asking for every document of a large directory costs the same per
// document whatever the directory's width (TestFoldNamesScanIsIndex).
func (l *dirListing) foldNames(name string) []string {
	if len(l.entries) <= foldScanMax {
		return foldScan(l.entries, name)
	}
	return l.foldIndexed(name)
}

// foldScan returns the names of entries that equal name ignoring case,
// in their order.
func foldScan(entries []fs.DirEntry, name string) []string {
	var out []string
	for _, e := range entries {
		if strings.EqualFold(e.Name(), name) {
			out = append(out, e.Name())
		}
	}
	return out
}

func (l *dirListing) foldIndexed(name string) []string {
	l.foldOnce.Do(func() {
		l.folded = make(map[string][]string, len(l.entries))
		for _, e := range l.entries {
			k := foldKey(e.Name())
			l.folded[k] = append(l.folded[k], e.Name())
		}
	})
	return l.folded[foldKey(name)]
}

// allASCII reports whether every name of the listing is ASCII.
func (l *dirListing) allASCII() bool {
	l.asciiOnce.Do(func() {
		l.ascii = !slices.ContainsFunc(l.entries, func(e fs.DirEntry) bool { return !isASCII(e.Name()) })
	})
	return l.ascii
}

// entry returns the entry named name (the listing is sorted by name, as
// os.ReadDir sorts it).
func (l *dirListing) entry(name string) (fs.DirEntry, bool) {
	i, ok := slices.BinarySearchFunc(l.entries, name, func(e fs.DirEntry, n string) int { return strings.Compare(e.Name(), n) })
	if !ok {
		return nil, false
	}
	return l.entries[i], true
}

// searchedFile records that the file at the absolute path abs was read
// in the run: its directory, when the run holds its listing, can be
// searched (see exists).
func (s *workspaceShared) searchedFile(abs string) {
	if l := s.listings.have(filepath.Dir(abs)); l != nil {
		l.searched.Store(true)
	}
}

// exists says, from the listing of the clean absolute directory dir
// when the run holds one (it lists nothing), whether os.Stat of its
// entry base succeeds, and whether the listing shows it a regular file;
// known is false when the listing cannot tell (the caller stats):
//   - listed, it exists when it is not a symbolic link (whose target
//     may be missing) and a file of its directory was read in the run
//     (searched: a directory that can be read but not searched lists
//     names that a stat refuses);
//   - not listed, it is missing when it is ASCII, so is every name of
//     the directory, and none equals it ignoring case: a case-insensitive
//     file system (macOS, Windows, ext4's casefold) finds a name written
//     in another case, and one that normalizes Unicode (macOS) a name
//     written in another normal form; not on Windows, which also finds a
//     file by its short name (PROGRA~1) and without trailing dots and
//     spaces.
func (s *workspaceShared) exists(dir, base string) (exists, regular, known bool) {
	if s == nil || base == "" || base == "." || base == ".." || strings.ContainsRune(base, filepath.Separator) {
		return false, false, false // no run; not one entry of dir
	}
	l := s.listings.have(dir)
	if l == nil || l.err != nil {
		return false, false, false
	}
	if e, ok := l.entry(base); ok {
		t := e.Type()
		if t&fs.ModeSymlink != 0 || !l.searched.Load() {
			return false, false, false
		}
		return true, t.IsRegular(), true
	}
	if runtime.GOOS == "windows" || !isASCII(base) || !l.allASCII() || len(l.foldNames(base)) > 0 {
		return false, false, false
	}
	return false, false, true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Suites lists the test suites of the directory at path (the regular
// files named *.test.yaml or *.test.yml, as sfmd test finds them), in
// directory order. Like FoldName, it scans the run's shared listing once
// while it is in use, so that asking for every document of a large
// directory costs the same per document whatever the directory's width.
func (p *Workspace) Suites(path string) []string {
	if p.shared == nil {
		entries, _ := p.ListDir(path)
		return suiteNames(entries)
	}
	abs := p.Resolve(path)
	l := p.shared.listings.get(abs)
	l.read(abs)
	if l.err != nil {
		return nil
	}
	l.suitesOnce.Do(func() { l.suites = suiteNames(l.entries) })
	return l.suites
}

func suiteNames(entries []fs.DirEntry) []string {
	var out []string
	for _, e := range entries {
		if suitespec.IsSuiteName(e.Name()) && e.Type().IsRegular() {
			out = append(out, e.Name())
		}
	}
	return out
}

// foldKey maps strings that are strings.EqualFold to the same key: each
// rune (invalid UTF-8 reads as U+FFFD, as in EqualFold) becomes the
// smallest rune of its simple case folding orbit.
func foldKey(s string) string {
	if isASCII(s) {
		// 'k' and 's' fold with non-ASCII runes but their smallest
		// orbit member is ASCII ('K', 'S'): upper case is the key.
		return strings.ToUpper(s)
	}
	var b strings.Builder
	for _, r := range s {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		b.WriteRune(m)
	}
	return b.String()
}
