package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/cleanpath"
	"github.com/sfmd-dev/sfmd/internal/safeio"
)

// The walk: the paths of a run become jobs, streamed in the order of their
// display paths (the order of Report.Diagnostics), so that the run keeps
// no list of its files. A directory is walked as a stack of sorted
// listings, one per directory being walked (sortedEntries). The files
// named on the command line and standard input are few and resolved
// first; so is every directory named, once, without keeping its files
// (prewalk), to find its suites (whose Markdown fixtures are left out) and
// its configs (an invalid config stops the run before anything is
// linted); the listings it makes are held for the walk, within a budget
// (listings.go), so that a directory is listed once.

// nextJob yields the jobs of a run in display path order; nil when done.
type nextJob func() (*job, error)

// target is one path of the command line.
type target struct {
	p, display, abs string
	dir             bool
}

// discover resolves the paths of the run and returns its jobs as a
// stream.
func (l *linter) discover(finder *configFinder) (nextJob, error) {
	paths := l.opts.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	d := &discovery{
		l:       l,
		finder:  finder,
		seen:    map[string]bool{},
		orders:  map[*settings]kindOrders{},
		writing: l.opts.Fix != FixNone && !l.opts.Diff,
		filter:  newWalkFilter(),
	}
	d.filter.git.Listed = l.ws.listed
	d.filter.listDir = l.ws.listDir
	targets := d.targets(paths)
	// A file reached from two paths of the command line is linted once,
	// under the first path (a set of every file found then). Within one
	// walk no file comes twice (symbolic links are not followed), so the
	// set is needed only when the paths overlap.
	d.dedupe = overlapping(targets, d.writing)
	var named []indexed // stdin, the files named, and with dedupe every file
	var walks []*walker
	stdinSeen := false
	for i, t := range targets {
		switch {
		case t.p == "-":
			if stdinSeen {
				continue
			}
			stdinSeen = true
			j, err := d.addStdin()
			if err != nil {
				return nil, err
			}
			named = appendJob(named, j, i)
		case !t.dir:
			j, err := d.add(t.display, t.abs, false, nil, true)
			if err != nil {
				return nil, err
			}
			named = appendJob(named, j, i)
		default:
			if err := d.prewalk(t, i, len(walks)); err != nil {
				return nil, err
			}
			w := d.newWalker(t, i, len(walks))
			walks = append(walks, w)
			if !d.dedupe {
				continue
			}
			for { // paths overlap: this walk is listed whole, through seen
				j, err := w.next()
				if err != nil {
					return nil, err
				}
				if j == nil {
					break
				}
				named = append(named, indexed{j, i})
			}
		}
	}
	l.pathErrs = d.pathErrs
	sort.SliceStable(named, func(a, b int) bool { return named[a].j.display < named[b].j.display })
	for _, x := range named {
		if x.j.stdin && x.j.abs != "" {
			// Other documents reading this one see the editor's buffer.
			l.ws.overlay[x.j.abs] = l.stdin
		}
	}
	if d.dedupe {
		walks = nil
	}
	return merge(named, walks, targets), nil
}

// indexed is a job and the position of its path on the command line.
type indexed struct {
	j   *job
	arg int
}

func appendJob(xs []indexed, j *job, arg int) []indexed {
	if j == nil {
		return xs
	}
	return append(xs, indexed{j, arg})
}

// targets resolves the paths of the command line; those that cannot be
// linted go to d.pathErrs.
func (d *discovery) targets(paths []string) []target {
	var out []target
	for _, p := range paths {
		if p == "-" {
			out = append(out, target{p: p})
			continue
		}
		display := filepath.Clean(p)
		abs := d.l.abs(display)
		// A path that cannot be linted is reported with the run's I/O
		// errors (exit 2), and the other paths are still linted: one
		// mistyped name must not empty a JSON or SARIF report.
		fi, err := os.Stat(abs)
		if err != nil {
			d.pathErrs = append(d.pathErrs, fmt.Errorf("cannot lint %q: %v, check the path", p, unwrapPathErr(err)))
			continue
		}
		if !fi.IsDir() && !fi.Mode().IsRegular() {
			d.pathErrs = append(d.pathErrs, fmt.Errorf("cannot lint %q: it is %s, not a regular file; name Markdown files or directories", p, safeio.Kind(fi.Mode())))
			continue
		}
		out = append(out, target{p: p, display: display, abs: abs, dir: fi.IsDir()})
	}
	return out
}

// overlapping reports whether a file could be reached from two targets:
// a directory at or under another, or a file under a directory. With
// writing, the targets' real paths count too (the set's keys then are).
func overlapping(ts []target, writing bool) bool {
	var dirs, all []string
	for _, t := range ts {
		if t.p == "-" {
			continue
		}
		forms := []string{t.abs}
		if writing {
			if real, err := filepath.EvalSymlinks(t.abs); err == nil && real != t.abs {
				forms = append(forms, real)
			}
		}
		for _, f := range forms {
			for _, d := range dirs {
				if within(f, d) {
					return true
				}
			}
			for _, a := range all {
				if t.dir && within(a, f) {
					return true
				}
			}
		}
		if t.dir {
			dirs = append(dirs, forms...)
		}
		all = append(all, forms...)
	}
	return false
}

