package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestViewRelativeToDir: sfmd view reads a relative path from the
// caller's directory (Stdio.Dir), as lint and parse do, not from the
// process's.
func TestViewRelativeToDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "page.md"), []byte("# Page\n\nHello.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, out, errOut := runCLI(t, dir, nil, false, "view", "page.md")
	if st != ExitOK || !strings.Contains(out, "Hello.") {
		t.Fatalf("sfmd view page.md in %s: %d\n%s%s", dir, st, out, errOut)
	}
}
