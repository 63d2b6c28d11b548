//go:build unix

package gitignore

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHostileIgnoreFiles: a named pipe or /dev/zero at .gitignore,
// .git/info/exclude or .git is not read (before issue 20 a pipe blocked
// Ignored for ever and /dev/zero was read until memory ran out); each
// answer comes within a deadline, and a regular .gitignore beside works.
func TestHostileIgnoreFiles(t *testing.T) {
	fifo := func(p string) error { return syscall.Mkfifo(p, 0o644) }
	zero := func(p string) error { return os.Symlink("/dev/zero", p) }
	for _, tc := range []struct {
		name string
		at   string
		make func(string) error
	}{
		{"pipe at .gitignore", "sub/.gitignore", fifo},
		{"pipe at info/exclude", ".git/info/exclude", fifo},
		{"pipe at .git", ".git", fifo},
		{"/dev/zero at .gitignore", "sub/.gitignore", zero},
		{"/dev/zero at .git", ".git", zero},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, d := range []string{".git/info", "sub"} {
				if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("*.log\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(dir, filepath.FromSlash(tc.at))
			_ = os.RemoveAll(p)
			if err := tc.make(p); err != nil {
				t.Fatal(err)
			}
			done := make(chan [2]bool, 1)
			go func() {
				s := New()
				done <- [2]bool{s.Ignored(filepath.Join(dir, "sub", "a.log"), false), s.Ignored(filepath.Join(dir, "sub", "a.md"), false)}
			}()
			select {
			case got := <-done:
				if got != [2]bool{true, false} {
					t.Errorf("sub/a.log ignored %v, sub/a.md %v; want true, false", got[0], got[1])
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Ignored does not return")
			}
		})
	}
}

// TestLargeIgnoreFileIsCut: an ignore file over the read limit gives the
// patterns of its whole lines up to the limit, not a cut one.
func TestLargeIgnoreFileIsCut(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	line := "pad-" + strings.Repeat("x", 59) + "\n" // 64 bytes
	head := "first.md\n" + strings.Repeat(line, (maxFile-100)/64)
	head += strings.Repeat("p", maxFile-9-len(head)-1) + "\n" // up to the limit but 9 bytes
	body := head + "abcdefghijklmnop.md\n" + "after.md\n"     // a line across the limit, one after
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	s := New()
	for name, want := range map[string]bool{"first.md": true, "abcdefghijklmnop.md": false, "abcdefgh": false, "after.md": false} {
		if got := s.Ignored(filepath.Join(dir, name), false); got != want {
			t.Errorf("%s ignored %v, want %v", name, got, want)
		}
	}
}
