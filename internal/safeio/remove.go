package safeio

import (
	"os"
	"path/filepath"
)

// Remove removes the name name of root (display names it in errors): a
// regular file, or a symbolic link itself (never what it points to). A
// directory or any other kind of file is refused with a
// *NotRegularError, a name that leads out of root with an *EscapeError.
func Remove(root *os.Root, name, display string) error {
	name = filepath.Clean(name)
	if !filepath.IsLocal(name) {
		return &EscapeError{Path: display}
	}
	fi, err := root.Lstat(name)
	if err != nil {
		return escape(display, err)
	}
	if m := fi.Mode(); !m.IsRegular() && m&os.ModeSymlink == 0 {
		return &NotRegularError{Path: display, Mode: m}
	}
	return escape(display, root.Remove(name))
}
