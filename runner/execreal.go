package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sfmd-dev/sfmd/internal/confine"
	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/model"
)

// Isolation modes of --exec=real.
const (
	// IsolationAuto uses a mount namespace when the platform allows it,
	// else none.
	IsolationAuto = "auto"
	// IsolationNamespace runs each command in a user, mount, PID and IPC
	// namespace whose root is the sandbox (pivot_root, the host's root
	// detached), with no capabilities (internal/confine.Namespace): the
	// command sees the same virtual paths as the runtime (cwd
	// /home/agent/docs, HOME /home/agent, /w/x.txt), the host's system
	// directories read-only, a private /dev and /proc; when the command
	// ends, every process it started ends too.
	IsolationNamespace = "namespace"
	// IsolationNone runs each command on the host, in the host directory
	// that holds the virtual cwd, with HOME the host directory of the
	// virtual home: the command sees host paths and the host's
	// filesystem. On Linux it runs under a subreaper that ends every
	// process it started (internal/confine.Shell).
	IsolationNone = "none"
)

// DefaultMaxOutput caps what one real command may print (stdout and
// stderr together).
const DefaultMaxOutput = 16 << 20

// realCommand is one command of --exec=real.
type realCommand struct {
	command   string
	fs        *model.FS // the sandbox
	dir       string    // virtual working directory
	home      string    // virtual HOME
	path      string    // PATH
	env       []string  // the suite's env
	timeout   time.Duration
	maxOutput int64
	namespace bool
}

// realOutcome is what happened besides the exit status.
type realOutcome struct {
	exceeded    bool // the output passed maxOutput; the command was stopped
	interrupted bool // ctx was cancelled; the command was stopped
}

// devices are the host's devices a namespaced command sees in its private
// /dev (those the host has).
var devices = []string{"null", "zero", "full", "random", "urandom", "tty"}

