// Package gitignore answers whether a path inside a git work tree is
// ignored by its .gitignore files and .git/info/exclude, with git's
// semantics (gitignore(5)): patterns relative to the file's directory,
// negation, directory-only patterns, "**", the last match winning, deeper
// files winning over shallower ones and over info/exclude. Outside a work
// tree (no .git up from the path) nothing is ignored, as with ripgrep. The
// user's global excludes file (core.excludesFile) is not read, so that the
// result is the same on every machine. It is a leaf: it imports nothing of
// the module but internal/safeio, the one way files are read, and the leaf
// internal/cleanpath.
package gitignore

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/sfmd-dev/sfmd/internal/cleanpath"
	"github.com/sfmd-dev/sfmd/internal/safeio"
)

// maxFile bounds the ignore file read (bigger files are cut at the last
// whole line).
const maxFile = 1 << 20

// Set answers for paths in any number of work trees, caching what it
// reads. It is safe for concurrent use. The zero value is not usable; call
// New.
type Set struct {
	mu    sync.Mutex
	root  map[string]string    // directory -> its work tree root ("" outside)
	files map[string][]pattern // directory -> the patterns of its .gitignore
	excl  map[string][]pattern // work tree root -> info/exclude patterns

	// Listed, when set, returns the entries of a directory already
	// listed (sorted by name), and false for one that was not: a name
	// that is not in a listing is then neither statted nor opened (a
	// walk asks for .git and .gitignore in every directory it enters).
	Listed func(dir string) ([]fs.DirEntry, bool)
}

// New returns an empty Set.
func New() *Set {
	return &Set{root: map[string]string{}, files: map[string][]pattern{}, excl: map[string][]pattern{}}
}

// Ignored reports whether the file (or, with isDir, the directory) at the
// absolute path abs is ignored. Only abs itself is matched, not its
// parents: a walk that skips ignored directories asks at every level.
func (s *Set) Ignored(abs string, isDir bool) bool {
	clean := cleanpath.Abs(abs)
	if !clean {
		abs = filepath.Clean(abs)
	}
	if filepath.Base(abs) == ".git" {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var dir string
	if clean {
		// the walk's paths are clean: their directory is the part
		// before the last slash, not a second Clean of a long path
		dir = cleanpath.AbsDir(abs)
	} else {
		dir = filepath.Dir(abs)
	}
	root := s.rootOf(dir)
	if root == "" || abs == root {
		return false
	}
	// Lowest precedence first: info/exclude, then each .gitignore from
	// the root down to abs's directory; the last match decides.
	ignored := false
	match := func(ps []pattern, base string) {
		rel, err := filepath.Rel(base, abs)
		if err != nil {
			return
		}
		rel = filepath.ToSlash(rel)
		for _, p := range ps {
			if p.dirOnly && !isDir {
				continue
			}
			if p.re.MatchString(rel) {
				ignored = !p.negate
			}
		}
	}
	match(s.exclude(root), root)
	var chain []string
	for d := dir; ; d = filepath.Dir(d) {
		chain = append(chain, d)
		if d == root || filepath.Dir(d) == d {
			break
		}
	}
	for i := len(chain) - 1; i >= 0; i-- {
		match(s.ignoreFile(chain[i]), chain[i])
	}
	return ignored
}

// rootOf returns the work tree root holding dir: the nearest directory up
// from dir with a .git entry, or "".
func (s *Set) rootOf(dir string) string {
	if r, ok := s.root[dir]; ok {
		return r
	}
	r := ""
	if s.exists(dir, ".git") {
		r = dir
	} else if parent := filepath.Dir(dir); parent != dir {
		r = s.rootOf(parent)
	}
	s.root[dir] = r
	return r
}

func (s *Set) ignoreFile(dir string) []pattern {
	ps, ok := s.files[dir]
	if !ok {
		if s.maybe(dir, ".gitignore") {
			ps = readPatterns(filepath.Join(dir, ".gitignore"))
		}
		s.files[dir] = ps
	}
	return ps
}

// exists reports whether dir has an entry name (not following a link).
func (s *Set) exists(dir, name string) bool {
	if in, known := s.listed(dir, name); known {
		return in
	}
	_, err := os.Lstat(filepath.Join(dir, name))
	return err == nil
}

// maybe reports whether dir may have an entry name: false only when its
// listing says it has none.
func (s *Set) maybe(dir, name string) bool {
	in, known := s.listed(dir, name)
	return in || !known
}

// listed looks name up in the listing of dir (known: there is one).
func (s *Set) listed(dir, name string) (in, known bool) {
	if s.Listed == nil {
		return false, false
	}
	entries, ok := s.Listed(dir)
	if !ok {
		return false, false
	}
	_, in = slices.BinarySearchFunc(entries, name, func(e fs.DirEntry, n string) int { return strings.Compare(e.Name(), n) })
	return in, true
}

func (s *Set) exclude(root string) []pattern {
	ps, ok := s.excl[root]
	if !ok {
		ps = readPatterns(filepath.Join(gitCommonDir(root), "info", "exclude"))
		s.excl[root] = ps
	}
	return ps
}

// gitCommonDir finds the repository directory of a work tree: .git
// itself, or for a linked work tree (.git is a file "gitdir: …") the
// common directory its commondir file names. Those files are read
// through safeio, so a .git or commondir that is a named pipe or a
// device is not read (it names no other directory).
func gitCommonDir(root string) string {
	dotgit := filepath.Join(root, ".git")
	fi, err := os.Stat(dotgit)
	if err != nil || fi.IsDir() {
		return dotgit
	}
	b, _, err := safeio.ReadHead(dotgit, maxPointer)
	if err != nil {
		return dotgit
	}
	gitdir, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return dotgit
	}
	gitdir = strings.TrimSpace(gitdir)
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(root, gitdir)
	}
	if c, _, err := safeio.ReadHead(filepath.Join(gitdir, "commondir"), maxPointer); err == nil {
		common := strings.TrimSpace(string(c))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitdir, common)
		}
		return common
	}
	return gitdir
}

