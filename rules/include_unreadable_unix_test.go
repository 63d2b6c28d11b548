//go:build unix

package rules

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sfmd-dev/sfmd/internal/safeio"
)

// TestIncludeTargetUnreadable: an include of a named pipe, a device, a
// file over the size limit or a file sfmd may not read gets a finding at
// its path, within a deadline (before issue 20 it got none: the pipe and
// the device were refused by the reader, silently, and the large file
// was cut without a word).
func TestIncludeTargetUnreadable(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"doc.md":    "[!include:pipe](pipe.md)\n[!include:zero](zero.md)\n[!include:big](big.md)\n[!include:secret](secret.md)\n[!include:ok](ok.md)\n",
		"ok.md":     "Fine\n",
		"secret.md": "Secret\n",
	})
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(filepath.Join(dir, "big.md"), safeio.DefaultMaxSize+1); err != nil { // sparse
		t.Fatal(err)
	}
	want := []string{
		`1:17: included path "pipe.md" is a named pipe, not a regular file: the compiler's read of it blocks until another program writes to the pipe`,
		`2:17: included path "zero.md" is a character device, not a regular file: the compiler reads whatever the device yields`,
		`3:16: included path "big.md" is 10 MiB, larger than the 10 MiB limit for included documents, so sfmd did not check it`,
	}
	if os.Geteuid() != 0 { // root reads any file
		if err := os.Chmod(filepath.Join(dir, "secret.md"), 0); err != nil {
			t.Fatal(err)
		}
		want = append(want, `4:19: included path "secret.md" cannot be read (permission denied)`)
	}
	done := make(chan string, 1)
	go func() {
		done <- messages(runInDir(t, dir, "doc.md", IncludeTargetUnreadable, nil))
	}()
	var got string
	select {
	case got = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("linting includes of a pipe and a device does not return")
	}
	for _, w := range want {
		if !strings.Contains(got, "doc.md:"+strings.Replace(w, ": ", ": error: ", 1)) {
			t.Errorf("want a finding %s…\ngot:\n%s", w, got)
		}
	}
	if n := strings.Count(got, "included path"); n != len(want) {
		t.Errorf("%d findings, want %d:\n%s", n, len(want), got)
	}
}
