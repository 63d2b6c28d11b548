//go:build !linux

package safeio

import "os"

func newTemp(root *os.Root, d *os.File, dir, base string) (*temp, error) {
	return newNamedTemp(root, d, dir, base)
}

// name: the temporary file is named from the start.
func (t *temp) name(string) error { return nil }

// link gives the temporary file the name base, which must not exist.
func (t *temp) link(base string) error { return t.linkNamed(base) }
