package refcli

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/safeio"
)

// Fix is cli.ts cmdFix and fixDir: for each X.md.source directory under
// dir whose X.md exists, a line "[!include:ID]()" is appended to X.md for
// each X.md.source/ID.md it does not include, in readdir order ("[fix]
// Added [!include:ID]() → X.md" each). X.md is replaced atomically, inside
// dir, only when it has not changed since it was read; a file that
// cannot be read or written is reported ("[err]  why", status 1) and the
// walk goes on (the reference crashes).
func Fix(dir string, o Out) int {
	if dir == "" {
		o.warn("Usage: aimd fix <dir>")
		return 1
	}
	groups, err := sourceGroups(dir)
	if err != nil {
		o.fail(err)
		return 1
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		o.fail(err)
		return 1
	}
	defer func() { _ = root.Close() }()
	status := 0
	for _, g := range groups {
		if g.missing || len(g.orphans) == 0 && g.err == nil {
			continue
		}
		if g.err != nil {
			o.fail(g.err)
			status = 1
			continue
		}
		var add strings.Builder
		for _, c := range g.orphans {
			add.WriteString("\n[!include:" + strings.TrimSuffix(c, ".md") + "]()")
		}
		data := append(append([]byte(nil), g.data...), add.String()...)
		if err := safeio.Replace(root, g.rel, g.parent, data, g.info, g.data); err != nil {
			o.fail(named(g.parent, err))
			status = 1
			continue
		}
		for _, c := range g.orphans {
			o.log("[fix]  Added [!include:%s]() \u2192 %s", strings.TrimSuffix(c, ".md"), g.parent)
		}
	}
	return status
}

// Orphans lists what Clean removes from dir: each X.md.source/ID.md
// whose X.md exists and does not include ID, as the reference prints it,
// with the name relative to dir. A file that cannot be read is reported
// through o and makes ok false.
func Orphans(dir string, o Out) (paths, rels []string, ok bool) {
	groups, err := sourceGroups(dir)
	if err != nil {
		o.fail(err)
		return nil, nil, false
	}
	ok = true
	for _, g := range groups {
		if g.err != nil {
			o.fail(g.err)
			ok = false
		}
		relDir := filepath.Join(filepath.Dir(g.rel), filepath.Base(g.dir))
		for _, c := range g.orphans {
			paths = append(paths, filepath.Join(g.dir, c))
			rels = append(rels, filepath.Join(relDir, c))
		}
	}
	return paths, rels, ok
}

// Clean is cli.ts cmdClean and cleanDir once the caller has agreed:
// each of Orphans's files is removed ("[del]  PATH"), inside dir, and
// only when it is a file or a symbolic link (the link itself); anything
// else is reported ("[err]  why", status 1; the reference crashes).
func Clean(dir string, paths, rels []string, o Out) int {
	root, err := os.OpenRoot(dir)
	if err != nil {
		o.fail(err)
		return 1
	}
	defer func() { _ = root.Close() }()
	status := 0
	for i, p := range paths {
		if err := safeio.Remove(root, rels[i], p); err != nil {
			o.fail(err)
			status = 1
			continue
		}
		o.log("[del]  %s", p)
	}
	return status
}
