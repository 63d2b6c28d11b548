package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// On a terminal sfmd clean lists the orphan sources and deletes them only
// when the answer is yes (testscripts/dropin_clean.txtar covers no
// terminal and --yes).
func TestCleanAsksOnATerminal(t *testing.T) {
	old := stdinTerminal
	stdinTerminal = func(io.Reader) bool { return true }
	t.Cleanup(func() { stdinTerminal = old })
	for _, tc := range []struct {
		answer  string
		status  int
		deleted bool
	}{
		{"n\n", ExitFindings, false},
		{"\n", ExitFindings, false},
		{"yes\n", ExitOK, true},
		{"y\n", ExitOK, true},
	} {
		dir := t.TempDir()
		src := filepath.Join(dir, "doc.md.source")
		if err := os.MkdirAll(src, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "doc.md"), []byte("# Doc\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		orphan := filepath.Join(src, "old.md")
		if err := os.WriteFile(orphan, []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		status := Main([]string{"clean", dir}, Stdio{Stdin: strings.NewReader(tc.answer), Stdout: &out, Stderr: &errb})
		_, err := os.Stat(orphan)
		if status != tc.status || (err != nil) != tc.deleted {
			t.Errorf("answer %q: status %d, stat %v; want %d, deleted %v", tc.answer, status, err, tc.status, tc.deleted)
		}
		if !strings.Contains(errb.String(), "  "+orphan+"\nDelete 1 file? [y/N] ") {
			t.Errorf("answer %q: stderr %q lacks the list and the question", tc.answer, errb.String())
		}
		if tc.deleted && out.String() != "[del]  "+orphan+"\n" {
			t.Errorf("answer %q: stdout %q", tc.answer, out.String())
		}
	}
}
