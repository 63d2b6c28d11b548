//go:build unix

package lsp_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A body_file that is a symbolic link out of the suite's tree is not read,
// and one that is a FIFO does not block the server (the hover returns).
func TestHoverBodyFileLinkAndFIFO(t *testing.T) {
	files := map[string]string{
		"secret.json":        `{"secret": "leaked-through-link"}`,
		"app/bodies/ok.json": `{"secret": "inside"}`,
	}
	got := hoverSecret(t, files, func(dir string) {
		if err := os.Symlink(filepath.Join(dir, "secret.json"), filepath.Join(dir, "app", "link.json")); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(filepath.Join(dir, "app", "fifo.json"), 0o644); err != nil {
			t.Skipf("no FIFO here: %v", err)
		}
	}, "link.json", "fifo.json", "bodies/ok.json")
	if !strings.Contains(got, `"inside"`) {
		t.Errorf("the body_file inside the suite's tree is not shown:\n%s", got)
	}
	if strings.Contains(got, "leaked") {
		t.Errorf("a body_file linking out of the suite's tree was read:\n%s", got)
	}
}
