//go:build unix

package safeio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// The forms of the operations confined to an *os.Root (sfmd test's suite
// trees), with the regular-file and size checks of the path forms.

func mustRoot(t *testing.T, dir string) *os.Root {
	t.Helper()
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	return r
}

func TestReadRefusesWhatCouldHang(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big"), make([]byte, 11), 0o644); err != nil {
		t.Fatal(err)
	}
	root := mustRoot(t, dir)
	var nr *NotRegularError
	if _, _, err := Read(root, "fifo", "fifo", 10); !errors.As(err, &nr) || err.Error() != "fifo is a named pipe, not a regular file" {
		t.Errorf("fifo: %v", err)
	}
	if _, _, err := ReadFile(filepath.Join(dir, "fifo"), 10); !errors.As(err, &nr) {
		t.Errorf("fifo by path: %v", err)
	}
	if _, _, err := ReadFile("/dev/zero", 10); !errors.As(err, &nr) || nr.Error() != "/dev/zero is a character device, not a regular file" {
		t.Errorf("/dev/zero: %v", err)
	}
	// an absolute link leaves the root
	if _, _, err := Read(root, "zero", "zero", 10); !IsEscape(err) {
		t.Errorf("link to /dev/zero: %v", err)
	}
	var big *TooLargeError
	if _, _, err := Read(root, "big", "big", 10); !errors.As(err, &big) || err.Error() != "big is 11 bytes, larger than the 10 bytes limit" {
		t.Errorf("big: %v", err)
	}
	if data, _, err := Read(root, "big", "big", 11); err != nil || len(data) != 11 {
		t.Errorf("big within the limit: %v", err)
	}
	if _, _, err := Read(root, "../x", "../x", 10); !IsEscape(err) {
		t.Errorf("../x: %v", err)
	}
}

func TestWriteIsAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "suite.yaml")
	write(t, p, "old content\n", 0o640)
	root := mustRoot(t, dir)
	// a disk that fails at the last moment: the old file stays whole and
	// no temporary file is left
	syncFile = func(*os.File) error { return syscall.ENOSPC }
	err := Write(root, "suite.yaml", p, []byte("new"), 0o644)
	syncFile = (*os.File).Sync
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("err = %v", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "old content\n" {
		t.Errorf("after a failed write: %q", got)
	}
	if left := entries(t, dir); len(left) != 1 {
		t.Errorf("left behind: %v", left)
	}
	// a good write replaces the file and keeps its permissions
	if err := Write(root, "suite.yaml", p, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if got, _ := os.ReadFile(p); err != nil || string(got) != "new" || fi.Mode().Perm() != 0o640 {
		t.Errorf("after the write: %q %v", got, fi.Mode())
	}
	// new files get perm and their directories
	if err := Write(root, "a/b/c.txt", "a/b/c.txt", []byte("c"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a", "b", "c.txt")); string(got) != "c" {
		t.Errorf("new file: %q", got)
	}
	if err := WriteFile(filepath.Join(dir, "plain.txt"), []byte("p"), 0o644); err != nil {
		t.Fatal(err)
	}
	// a read-only file is left alone, as by Replace
	write(t, filepath.Join(dir, "ro.txt"), "ro", 0o444)
	if err := Write(root, "ro.txt", "ro.txt", []byte("x"), 0o644); !errors.Is(err, ErrReadOnly) {
		t.Errorf("read-only: %v", err)
	}
}

func TestWriteStaysInside(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	write(t, filepath.Join(outside, "victim.txt"), "keep me\n", 0o644)
	if err := os.Symlink(outside, filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "victim.txt"), filepath.Join(dir, "abs-link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../"+filepath.Base(outside)+"/victim.txt", filepath.Join(dir, "rel-link")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := mustRoot(t, dir)
	for _, name := range []string{"out/x.txt", "../x.txt", "abs-link", "rel-link"} {
		if err := Write(root, name, name, []byte("x"), 0o644); !IsEscape(err) {
			t.Errorf("Write %s: %v", name, err)
		}
		if err := Create(root, name, name, []byte("x"), 0o644); !IsEscape(err) && !errors.Is(err, fs.ErrExist) {
			t.Errorf("Create %s: %v", name, err)
		}
	}
	var nr *NotRegularError
	if err := Write(root, "fifo", "fifo", []byte("x"), 0o644); !errors.As(err, &nr) {
		t.Errorf("fifo: %v", err)
	}
	if got := entries(t, outside); !slices.Equal(got, []string{"victim.txt"}) {
		t.Errorf("wrote outside: %v", got)
	}
	if got, _ := os.ReadFile(filepath.Join(outside, "victim.txt")); string(got) != "keep me\n" {
		t.Errorf("victim.txt holds %q", got)
	}
}

// TestReplaceInRoot: a link inside the root is followed (the link stays,
// its target gets the text), and the file must be as it was read.
func TestReplaceInRoot(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "sub", "golden.txt"), "old\n", 0o640)
	if err := os.Symlink("sub/golden.txt", filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	root := mustRoot(t, dir)
	orig, info, err := Read(root, "link.txt", "link.txt", 100)
	if err != nil {
		t.Fatal(err)
	}
	if err := Replace(root, "link.txt", "link.txt", []byte("new\n"), info, orig); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "link.txt")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v", err)
	}
	fi, err := os.Stat(filepath.Join(dir, "sub", "golden.txt"))
	if got, _ := os.ReadFile(filepath.Join(dir, "sub", "golden.txt")); err != nil || string(got) != "new\n" || fi.Mode().Perm() != 0o640 {
		t.Errorf("target: %q %v", got, fi.Mode())
	}
	// read as "new\n", then changed: refused
	orig, info, err = Read(root, "link.txt", "link.txt", 100)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "sub", "golden.txt"), "edit\n", 0o640)
	if err := Replace(root, "link.txt", "link.txt", []byte("newer\n"), info, orig); !errors.Is(err, ErrChanged) {
		t.Errorf("changed file: %v", err)
	}
	if got := entries(t, filepath.Join(dir, "sub")); !slices.Equal(got, []string{"golden.txt"}) {
		t.Errorf("sub holds %q", got)
	}
}

