package safeio

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// newNamedTemp creates ".BASE.sfmd-*" in dir.
func newNamedTemp(dir, base string) (*temp, error) {
	f, err := os.CreateTemp(dir, "."+base+".sfmd-*")
	if err != nil {
		return nil, err
	}
	return &temp{f: f, named: f.Name()}, nil
}

// tempName is a name for the temporary file next to path.
func tempName(path string, i int) string {
	return filepath.Join(filepath.Dir(path), fmt.Sprintf(".%s.sfmd-%d-%d", filepath.Base(path), rand.Uint32(), i))
}

// renameOver closes the named temporary file and renames it over path.
func (t *temp) renameOver(path string) error {
	if err := t.f.Close(); err != nil {
		return err
	}
	return os.Rename(t.named, path) //nolint:gosec // G703: our temporary file, over the file the user named
}

// discard closes the temporary file and removes its name, if any.
func (t *temp) discard() {
	_ = t.f.Close()
	if t.named != "" {
		_ = os.Remove(t.named) //nolint:gosec // G703: our own temporary file
	}
}
