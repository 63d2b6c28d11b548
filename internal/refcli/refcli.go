// Package refcli is sfmd's drop-in for the reference CLI, the sfmd
// command of the String project's compiler package
// (string-os/string packages/compiler/src/cli.ts): validate, extract,
// compile, fix and clean print the reference's text to the same streams
// and exit with its statuses. Documents are read as the runtime reads
// them, through package model (parser.ts parse, extractor.ts extract);
// files are read and written through internal/safeio (regular files
// only, bounded reads, atomic writes confined to the directory named).
//
// Where it parts from the reference (a crash, an unbounded read, a write
// outside the tree) the function says so.
package refcli

import (
	"errors"
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf16"

	"github.com/sfmd-dev/sfmd/internal/safeio"
)

// Out is where a command writes: the reference's console.log goes to
// Stdout, console.warn and console.error to Stderr.
type Out struct {
	Stdout, Stderr io.Writer
}

func (o Out) log(format string, a ...any)  { fmt.Fprintf(o.Stdout, format+"\n", a...) }
func (o Out) warn(format string, a ...any) { fmt.Fprintf(o.Stderr, format+"\n", a...) }

// fail prints an error the reference has no text for (it would crash
// with a stack trace there) in the form of its own errors, "[err]  ...".
func (o Out) fail(err error) { o.warn("[err]  %v", err) }

// named names path in an error of safeio's that does not (a file left
// alone because it is read-only, has other names or changed).
func named(path string, err error) error {
	for _, e := range []error{safeio.ErrChanged, safeio.ErrReadOnly, safeio.ErrHardLinks, safeio.ErrOwner} {
		if errors.Is(err, e) {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return err
}

// readText reads the document at path, bounded (safeio.DefaultMaxSize).
func readText(path string) ([]byte, *safeio.Info, error) {
	return safeio.ReadFile(path, safeio.DefaultMaxSize)
}

// reIncludeRef is the reference's scan for the ids a skeleton includes
// (cli.ts checkOrphans, fixDir, cleanDir): anywhere in the text, not only
// on a line of its own, fences included.
var reIncludeRef = lazyre.New(`\[!include:([a-zA-Z0-9_-]+)\]`)

// sourceGroup is one X.md.source directory of a tree and what the
// reference does with it.
type sourceGroup struct {
	dir     string // the X.md.source directory, as the reference prints it
	parent  string // X.md beside it, as printed
	rel     string // X.md relative to the top of the walk
	missing bool   // X.md does not exist
	err     error  // X.md exists but cannot be read
	data    []byte // X.md as read
	info    *safeio.Info
	orphans []string // the X.md.source/*.md names X.md does not include
}

// sourceGroups walks top as cli.ts checkOrphans, fixDir and cleanDir do:
// every entry of a directory in readdir order (Node's readdir is libuv's
// scandir, which sorts the names with strcmp, src/unix/fs.c
// uv__fs_scandir_sort: byte-wise, as os.ReadDir does), recursing into the directories
// whose name does not end in .md.source (symbolic links are neither
// directories nor followed), and for each X.md.source directory the
// names ending in .md that X.md does not include.
func sourceGroups(top string) ([]sourceGroup, error) {
	var out []sourceGroup
	var walk func(dir, rel string) error
	walk = func(dir, rel string) error {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			full, frel := filepath.Join(dir, e.Name()), filepath.Join(rel, e.Name())
			if !strings.HasSuffix(e.Name(), ".md.source") {
				if err := walk(full, frel); err != nil {
					return err
				}
				continue
			}
			out = append(out, scanGroup(dir, rel, e.Name()))
		}
		return nil
	}
	return out, walk(top, ".")
}

// scanGroup reads the X.md.source directory name of dir.
func scanGroup(dir, rel, name string) sourceGroup {
	base := strings.TrimSuffix(name, ".source")
	g := sourceGroup{dir: filepath.Join(dir, name), parent: filepath.Join(dir, base), rel: filepath.Join(rel, base)}
	if _, err := os.Stat(g.parent); err != nil {
		g.missing = true
		return g
	}
	g.data, g.info, g.err = readText(g.parent)
	if g.err != nil {
		return g
	}
	refs := map[string]bool{}
	for _, m := range reIncludeRef.FindAllStringSubmatch(string(g.data), -1) {
		refs[m[1]] = true
	}
	children, err := os.ReadDir(g.dir)
	if err != nil {
		g.err = err
		return g
	}
	for _, c := range children {
		if id, ok := strings.CutSuffix(c.Name(), ".md"); ok && !refs[id] {
			g.orphans = append(g.orphans, c.Name())
		}
	}
	return g
}

// sortUTF16 sorts paths as JavaScript's Array.prototype.sort does
// without a comparator: by UTF-16 code units (cli.ts findMdFiles).
func sortUTF16(paths []string) {
	slices.SortStableFunc(paths, func(a, b string) int {
		return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
	})
}