// systemDirs are the host directories a namespaced command sees
// (read-only), when the sandbox does not have them itself.
var systemDirs = []string{"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "opt"}

// mountPoints makes, in the sandbox, what the namespace needs: an empty
// directory for each system directory of the host (or the same symbolic
// link, for /bin -> usr/bin), /dev and /proc, and /tmp when the sandbox has
// none (tmp reports it). It returns the directories to bind and what it
// created, to remove afterwards.
func mountPoints(root string) (binds, created []string, tmp bool, err error) {
	add := func(name string, mk func(string) error) (bool, error) {
		p := filepath.Join(root, name)
		if _, err := os.Lstat(p); err == nil {
			return false, nil // the sandbox has its own
		}
		if err := mk(p); err != nil {
			return false, err
		}
		created = append(created, p)
		return true, nil
	}
	mkdir := func(p string) error { return os.Mkdir(p, 0o755) }
	for _, d := range systemDirs {
		fi, err := os.Lstat("/" + d)
		switch {
		case err != nil:
			continue
		case fi.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink("/" + d)
			if err != nil {
				continue
			}
			if _, err := add(d, func(p string) error { return os.Symlink(target, p) }); err != nil {
				return nil, created, false, err
			}
		case fi.IsDir():
			ok, err := add(d, mkdir)
			if err != nil {
				return nil, created, false, err
			}
			if ok {
				binds = append(binds, d)
			}
		}
	}
	for _, d := range []string{"dev", "proc"} {
		if ok, err := add(d, mkdir); err != nil || !ok {
			if err == nil {
				err = fmt.Errorf("the sandbox already has /%s, where the namespace mounts its own", d)
			}
			return nil, created, false, err
		}
	}
	tmp, err = add("tmp", mkdir)
	return binds, created, tmp, err
}

// removeMountPoints removes what mountPoints created (the mounts ended
// with the namespace).
func removeMountPoints(created []string) {
	for i := len(created) - 1; i >= 0; i-- {
		_ = os.Remove(created[i])
	}
}

var namespaceProbe struct {
	once sync.Once
	ok   bool
	why  string
}

// namespacesWork reports whether a command can run in the namespace (user,
// mount, PID and IPC namespaces, the mounts, pivot_root and dropping the
// capabilities: internal/confine), trying it once on an empty sandbox.
func namespacesWork() (bool, string) {
	namespaceProbe.once.Do(func() {
		namespaceProbe.ok, namespaceProbe.why = probeNamespaces()
	})
	return namespaceProbe.ok, namespaceProbe.why
}

func probeNamespaces() (bool, string) {
	dir, err := os.MkdirTemp("", "sfmd-probe-")
	if err != nil {
		return false, err.Error()
	}
	defer func() { _ = removeAll(dir) }()
	fsys := model.NewFS(dir, nil)
	defer func() { _ = fsys.Close() }()
	c := realCommand{command: "exit 7", fs: fsys, dir: "/", home: "/", path: "/usr/local/bin:/usr/bin:/bin", timeout: 10 * time.Second, maxOutput: 1 << 16, namespace: true}
	res, _, err := c.run(context.Background())
	if err != nil {
		return false, err.Error()
	}
	if res.Exit != 7 {
		return false, strings.TrimSpace(res.Combined)
	}
	return true, ""
}

// capture collects stdout and stderr in arrival order, up to a cap.
type capture struct {
	mu       sync.Mutex
	combined []byte
	stdout   []byte
	stderr   []byte
	max      int64
	exceeded atomic.Bool
	onExceed func()
}

func (c *capture) read(r io.Reader, own *[]byte, wg *sync.WaitGroup) {
	defer wg.Done()
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			c.mu.Lock()
			room := c.max - int64(len(c.combined))
			if int64(n) > room {
				n = int(max(room, 0))
				if !c.exceeded.Swap(true) {
					go c.onExceed()
				}
			}
			c.combined = append(c.combined, buf[:n]...)
			*own = append(*own, buf[:n]...)
			c.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// run runs the command in its process group (and namespace, or under its
// reaper), ends it and what it started (the whole group; the reaper kills
// every descendant) when the command ends (background children die with
// the step), on timeout, when the output passes the cap and when ctx is
// cancelled.
func (c *realCommand) run(ctx context.Context) (model.ExecResult, realOutcome, error) {
	var out realOutcome
	cmd, reaped, cleanup, err := c.build()
	if err != nil {
		return model.ExecResult{}, out, err
	}
	defer cleanup()
	outR, outW, err := os.Pipe()
	if err != nil {
		return model.ExecResult{}, out, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		_ = outR.Close()
		_ = outW.Close()
		return model.ExecResult{}, out, err
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	inOwnProcessGroup(cmd) // procgroup_*.go
	startErr := cmd.Start()
	_ = outW.Close()
	_ = errW.Close()
	if startErr != nil {
		_ = outR.Close()
		_ = errR.Close()
		return model.ExecResult{Combined: startErr.Error(), Exit: 1}, out, nil
	}
	var killed atomic.Bool
	kill := func() {
		killed.Store(true)
		if reaped {
			confine.Terminate(cmd.Process) // the reaper ends them all
		} else {
			killProcessGroup(cmd)
		}
	}
	var timedOut atomic.Bool
	timer := time.AfterFunc(c.timeout, func() { timedOut.Store(true); kill() })
	var interrupted atomic.Bool
	stop := context.AfterFunc(ctx, func() { interrupted.Store(true); kill() })
	capt := &capture{max: c.maxOutput, onExceed: kill}
	var wg sync.WaitGroup
	wg.Add(2)
	go capt.read(outR, &capt.stdout, &wg)
	go capt.read(errR, &capt.stderr, &wg)
	waitErr := cmd.Wait()
	timer.Stop()
	stop()
	// The step is over: whatever the command left running goes too.
	killProcessGroup(cmd)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		// a process that left the group still holds the pipes
		_ = outR.Close()
		_ = errR.Close()
		<-done
	}
	_ = outR.Close()
	_ = errR.Close()
	capt.mu.Lock()
	res := model.ExecResult{Stdout: string(capt.stdout), Stderr: string(capt.stderr), Combined: string(capt.combined)}
	capt.mu.Unlock()
	out.exceeded, out.interrupted = capt.exceeded.Load(), interrupted.Load()
	switch {
	case timedOut.Load():
		res.TimedOut, res.Exit = true, 1
	case waitErr == nil:
	default:
		var ee *exec.ExitError
		if errors.As(waitErr, &ee) && ee.ExitCode() >= 0 {
			res.Exit = ee.ExitCode()
		} else {
			res.Exit = 1 // killed by a signal
		}
	}
	return res, out, nil
}

// build makes the command: bash in the host directory of the virtual cwd
// under a reaper (reaped), or the sandbox of namespaces (internal/confine
// does both).
func (c *realCommand) build() (cmd *exec.Cmd, reaped bool, cleanup func(), err error) {
	if err := c.fs.Open(); err != nil {
		return nil, false, nil, err
	}
	if err := c.fs.MkdirAll(c.dir); err != nil {
		return nil, false, nil, err
	}
	if !c.namespace {
		env := append([]string{"PATH=" + c.path, "HOME=" + c.fs.HostPath(c.home)}, c.env...)
		cmd, reaped := confine.Shell(c.command, c.fs.HostPath(c.dir), env)
		return cmd, reaped, func() {}, nil
	}
	binds, created, tmp, err := mountPoints(c.fs.Dir())
	if err != nil {
		removeMountPoints(created)
		return nil, false, nil, fmt.Errorf("cannot prepare the sandbox for the namespace: %w", err)
	}
	cmd, err = confine.Namespace(confine.Spec{
		Root: c.fs.Dir(), Cwd: c.dir, Command: c.command,
		Env:   append([]string{"PATH=" + c.path, "HOME=" + c.home}, c.env...),
		Binds: binds, Tmp: tmp, Dev: devices,
	})
	if err != nil {
		removeMountPoints(created)
		return nil, false, nil, err
	}
	return cmd, false, func() { removeMountPoints(created) }, nil
}

// outputLimitMessage is the step failure for a command that printed too
// much.
func outputLimitMessage(limit int64) string {
	return fmt.Sprintf("the command printed more than the --max-output limit of %s (stdout and stderr together); it was stopped and its output cut there; raise --max-output if that much is expected", safeio.FormatSize(limit))
}
