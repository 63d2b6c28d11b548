package runner

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCorpusOK runs every suite under corpus/ok: our own realistic
// documents must replay green.
func TestCorpusOK(t *testing.T) {
	refs, err := Discover("", []string{filepath.Join("..", "corpus", "ok")})
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) < 3 {
		t.Fatalf("found %d suites under corpus/ok, want at least 3", len(refs))
	}
	rep := Run(refs, Options{Jobs: runtime.GOMAXPROCS(0)})
	var b strings.Builder
	WriteErrors(&b, rep)
	WriteHuman(&b, rep)
	if rep.HasSuiteErrors() || rep.Failed > 0 || rep.Passed == 0 {
		t.Fatalf("corpus/ok is not green:\n%s", b.String())
	}
	t.Logf("%s", strings.TrimSpace(b.String()))
}

// TestCorpusOKSandboxRemoved checks that no sandbox is left behind.
func TestCorpusOKSandboxRemoved(t *testing.T) {
	tmp := t.TempDir()
	refs, err := Discover("", []string{filepath.Join("..", "corpus", "ok")})
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{Jobs: 2, TempDir: tmp})
	if rep.Failed > 0 || rep.HasSuiteErrors() {
		t.Fatal("corpus/ok failed")
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Errorf("%d sandboxes left in %s", len(left), tmp)
	}
}
