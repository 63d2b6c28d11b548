package runner

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/suitespec"
)

// The app's pages: a session opens other documents of the app (menus,
// includes, linked pages), so the .md files of the document's directory
// tree are copied into the sandbox's working directory with the same
// layout, as an installed app's files sit around its string.md. Hidden
// directories and symbolic links are skipped; files: entries are written
// afterwards and win.
const (
	maxAppFiles = 1000     // .md files copied from the document's tree
	maxAppBytes = 64 << 20 // their total size
)

// appPages lists the .md files of the document's directory tree (names in
// Tree), the document itself excepted.
func appPages(s *suite) ([]string, error) {
	dir := filepath.ToSlash(filepath.Dir(s.DocPath))
	var names []string
	err := fs.WalkDir(s.Tree.FS(), dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(p, ".md") || filepath.FromSlash(p) == s.DocPath {
			return nil
		}
		names = append(names, p)
		if len(names) > maxAppFiles {
			return fmt.Errorf("the document's directory holds more than %d .md files; move the app into a directory of its own", maxAppFiles)
		}
		return nil
	})
	return names, err
}

// copyAppPages writes the app's pages into cwd.
func (r *testRun) copyAppPages() error {
	s := r.s
	if s.DocumentURL != "" || s.Tree == nil {
		return nil
	}
	names, err := appPages(s)
	if err != nil {
		return fmt.Errorf("app files: %v", err)
	}
	dir := filepath.ToSlash(filepath.Dir(s.DocPath))
	var total int64
	for _, n := range names {
		data, _, err := safeio.Read(s.Tree, filepath.FromSlash(n), n, maxDocumentBytes)
		if err != nil {
			return fmt.Errorf("app files: %s", suitespec.TreeError("page", n, err))
		}
		if total += int64(len(data)); total > maxAppBytes {
			return fmt.Errorf("app files: the document's .md files exceed %d bytes; move the app into a directory of its own", maxAppBytes)
		}
		rel := strings.TrimPrefix(n, dir+"/")
		if dir == "." {
			rel = n
		}
		p := r.fs.HostPath(path.Join(s.Cwd, rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("app files: cannot create %q: %v", rel, err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return fmt.Errorf("app files: cannot write %q: %v", rel, err)
		}
	}
	return nil
}