// TestCreateNeverReplaces: Create makes a new file and its directories;
// a name that exists (a file, a dangling link) is never replaced.
func TestCreateNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "taken.txt"), "keep\n", 0o644)
	if err := os.Symlink("nowhere.txt", filepath.Join(dir, "dangling.txt")); err != nil {
		t.Fatal(err)
	}
	root := mustRoot(t, dir)
	for _, name := range []string{"taken.txt", "dangling.txt"} {
		if err := Create(root, name, name, []byte("x"), 0o644); !errors.Is(err, fs.ErrExist) {
			t.Errorf("Create %s: %v", name, err)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "taken.txt")); string(got) != "keep\n" {
		t.Errorf("taken.txt holds %q", got)
	}
	if _, err := os.Lstat(filepath.Join(dir, "nowhere.txt")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the dangling link was followed: %v", err)
	}
	if err := CreateFile(filepath.Join(dir, "a", "b", "new.txt"), []byte("new\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(dir, "a", "b", "new.txt"))
	if got, _ := os.ReadFile(filepath.Join(dir, "a", "b", "new.txt")); err != nil || string(got) != "new\n" || fi.Mode().Perm() != 0o644 {
		t.Errorf("new.txt: %q %v", got, fi.Mode())
	}
	// a name taken while the text is written: the other file stays
	defer func() { testHookBeforeRename = nil }()
	testHookBeforeRename = func() error {
		write(t, filepath.Join(dir, "race.txt"), "theirs\n", 0o644)
		return nil
	}
	if err := Create(root, "race.txt", "race.txt", []byte("ours\n"), 0o644); !errors.Is(err, fs.ErrExist) {
		t.Errorf("Create race.txt: %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "race.txt")); string(got) != "theirs\n" {
		t.Errorf("race.txt holds %q", got)
	}
	if got := entries(t, dir); !slices.Equal(got, []string{"a", "dangling.txt", "race.txt", "taken.txt"}) {
		t.Errorf("directory holds %q", got)
	}
}
