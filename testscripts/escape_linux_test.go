package testscripts

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/sfmd-dev/sfmd/runner"
	"golang.org/x/sys/unix"
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
	sfmd := sfmdCopy(t, dir)
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

// sfmdCopy copies this test binary into dir as sfmd, which TestMain runs
// as sfmd, and returns its path.
func sfmdCopy(t *testing.T, dir string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	sfmd := filepath.Join(dir, "sfmd")
	if err := os.WriteFile(sfmd, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	return sfmd
}

// TestExecNamespaceNoTerminal runs sfmd test --exec=real in a namespace
// from a terminal (a pseudo-terminal it controls): the command, in a
// session of its own, cannot open /dev/tty, so it cannot push input into
// the terminal (TIOCSTI) for the shell that started sfmd to run outside
// the sandbox. Before, /dev/tty was the invoking terminal.
func TestExecNamespaceNoTerminal(t *testing.T) {
	if mode, _, err := runner.CheckIsolation(runner.IsolationNamespace); err != nil || mode != runner.IsolationNamespace {
		t.Skip("no user namespaces here")
	}
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	defer func() { _ = ptmx.Close() }()
	if err := unix.IoctlSetPointerInt(int(ptmx.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(ptmx.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	pts, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = pts.Close() }()
	dir := t.TempDir()
	files := map[string]string{
		"tty.md":        "---\nname: tty\n---\n```act.tty\nCLI { exec 3<>/dev/tty && echo terminal; } 2>/dev/null || echo none\n```\n",
		"tty.test.yaml": "version: 1\ntests:\n  - name: no terminal\n    run: /act.tty\n    expect: {output: none}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(sfmdCopy(t, dir), "test", "--exec=real", "--isolation=namespace", ".")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + dir, "TMPDIR=" + dir, "CI="}
	cmd.Stdin = pts
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "1 passed, 0 failed") {
		t.Errorf("from a terminal: %v\n%s", err, out)
	}
}
