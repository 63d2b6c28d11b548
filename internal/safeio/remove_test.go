//go:build unix

package safeio

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Remove deletes a file or a link itself, inside its root, and refuses
// a directory and a name that leads out (sfmd clean).
func TestRemove(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	for _, d := range []string{in, filepath.Join(in, "sub.md")} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(dir, "outside.md"), filepath.Join(in, "file.md")} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../outside.md", filepath.Join(in, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("..", filepath.Join(in, "up")); err != nil {
		t.Fatal(err)
	}
	root := mustRoot(t, in)
	if err := Remove(root, "file.md", "file.md"); err != nil {
		t.Errorf("file: %v", err)
	}
	if err := Remove(root, "link.md", "link.md"); err != nil {
		t.Errorf("link: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(in, "link.md")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the link is still there: %v", err)
	}
	var nr *NotRegularError
	if err := Remove(root, "sub.md", "sub.md"); !errors.As(err, &nr) || err.Error() != "sub.md is a directory, not a regular file" {
		t.Errorf("directory: %v", err)
	}
	for _, name := range []string{"../outside.md", "up/outside.md"} {
		if err := Remove(root, name, name); !IsEscape(err) {
			t.Errorf("%s: %v, want an escape", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "outside.md")); err != nil {
		t.Errorf("the file outside was touched: %v", err)
	}
}