// maxPointer bounds what is read of a .git file or a commondir file, each
// one line naming a directory.
const maxPointer = 64 << 10

// pattern is one compiled line of an ignore file.
type pattern struct {
	re      *regexp.Regexp // matches the slash path relative to the file's directory
	negate  bool
	dirOnly bool
}

// readPatterns reads the ignore file at path through safeio: a named
// pipe, a device or a directory there holds no patterns (it is not read,
// so it cannot block or run on), and a file over maxFile is cut there.
func readPatterns(path string) []pattern {
	data, cut, err := safeio.ReadHead(path, maxFile)
	if err != nil {
		return nil
	}
	if cut { // the last line may be cut short: drop it
		data = data[:bytes.LastIndexByte(data, '\n')+1]
	}
	var ps []pattern
	for line := range bytes.Lines(data) {
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		if p, ok := compile(string(line)); ok {
			ps = append(ps, p)
		}
	}
	return ps
}

// compile reads one line of an ignore file. ok is false for blank lines,
// comments and lines that hold no pattern.
func compile(line string) (p pattern, ok bool) {
	if line == "" || line[0] == '#' {
		return p, false
	}
	line = trimTrailingSpace(line)
	if line[0] == '!' {
		p.negate = true
		line = line[1:]
	} else if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		p.dirOnly = true
		line = strings.TrimRight(line, "/")
	}
	if line == "" {
		return p, false
	}
	anchored := strings.Contains(line, "/")
	line = strings.TrimPrefix(line, "/")
	var b strings.Builder
	if anchored {
		b.WriteString("^")
	} else {
		b.WriteString("^(?:.*/)?")
	}
	b.WriteString(globRE(line))
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return p, false
	}
	p.re = re
	return p, true
}

// trimTrailingSpace drops trailing spaces unless backslash-escaped.
func trimTrailingSpace(s string) string {
	end := len(s)
	for end > 0 && s[end-1] == ' ' {
		if end >= 2 && s[end-2] == '\\' {
			return s[:end-2] + " "
		}
		end--
	}
	return s[:end]
}

// globRE translates a gitignore glob (without its leading "/") into a
// regular expression.
func globRE(g string) string {
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		c := g[i]
		switch {
		case c == '*' && strings.HasPrefix(g[i:], "**"):
			atStart := i == 0 || g[i-1] == '/'
			j := i + 2
			switch {
			case atStart && j == len(g):
				b.WriteString(".*") // "a/**": everything inside
			case atStart && g[j] == '/':
				b.WriteString("(?:.*/)?") // "**/a", "a/**/b": zero or more directories
				j++
			default:
				b.WriteString("[^/]*") // other runs of asterisks are one
				for j < len(g) && g[j] == '*' {
					j++
				}
			}
			i = j - 1
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '[':
			if end := classEnd(g, i); end > 0 {
				class := g[i+1 : end]
				neg := false
				if class != "" && (class[0] == '!' || class[0] == '^') {
					neg, class = true, class[1:]
				}
				b.WriteString("[")
				if neg {
					b.WriteString("^/")
				}
				for k := 0; k < len(class); k++ {
					ch := class[k]
					if ch == '\\' && k+1 < len(class) {
						k++
						ch = class[k]
					}
					if ch == '\\' || ch == ']' || ch == '[' || ch == '^' {
						b.WriteByte('\\')
					}
					b.WriteByte(ch)
				}
				b.WriteString("]")
				i = end
			} else {
				b.WriteString(`\[`)
			}
		case c == '\\' && i+1 < len(g):
			i++
			b.WriteString(regexp.QuoteMeta(string(g[i])))
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	return b.String()
}

// classEnd returns the index of the "]" closing the class opened at i, or
// -1.
func classEnd(g string, i int) int {
	j := i + 1
	if j < len(g) && (g[j] == '!' || g[j] == '^') {
		j++
	}
	if j < len(g) && g[j] == ']' {
		j++ // a leading "]" is literal
	}
	for ; j < len(g); j++ {
		switch g[j] {
		case '\\':
			j++
		case ']':
			return j
		}
	}
	return -1
}
