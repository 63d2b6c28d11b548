package suitespec

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"go.yaml.in/yaml/v3"
)

// Every file a suite names (its document, files from:, body_file:,
// output_file:, the goldens of expect.files) lies in the suite's own
// directory tree: a path that leads out of it, through "..", an absolute
// path or a symbolic link, is a suite error, and so is a FIFO, socket or
// device, or a file over its size limit.

// TreeName turns a path written in the suite into a name inside the
// suite's directory, or reports why it cannot be one.
func (d *Decoder) TreeName(n *yaml.Node, p, what string) (string, bool) {
	rel := filepath.FromSlash(p)
	if filepath.IsAbs(rel) {
		r, err := filepath.Rel(d.dir, rel)
		if err != nil {
			r = ".."
		}
		rel = r
	}
	rel = filepath.Clean(rel)
	if p == "" || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		d.Errorf(n, "%s %q is outside the suite's directory; a suite may only name files in its own directory tree", what, p)
		return "", false
	}
	if rel == "." {
		d.Errorf(n, "%s %q names the suite's directory, not a file", what, p)
		return "", false
	}
	return rel, true
}

// TreeError words a failure to read or check name in the suite's tree.
func TreeError(what, p string, err error) string {
	var nr *safeio.NotRegularError
	var big *safeio.TooLargeError
	switch {
	case safeio.IsEscape(err):
		return fmt.Sprintf("%s %q leads outside the suite's directory through a symbolic link; a suite may only name files in its own directory tree", what, p)
	case errors.As(err, &nr):
		return fmt.Sprintf("%s %q is %s, not a regular file; point it at a file", what, p, safeio.Kind(nr.Mode))
	case errors.As(err, &big):
		return fmt.Sprintf("%s %q is larger than the limit of %s", what, p, safeio.FormatSize(big.Limit))
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("%s %q does not exist; check the path (relative to the suite)", what, p)
	}
	return fmt.Sprintf("%s %q cannot be read: %v", what, p, cause(err))
}

// readTree reads a fixture of the suite's tree; name is its name in the
// tree.
func (d *Decoder) readTree(n *yaml.Node, p, what string, limit int64) (name string, data []byte, ok bool) {
	name, ok = d.TreeName(n, p, what)
	if !ok {
		return "", nil, false
	}
	data, _, err := safeio.Read(d.tree, name, p, limit)
	if err != nil {
		d.Errorf(n, "%s", TreeError(what, p, err))
		return "", nil, false
	}
	return name, data, true
}

// checkTreeFile checks, before anything runs, a file the run will read:
// it must be a regular file of the suite's tree, of at most limit bytes.
// (The run reads it with the same limit: a file that grows meanwhile fails
// the test that copies it.)
func (d *Decoder) checkTreeFile(n *yaml.Node, p, what string, limit int64) (string, bool) {
	name, ok := d.TreeName(n, p, what)
	if !ok {
		return "", false
	}
	fi, err := d.tree.Stat(name)
	switch {
	case err != nil:
	case !fi.Mode().IsRegular():
		err = &safeio.NotRegularError{Path: p, Mode: fi.Mode()}
	case fi.Size() > limit:
		err = &safeio.TooLargeError{Path: p, Size: fi.Size(), Limit: limit}
	}
	if err != nil {
		d.Errorf(n, "%s", TreeError(what, p, err))
		return "", false
	}
	return name, true
}

// checkGolden checks a golden before anything runs: a regular file of the
// suite's tree, or a path --update may create there.
func (d *Decoder) checkGolden(n *yaml.Node, p, what string) (string, bool) {
	name, ok := d.TreeName(n, p, what)
	if !ok {
		return "", false
	}
	fi, err := d.tree.Stat(name)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		err = &safeio.NotRegularError{Path: p, Mode: fi.Mode()}
	case errors.Is(err, fs.ErrNotExist):
		// created by --update; its directory must not lead out either
		err = d.checkParents(name)
	}
	if err != nil {
		d.Errorf(n, "%s", TreeError(what, p, err))
		return "", false
	}
	return name, true
}

// checkParents reports an escape (or any error but "does not exist") on
// the way to name.
func (d *Decoder) checkParents(name string) error {
	for dir := filepath.Dir(name); dir != "."; dir = filepath.Dir(dir) {
		_, err := d.tree.Stat(dir)
		if err == nil {
			return nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// cause drops the path an *fs.PathError adds (the message names the file
// as the suite wrote it).
func cause(err error) error {
	if u := errors.Unwrap(err); u != nil {
		return u
	}
	return err
}
