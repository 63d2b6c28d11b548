package lint

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/suitespec"
)

// walker walks one directory named on the command line: the .md files
// (and candidate JSON manifests) under it, skipping hidden, vendored,
// config- and git-ignored directories and files, and the Markdown
// fixtures of the suites found (ignore.go). It lists each directory
// through the run's shared listings (Workspace.ListDir), so that the
// config lookup and the rules that look at a document's siblings read the
// same listing instead of listing and statting the directory again; it
// holds the listings of the directories it is in (a stack), and drops
// the listing of a directory without a document once its subtree is
// walked, so that a repository of many other files does not keep them
// listed. An unreadable directory below the root is skipped.
type walker struct {
	d     *discovery
	root  target
	arg   int  // the position of root on the command line
	idx   int  // the position of root among the directories named
	pre   bool // prewalk: suites and configs, no job
	stack []*frame
	begun bool
	// prewalk: invalid configs of directories with Markdown files, an
	// error only if one of those is not a fixture (known at the end)
	pending []*pendingConfig
}

type frame struct {
	abs, display string
	entries      []fs.DirEntry // in display path order
	i            int
	found        bool // a document found here or below
}

type pendingConfig struct {
	dir  string
	err  error
	docs []string // the Markdown files of dir
}

func (d *discovery) newWalker(t target, arg, idx int) *walker {
	return &walker{d: d, root: t, arg: arg, idx: idx}
}

// prewalk walks the directory t once without making jobs: the suites
// under it are read for their fixtures, and the configs of its
// directories are loaded, so that an invalid one stops the run before a
// file is linted, as when the run listed its files first.
func (d *discovery) prewalk(t target, arg, idx int) error {
	w := d.newWalker(t, arg, idx)
	w.pre = true
	for {
		j, err := w.next()
		if err != nil {
			return err
		}
		if j == nil {
			break
		}
	}
	for _, p := range w.pending {
		for _, doc := range p.docs {
			if !d.filter.isFixture(doc, idx) {
				return p.err
			}
		}
	}
	return nil
}

// next returns the next job of the walk in display path order, nil at
// the end.
func (w *walker) next() (*job, error) {
	ws := w.d.l.ws
	if !w.begun {
		w.begun = true
		list := ws.take
		if w.pre {
			list = ws.listDir
		}
		entries, err := list(w.root.abs)
		if err != nil {
			return nil, err
		}
		if w.pre {
			ws.hold(w.root.abs)
		}
		w.stack = append(w.stack, &frame{abs: w.root.abs, display: w.root.display, entries: sortedEntries(entries)})
	}
	for len(w.stack) > 0 {
		f := w.stack[len(w.stack)-1]
		if f.i == len(f.entries) {
			w.stack[len(w.stack)-1] = nil
			w.stack = w.stack[:len(w.stack)-1]
			if !f.found {
				ws.forget(f.abs) // nothing found here or below: no rule will look
			} else if len(w.stack) > 0 {
				w.stack[len(w.stack)-1].found = true
			}
			continue
		}
		e := f.entries[f.i]
		f.i++
		if !e.IsDir() {
			j, err := w.file(f, e)
			if j != nil || err != nil {
				return j, err
			}
			continue
		}
		if skipDir(e.Name()) {
			continue
		}
		path := joinName(f.abs, e.Name())
		c, err := w.d.finder.forDir(f.abs)
		if err != nil {
			return nil, err
		}
		if c.Ignored(path) || w.d.filter.skipDir(path) {
			continue
		}
		shown := ""
		var entries []fs.DirEntry
		if w.pre {
			entries, _ = ws.listDir(path)
			ws.hold(path) // the walk lists it once more otherwise
		} else {
			entries, _ = ws.take(path)
			shown = joinName(f.display, e.Name())
		}
		w.stack = append(w.stack, &frame{abs: path, display: shown, entries: sortedEntries(entries)})
	}
	return nil, nil
}

// file handles a file of the walk: the job of a Markdown file or a JSON
// manifest; in the prewalk, a suite's fixtures and the config's errors.
// Its paths are joined only for such a file (the prewalk needs no
// display path).
func (w *walker) file(f *frame, e fs.DirEntry) (*job, error) {
	d := w.d
	name := e.Name()
	suite, json := suitespec.IsSuiteName(name), isJSONPath(name)
	if !e.Type().IsRegular() || !suite && !json && !strings.EqualFold(filepath.Ext(name), ".md") {
		return nil, nil
	}
	path := joinName(f.abs, name)
	if w.pre {
		return nil, w.prewalkFile(f, path, suite, json)
	}
	if suite || d.filter.skipFile(path) {
		return nil, nil
	}
	var sniff func() bool
	switch {
	case json && !isManifestName(e.Name()):
		sniff = func() bool { return sniffManifest(path) }
	case !json && d.filter.isFixture(path, w.idx):
		return nil, nil
	}
	j, err := d.add(joinName(f.display, name), path, false, sniff, false)
	if j != nil {
		f.found = true
		j.listed = true // e.Type() is regular
	}
	return j, err
}

// prewalkFile reads the fixtures of a suite, and loads the config of the
// directory of a document: invalid, it is an error for a JSON file, and
// for a Markdown file unless every Markdown file of the directory is a
// fixture (known at the end). The config is looked up before the ignore
// patterns are matched: it is loaded once per directory, while the
// patterns would be matched for every file twice.
func (w *walker) prewalkFile(f *frame, path string, suite, json bool) error {
	d := w.d
	if suite {
		if !d.filter.skipFile(path) {
			d.filter.addSuite(path, w.idx)
		}
		return nil
	}
	f.found = true
	_, err := d.finder.forDir(f.abs)
	if err == nil || d.filter.skipFile(path) {
		return nil
	}
	if json {
		return err
	}
	if n := len(w.pending); n > 0 && w.pending[n-1].dir == f.abs {
		w.pending[n-1].docs = append(w.pending[n-1].docs, path)
	} else {
		w.pending = append(w.pending, &pendingConfig{dir: f.abs, err: err, docs: []string{path}})
	}
	return nil
}

// joinName is filepath.Join(dir, name) for a clean dir and the name of
// one of its entries (TestJoinName): the two joined with a separator,
// without Clean's pass over the whole path, for every entry of a walk;
// Join itself when that would not be clean (dir "", ".", a root, a bare
// volume name) or name is not one plain element.
func joinName(dir, name string) string {
	if dir == "" || dir == "." || os.IsPathSeparator(dir[len(dir)-1]) || len(filepath.VolumeName(dir)) == len(dir) ||
		name == "" || name == "." || name == ".." {
		return filepath.Join(dir, name)
	}
	for i := range len(name) {
		if os.IsPathSeparator(name[i]) {
			return filepath.Join(dir, name)
		}
	}
	return dir + string(filepath.Separator) + name
}
