package lint

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sfmd-dev/sfmd/internal/gitignore"
	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/suitespec"
)

// walkFilter decides what a directory walk leaves out besides hidden,
// vendored and config-ignored paths: what git ignores (.gitignore,
// .git/info/exclude), and the Markdown files a test suite uses as
// recorded fixtures, which are HTTP bodies and goldens rather than
// documents. Paths named on the command line are linted whatever it
// says.
type walkFilter struct {
	git *gitignore.Set
	// fixtures are the absolute paths suites reference (body_file,
	// files: {from}, output_file, expect.files), each with the first
	// walk (directory named, in command line order) that found the suite.
	fixtures map[string]int
	// listDir lists a directory: the run's listings (the walk is in the
	// directory it asks for), os.ReadDir by default
	listDir func(abs string) ([]fs.DirEntry, error)
}

func newWalkFilter() *walkFilter {
	return &walkFilter{git: gitignore.New(), fixtures: map[string]int{}, listDir: os.ReadDir}
}

// fixtureDirs are the directory names that hold a suite's recorded
// fixtures and goldens when they sit next to a suite.
var fixtureDirs = map[string]bool{"fixtures": true, "golden": true, "testdata": true}

// skipDir reports whether the walk leaves out the directory at abs.
func (f *walkFilter) skipDir(abs string) bool {
	if f.git.Ignored(abs, true) {
		return true
	}
	return fixtureDirs[filepath.Base(abs)] && f.hasSuite(filepath.Dir(abs))
}

// skipFile reports whether the walk leaves out the file at abs.
func (f *walkFilter) skipFile(abs string) bool {
	return f.git.Ignored(abs, false)
}

// hasSuite reports whether dir holds a test suite.
func (f *walkFilter) hasSuite(dir string) bool {
	entries, err := f.listDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if suitespec.IsSuiteName(e.Name()) {
			return true
		}
	}
	return false
}

// maxSuiteRead bounds the suite files read for fixture references.
const maxSuiteRead = 4 << 20

// addSuite records the files the suite at abs, found by walk number
// found, references, read by the suite format's owner
// (suitespec.FixturePaths: loosely, so that a suite with errors, which
// sfmd test reports, still names its fixtures). A suite that cannot be
// read or parsed references nothing.
func (f *walkFilter) addSuite(abs string, found int) {
	src, _, err := safeio.ReadFile(abs, maxSuiteRead)
	if err != nil {
		return
	}
	dir := filepath.Dir(abs)
	for _, p := range suitespec.FixturePaths(src) {
		p = filepath.FromSlash(p)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		p = filepath.Clean(p)
		if w, ok := f.fixtures[p]; !ok || found < w {
			f.fixtures[p] = found
		}
	}
}

// isFixture reports whether a suite under the directory of walk number
// walk, or of one named before it, uses the file at abs as a fixture or
// golden.
func (f *walkFilter) isFixture(abs string, walk int) bool {
	w, ok := f.fixtures[filepath.Clean(abs)]
	return ok && w <= walk
}
