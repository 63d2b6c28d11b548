//go:build linux

package confine

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sfmd-dev/sfmd/internal/safeio"
)

// self is the running binary, which Namespace and Shell re-execute under
// the names below (its argv[0]).
const (
	self       = "/proc/self/exe"
	nsInitName = "sfmd-sandbox-init"
	reaperName = "sfmd-step-reaper"
)

func init() {
	if len(os.Args) != 2 {
		return
	}
	switch os.Args[0] {
	case nsInitName:
		err := nsInit(os.Args[1]) // returns only on failure
		fmt.Fprintf(os.Stderr, "sfmd: cannot set up the sandbox: %v\n", err)
		os.Exit(126)
	case reaperName:
		os.Exit(reap(os.Args[1]))
	}
}

// Namespace returns the command that runs s.Command in new user, mount,
// PID and IPC namespaces (the invoking user mapped to root), where the binary,
// re-executed as the namespace's first process, makes s.Root the root
// (bind mounts, then pivot_root; the host's root is detached), drops every
// capability (empty bounding, permitted, effective, inheritable and
// ambient sets, no_new_privs) and executes /bin/bash -c s.Command as PID
// 1: when it ends, the kernel ends every other process of the namespace.
// It runs in a session of its own, without a controlling terminal, and is
// killed when the process that started it ends.
func Namespace(s Spec) (*exec.Cmd, error) {
	var devs []string
	for _, n := range s.Dev {
		if _, err := os.Stat("/dev/" + n); err == nil {
			devs = append(devs, n)
		}
	}
	s.Dev = devs
	arg, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	cmd := &exec.Cmd{Path: self, Args: []string{nsInitName, string(arg)}, Dir: s.Root, Env: s.Env}
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID | syscall.CLONE_NEWIPC,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
		// a session of its own (and process group): no controlling
		// terminal, so /dev/tty does not reach the invoking one
		Setsid: true,
		// sfmd killed: PID 1, and so the namespace, ends too (kept
		// through the exec of bash: no set-user-ID, capabilities only
		// lost). (Go's check that the parent still lives reads getppid,
		// 0 in the new PID namespace, and sends this signal to the child
		// itself, which as the namespace's init ignores it.)
		Pdeathsig: syscall.SIGKILL,
	}
	return cmd, nil
}

// nsInit is the namespace's first process: it builds the root, enters it,
// gives up every capability and executes the command.
func nsInit(arg string) error {
	var s Spec
	if err := json.Unmarshal([]byte(arg), &s); err != nil {
		return err
	}
	// nothing mounted here reaches the host's mount namespace
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making the mounts private: %w", err)
	}
	root := s.Root
	if err := unix.Mount(root, root, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return fmt.Errorf("binding the sandbox: %w", err)
	}
	if s.Tmp {
		if err := unix.Mount("sfmd-tmp", filepath.Join(root, "tmp"), "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "mode=1777"); err != nil {
			return fmt.Errorf("mounting /tmp: %w", err)
		}
	}
	for _, d := range s.Binds {
		if err := bindReadOnly("/"+d, filepath.Join(root, d)); err != nil {
			return fmt.Errorf("binding /%s: %w", d, err)
		}
	}
	if err := makeDev(filepath.Join(root, "dev"), s.Dev); err != nil {
		return fmt.Errorf("making /dev: %w", err)
	}
	if err := unix.Mount("proc", filepath.Join(root, "proc"), "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mounting /proc: %w", err)
	}
	if err := enterRoot(root); err != nil {
		return err
	}
	if err := unix.Chdir(s.Cwd); err != nil {
		return fmt.Errorf("entering the working directory %s: %w", s.Cwd, err)
	}
	if err := dropCapabilities(); err != nil {
		return err
	}
	err := unix.Exec("/bin/bash", []string{"/bin/bash", "-c", s.Command}, os.Environ())
	return fmt.Errorf("running /bin/bash: %w", err)
}

// bindReadOnly binds the host directory src (and what is mounted under
// it) on dst, read-only and without set-user-ID.
func bindReadOnly(src, dst string) error {
	if err := unix.Mount(src, dst, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return err
	}
	attr := unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY | unix.MOUNT_ATTR_NOSUID}
	err := unix.MountSetattr(unix.AT_FDCWD, dst, unix.AT_RECURSIVE, &attr)
	if !errors.Is(err, unix.ENOSYS) {
		return err
	}
	// before Linux 5.12: the top mount only, keeping the flags it has
	// (a user namespace may not clear them)
	var st unix.Statfs_t
	if err := unix.Statfs(dst, &st); err != nil {
		return err
	}
	keep := uintptr(st.Flags) & (unix.MS_NODEV | unix.MS_NOEXEC | unix.MS_NOATIME | unix.MS_NODIRATIME | unix.MS_RELATIME)
	return unix.Mount("", dst, "", unix.MS_REMOUNT|unix.MS_BIND|unix.MS_RDONLY|unix.MS_NOSUID|keep, "")
}

