//go:build !linux

package safeio

import "os"

// temp is the temporary file of WriteFile: a named file in the target's
// directory, removed on every error.
type temp struct {
	f     *os.File
	named string
}

func newTemp(dir, base string) (*temp, error) { return newNamedTemp(dir, base) }

func (t *temp) replace(path string) error { return t.renameOver(path) }
