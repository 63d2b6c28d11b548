package safeio

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// temp is the temporary file of a write, in the target's directory dir
// (a name in root). On Linux it is created unnamed (O_TMPFILE): a crash
// or a kill while it is written leaves nothing; it gets a name only just
// before the rename (or, for Create, the target's name at once). Where
// the file system has no O_TMPFILE, and elsewhere, it is a named file
// ".BASE.sfmd-*", removed on every error.
type temp struct {
	f     *os.File
	root  *os.Root
	dir   string
	d     *os.File // dir, open
	named string   // the name in root of a named temporary file
}

// tempName is a name for a temporary file next to base.
func tempName(base string, i int) string {
	return fmt.Sprintf(".%s.sfmd-%d-%d", base, rand.Uint32(), i)
}

// newNamedTemp creates a named temporary file next to base in dir.
func newNamedTemp(root *os.Root, d *os.File, dir, base string) (*temp, error) {
	for i := 0; ; i++ {
		name := filepath.Join(dir, tempName(base, i))
		f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			return &temp{f: f, root: root, dir: dir, d: d, named: name}, nil
		}
		if !errors.Is(err, fs.ErrExist) || i >= 100 {
			return nil, err
		}
	}
}

// rename puts the temporary file in place of base, replacing it.
func (t *temp) rename(base string) error {
	if err := t.name(base); err != nil {
		return err
	}
	if err := t.f.Close(); err != nil {
		return err
	}
	if err := t.root.Rename(t.named, filepath.Join(t.dir, base)); err != nil {
		return err
	}
	t.named = ""
	return nil
}

// linkNamed gives the named temporary file the name base, which must not
// exist, and removes its own name.
func (t *temp) linkNamed(base string) error {
	if err := t.f.Close(); err != nil {
		return err
	}
	if err := t.root.Link(t.named, filepath.Join(t.dir, base)); err != nil {
		return err
	}
	_ = t.root.Remove(t.named)
	t.named = ""
	return nil
}

// discard closes the temporary file and removes its name, if any.
func (t *temp) discard() {
	_ = t.f.Close()
	if t.named != "" {
		_ = t.root.Remove(t.named)
	}
}