// within reports whether path is dir or under it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// merge streams the jobs of named (sorted) and of the walks in display
// path order; between equal paths, the earlier on the command line first.
func merge(named []indexed, walks []*walker, targets []target) nextJob {
	heads := make([]*job, len(walks))
	started := false
	return func() (*job, error) {
		if !started {
			started = true
			for i, w := range walks {
				j, err := w.next()
				if err != nil {
					return nil, err
				}
				heads[i] = j
			}
		}
		best, bestArg := -1, len(targets)+1
		var bestDisplay string
		if len(named) > 0 {
			best, bestArg, bestDisplay = len(walks), named[0].arg, named[0].j.display
		}
		for i, j := range heads {
			if j == nil {
				continue
			}
			arg := walks[i].arg
			if best < 0 || j.display < bestDisplay || j.display == bestDisplay && arg < bestArg {
				best, bestArg, bestDisplay = i, arg, j.display
			}
		}
		switch {
		case best < 0:
			return nil, nil
		case best == len(walks):
			j := named[0].j
			named[0] = indexed{}
			named = named[1:]
			return j, nil
		}
		j := heads[best]
		next, err := walks[best].next()
		heads[best] = next
		return j, err
	}
}

// discovery resolves the files of one run into jobs.
type discovery struct {
	l        *linter
	finder   *configFinder
	seen     map[string]bool // the files queued, with dedupe or when named
	dedupe   bool            // targets overlap: every file goes through seen
	orders   map[*settings]kindOrders
	pathErrs []error     // paths named that cannot be linted
	writing  bool        // fixes are written back to the files
	filter   *walkFilter // .gitignore and suite fixtures (ignore.go)
}

// add makes the job of a file, or nil when it is not linted. A JSON file
// is linted only when manifest rules are enabled for it (always for
// stdin, whose buffer an editor expects back); sniff, when set, must also
// accept its content. named files go through seen: a file is linted once.
func (d *discovery) add(display, abs string, stdin bool, sniff func() bool, named bool) (*job, error) {
	if !stdin && (named || d.dedupe) {
		key := abs
		if d.writing {
			// Two names for one file must not be rewritten by two
			// workers at once.
			if real, err := filepath.EvalSymlinks(abs); err == nil {
				key = real
			}
		}
		if d.seen[key] {
			return nil, nil
		}
		d.seen[key] = true
	}
	dir := d.l.opts.Dir
	if abs != "" {
		dir = cleanpath.Dir(abs)
	}
	c, err := d.finder.forDir(dir)
	if err != nil {
		return nil, err
	}
	if abs != "" && c.Ignored(abs) {
		return nil, nil
	}
	set := d.finder.settingsFor(c, abs)
	ko, ok := d.orders[set]
	if !ok {
		ko = splitOrders(set)
		d.orders[set] = ko
	}
	j := &job{display: display, abs: abs, stdin: stdin, set: set, json: isJSONPath(display), order: ko.sfmd, skip: ko.sfmdSkip}
	if j.json {
		j.order, j.skip = ko.json, ko.jsonSkip
		if !stdin && (len(j.order) == 0 || (sniff != nil && !sniff())) {
			return nil, nil
		}
	}
	return j, nil
}

// addStdin makes the job of standard input ("-"), under --stdin-filename
// when given, and reads it up to the size cap of its settings.
func (d *discovery) addStdin() (*job, error) {
	l := d.l
	if l.opts.Stdin == nil {
		return nil, &UsageError{Msg: "\"-\" given but there is no standard input"}
	}
	display, abs := stdinName, ""
	if l.opts.StdinFilename != "" {
		display = filepath.Clean(l.opts.StdinFilename)
		abs = l.abs(display)
	}
	j, err := d.add(display, abs, true, nil, true)
	if err != nil || j == nil {
		return j, err
	}
	src, err := safeio.ReadAll(l.opts.Stdin, l.maxSize(j))
	var tl *safeio.TooLargeError
	switch {
	case errors.As(err, &tl):
		// not checked; with --fix, given back unchanged: what was read,
		// then the rest (Report.StdoutRest)
		j.tooLarge = tl
	case err != nil:
		return nil, fmt.Errorf("reading standard input: %w", err)
	}
	l.stdin = src
	return j, nil
}

func skipDir(name string) bool {
	return (strings.HasPrefix(name, ".") && name != "." && name != "..") || name == "node_modules" || name == "vendor"
}

// sortedEntries returns the entries of a directory (sorted by name) in
// the order of the display paths they lead to: a directory's name is
// followed by a separator, so that "a-b.md" comes before the files of
// "a/" (as "a-b.md" < "a/x.md"). The listing is shared: a copy is sorted
// when the order differs.
func sortedEntries(entries []fs.DirEntry) []fs.DirEntry {
	cmp := func(a, b fs.DirEntry) int { return strings.Compare(entryKey(a), entryKey(b)) }
	if slices.IsSortedFunc(entries, cmp) {
		return entries
	}
	out := slices.Clone(entries)
	slices.SortFunc(out, cmp)
	return out
}

func entryKey(e fs.DirEntry) string {
	if e.IsDir() {
		return e.Name() + string(filepath.Separator)
	}
	return e.Name()
}

func (l *linter) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(l.opts.Dir, p)
}
