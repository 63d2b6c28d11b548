package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

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
	if _, err := Read(root, "fifo", "fifo", 10); !errors.As(err, &nr) || err.Error() != "fifo is a FIFO, not a regular file" {
		t.Errorf("fifo: %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "fifo"), 10); !errors.As(err, &nr) {
		t.Errorf("fifo by path: %v", err)
	}
	if _, err := ReadFile("/dev/zero", 10); !errors.As(err, &nr) || nr.Error() != "/dev/zero is a character device, not a regular file" {
		t.Errorf("/dev/zero: %v", err)
	}
	// an absolute link leaves the root
	if _, err := Read(root, "zero", "zero", 10); !IsEscape(err) {
		t.Errorf("link to /dev/zero: %v", err)
	}
	var big *TooLargeError
	if _, err := Read(root, "big", "big", 10); !errors.As(err, &big) || err.Error() != "big is larger than the limit of 10 bytes" {
		t.Errorf("big: %v", err)
	}
	if data, err := Read(root, "big", "big", 11); err != nil || len(data) != 11 {
		t.Errorf("big within the limit: %v", err)
	}
	if _, err := Read(root, "../x", "../x", 10); !IsEscape(err) {
		t.Errorf("../x: %v", err)
	}
}

func TestWriteIsAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "suite.yaml")
	if err := os.WriteFile(p, []byte("old content\n"), 0o640); err != nil {
		t.Fatal(err)
	}
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
	if left, _ := os.ReadDir(dir); len(left) != 1 {
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
}

func TestWriteStaysInside(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := mustRoot(t, dir)
	for _, name := range []string{"out/x.txt", "../x.txt"} {
		if err := Write(root, name, name, []byte("x"), 0o644); !IsEscape(err) {
			t.Errorf("%s: %v", name, err)
		}
	}
	var nr *NotRegularError
	if err := Write(root, "fifo", "fifo", []byte("x"), 0o644); !errors.As(err, &nr) {
		t.Errorf("fifo: %v", err)
	}
	if left, _ := os.ReadDir(outside); len(left) != 0 {
		t.Errorf("wrote outside: %v", left)
	}
}