// makeDev mounts a small tmpfs on dev with the given devices of the host
// bound in it and the usual links to /proc/self/fd.
func makeDev(dev string, names []string) error {
	if err := unix.Mount("sfmd-dev", dev, "tmpfs", unix.MS_NOSUID|unix.MS_NOEXEC, "mode=755,size=1m"); err != nil {
		return err
	}
	for _, n := range names {
		p := filepath.Join(dev, n)
		if err := os.WriteFile(p, nil, 0o666); err != nil {
			return err
		}
		if err := unix.Mount("/dev/"+n, p, "", unix.MS_BIND, ""); err != nil {
			return fmt.Errorf("binding /dev/%s: %w", n, err)
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, filepath.Join(dev, name)); err != nil {
			return err
		}
	}
	return nil
}

// enterRoot makes root the root of the mount namespace (pivot_root, the
// old root stacked on it and then detached, so no path leads back to the
// host's filesystem) and the working directory.
func enterRoot(root string) error {
	if err := unix.Chdir(root); err != nil {
		return err
	}
	if err := unix.PivotRoot(".", "."); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	if err := unix.Unmount(".", unix.MNT_DETACH); err != nil {
		return fmt.Errorf("detaching the host's root: %w", err)
	}
	return unix.Chdir("/")
}

// dropCapabilities leaves this thread, and the program it executes next,
// no capability: the bounding set is emptied (execve cannot give any
// back, even to root or to a set-user-ID or file-capability program), the
// ambient, inheritable, permitted and effective sets cleared, and
// no_new_privs set.
func dropCapabilities() error {
	runtime.LockOSThread() // capabilities are per thread; the exec follows on this one
	for c := 0; c < 64; c++ {
		err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0)
		if errors.Is(err, unix.EINVAL) && c > 0 {
			break // past the last capability of this kernel
		}
		if err != nil {
			return fmt.Errorf("dropping capability %d from the bounding set: %w", c, err)
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("clearing the ambient capabilities: %w", err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("setting no_new_privs: %w", err)
	}
	var none [2]unix.CapUserData
	if err := unix.Capset(&unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}, &none[0]); err != nil {
		return fmt.Errorf("clearing the capabilities: %w", err)
	}
	return nil
}

// Shell returns the command that runs script with /bin/bash -c in dir
// with env, under a reaper (reaped is true): the binary re-executed as a
// child subreaper (PR_SET_CHILD_SUBREAPER), so that every process the
// script starts stays its descendant, even one that starts a session of
// its own or whose parent ends. When bash ends, on Terminate, or when the
// process that started it ends (its parent-death signal), the reaper kills
// every descendant it has and exits with bash's status. Without
// /proc/self/exe it returns bash itself, reaped false.
func Shell(script, dir string, env []string) (cmd *exec.Cmd, reaped bool) {
	if _, err := os.Stat(self); err != nil {
		cmd = exec.Command("/bin/bash", "-c", script)
		cmd.Dir, cmd.Env = dir, env
		return cmd, false
	}
	cmd = &exec.Cmd{Path: self, Args: []string{reaperName, script}, Dir: dir, Env: env}
	// sfmd killed: the reaper ends the command and what it started
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	return cmd, true
}

// reap is the reaper of Shell: it runs the script and returns its exit
// status once no process it started is left.
func reap(script string) int {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		fmt.Fprintf(os.Stderr, "sfmd: cannot become the reaper of the command: %v\n", err)
		return 126
	}
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	cmd := exec.Command("/bin/bash", "-c", script) //nolint:gosec // G702: running the suite's command (a CLI action) is the reaper's job
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-term:
		_ = cmd.Process.Kill()
		err = <-done
	}
	sweep()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		return ee.ExitCode()
	}
	return 1 // killed by a signal
}

// sweep kills every descendant of this process (as a subreaper it
// inherits the orphans) and reaps them, until it has no child left.
func sweep() {
	for {
		for {
			pid, err := unix.Wait4(-1, nil, unix.WNOHANG, nil)
			if errors.Is(err, unix.ECHILD) {
				return // no child, so no descendant
			}
			if err != nil || pid == 0 {
				break // some still run
			}
		}
		for _, pid := range descendants(os.Getpid()) {
			_ = unix.Kill(pid, unix.SIGKILL)
		}
		time.Sleep(time.Millisecond)
	}
}

// descendants lists the processes below pid, from /proc.
func descendants(pid int) []int {
	entries, _ := os.ReadDir("/proc")
	children := map[int][]int{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, _, err := safeio.ReadHead("/proc/"+e.Name()+"/stat", 4096) // one line, well under 4 KiB
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...; comm may hold spaces and parentheses
		rest := string(stat[strings.LastIndexByte(string(stat), ')')+1:])
		f := strings.Fields(rest)
		if len(f) < 2 {
			continue
		}
		if ppid, err := strconv.Atoi(f[1]); err == nil {
			children[ppid] = append(children[ppid], p)
		}
	}
	var out []int
	for queue := append([]int(nil), children[pid]...); len(queue) > 0; queue = queue[1:] {
		out = append(out, queue[0])
		queue = append(queue, children[queue[0]]...)
	}
	return out
}
