package refcli

import (
	"errors"
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/model"
)

// reIncludeLine is compiler.ts INCLUDE_LINE_RE, matched against a trimmed
// line.
var reIncludeLine = lazyre.New(`^\[!include:([a-zA-Z0-9_-]+)\]\(([^)]*)\)$`)

// include is one include line of a skeleton and its block source file.
type include struct {
	line    int    // index in the skeleton's lines
	id      string // block id
	name    string // the source file, relative to the directory
	display string // the source file as the reference prints it
}

// Compile is cli.ts cmdCompile and compiler.ts compile: each line of
// DIR/BASE.md that is, trimmed, [!include:ID](PATH) becomes
// <!-- #ID -->, the trimmed content of the block source file (when not
// empty) and <!-- /ID -->; the file is BASE.md.source/ID.md for an empty
// PATH, else PATH from DIR. A missing source file is created empty
// ("[warn] Created empty block source: F" on stderr, "[new]  F" on
// stdout). The result replaces DIR/BASE.md ("[ok]   Compiled → DIR/BASE.md").
//
// As the reference (compiler.ts, 62c5378), a PATH that leads out of DIR
// is refused ("Include path escapes source directory"); sfmd also
// checks every include before it creates any file (the reference stops
// at the first bad one, after creating the files of the ones above it),
// reads and writes only inside DIR (symbolic links included, through an
// os.Root), and replaces BASE.md atomically, only when it has not changed
// since it was read.
func Compile(dir, base string, o Out) int {
	if dir == "" || base == "" {
		o.warn("Usage: sfmd compile <dir> <base-name>")
		return 1
	}
	if err := compile(dir, base, o); err != nil {
		o.warn("[err]  %v", err)
		return 1
	}
	return 0
}

func compile(dir, base string, o Out) error {
	skeleton := filepath.Join(dir, base+".md")
	if _, err := os.Stat(skeleton); err != nil {
		return fmt.Errorf("Missing skeleton file: %s", skeleton) //nolint:staticcheck // ST1005: the reference's text
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer func() { _ = root.Close() }()
	orig, info, err := safeio.Read(root, base+".md", skeleton, safeio.DefaultMaxSize)
	if err != nil {
		return err
	}
	lines := strings.Split(string(orig), "\n")
	incs, err := includes(dir, base, lines)
	if err != nil {
		return err
	}
	var created []string
	for _, inc := range incs {
		if _, err := root.Stat(inc.name); errors.Is(err, fs.ErrNotExist) {
			if err := safeio.Create(root, inc.name, inc.display, nil, 0o644); err != nil {
				return err
			}
			created = append(created, inc.display)
		}
	}
	out, err := inline(root, lines, incs)
	if err != nil {
		return err
	}
	for _, c := range created {
		o.warn("[warn] Created empty block source: %s", c)
	}
	for _, c := range created {
		o.log("[new]  %s", c)
	}
	if err := safeio.Replace(root, base+".md", skeleton, []byte(out), info, orig); err != nil {
		return named(skeleton, err)
	}
	o.log("[ok]   Compiled \u2192 %s", skeleton)
	return nil
}

// includes finds the include lines of the skeleton and their source
// files, refusing a path that leads out of dir as compiler.ts does: its
// path from dir starts with ".." or is absolute.
func includes(dir, base string, lines []string) ([]include, error) {
	var incs []include
	for i, l := range lines {
		m := reIncludeLine.FindStringSubmatch(model.TrimJS(l))
		if m == nil {
			continue
		}
		inc := include{line: i, id: m[1]}
		raw := model.TrimJS(m[2])
		if raw == "" {
			inc.name = filepath.Join(base+".md.source", m[1]+".md")
			inc.display = filepath.Join(dir, inc.name)
		} else {
			absDir, err := filepath.Abs(dir)
			if err != nil {
				return nil, err
			}
			inc.display = filepath.Join(absDir, raw) // path.resolve(dir, raw)
			if filepath.IsAbs(raw) {
				inc.display = filepath.Clean(raw)
			}
			rel, err := filepath.Rel(absDir, inc.display)
			if err != nil || strings.HasPrefix(rel, "..") || filepath.IsAbs(rel) {
				return nil, fmt.Errorf("Include path escapes source directory: \"%s\" \u2192 %s", raw, inc.display) //nolint:staticcheck // ST1005: the reference's text
			}
			inc.name = rel
		}
		incs = append(incs, inc)
	}
	return incs, nil
}

// inline returns the skeleton's lines with each include replaced by its
// block.
func inline(root *os.Root, lines []string, incs []include) (string, error) {
	out := make([]string, 0, len(lines)+2*len(incs))
	next := 0
	for i, l := range lines {
		if next >= len(incs) || incs[next].line != i {
			out = append(out, l)
			continue
		}
		inc := incs[next]
		next++
		data, _, err := safeio.Read(root, inc.name, inc.display, safeio.DefaultMaxSize)
		if err != nil {
			return "", err
		}
		out = append(out, "<!-- #"+inc.id+" -->")
		if c := model.TrimJS(string(data)); c != "" {
			out = append(out, c)
		}
		out = append(out, "<!-- /"+inc.id+" -->")
	}
	return strings.Join(out, "\n"), nil
}
