package testscripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestExecEscapeAsNobody runs test_exec_escape.txtar's hostile suite (the
// double-chroot escape, the remount of /usr, both also from a nested user
// namespace) as user nobody when the tests run as root: the script itself
// covers the user running the tests, this the unprivileged one. Before
// issue 20 the escape wrote the marker with nobody's rights.
func TestExecEscapeAsNobody(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: test_exec_escape.txtar runs as this (unprivileged) user")
	}
	if _, err := exec.LookPath("perl"); err != nil {
		t.Skip("the escape is written in perl")
	}
	ar, err := txtar.ParseFile("test_exec_escape.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "sfmd-escape-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	for _, f := range ar.Files {
		p := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	sfmd := filepath.Join(dir, "sfmd") // TestMain runs this test binary as sfmd
	if err := os.WriteFile(sfmd, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dir, filepath.Join(dir, "escape")} {
		if err := os.Chmod(p, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	run := func(name string, args ...string) (string, error) {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + dir, "TMPDIR=" + dir, "CI="}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run("/bin/sh", "mk.sh"); err != nil {
		t.Skipf("cannot run as user nobody: %v\n%s", err, out)
	}
	out, err := run(sfmd, "test", "--exec=real", "--isolation=namespace", "escape")
	if strings.Contains(out, "mount namespaces are not available") { // runner.ErrNoNamespace
		t.Skipf("no user namespaces for user nobody here:\n%s", out)
	}
	if err != nil || !strings.Contains(out, "1 passed, 0 failed") {
		t.Errorf("as user nobody: %v\n%s", err, out)
	}
	if _, err := os.Lstat(filepath.Join(dir, "escaped.txt")); err == nil {
		t.Errorf("as user nobody, the command wrote escaped.txt outside its sandbox")
	}
}
