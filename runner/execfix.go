package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sfmd-dev/sfmd/internal/udiff"
	"github.com/sfmd-dev/sfmd/runner/runtime"
)

// execStep answers a step's CLI commands: from its exec fixtures (in
// order, command line compared exactly), or, with real set, by running
// /bin/bash -c in the sandbox; the fixtures then only check the command
// line.
type execStep struct {
	mu       sync.Mutex
	fixtures []*execFixture
	next     int
	failures []problem

	real    bool
	sandbox string
	env     []string
	timeout time.Duration
}

var _ runtime.Executor = (*execStep)(nil)

// Exec implements runtime.Executor.
func (e *execStep) Exec(command, dir string) (runtime.ExecResult, error) {
	if !insideDir(e.sandbox, dir) {
		e.fail(problem{msg: fmt.Sprintf("command would run in %q, outside the sandbox; the runtime must run CLI actions in the document's directory", dir)})
		return runtime.ExecResult{}, errors.New("sfmd test: working directory outside the sandbox")
	}
	e.mu.Lock()
	var f *execFixture
	switch {
	case e.next < len(e.fixtures) && e.fixtures[e.next].Command == command:
		f = e.fixtures[e.next]
		e.next++
	case e.real && len(e.fixtures) == 0:
		// --exec=real without expectations: any command may run.
	default:
		e.failures = append(e.failures, e.describeMiss(command))
		e.mu.Unlock()
		return runtime.ExecResult{}, errors.New("sfmd test: no exec fixture matches this command")
	}
	e.mu.Unlock()
	if e.real {
		return runReal(command, dir, e.env, e.timeout), nil
	}
	return runtime.ExecResult{
		Stdout:   f.Stdout,
		Stderr:   f.Stderr,
		Combined: f.Stdout + f.Stderr,
		Exit:     f.Exit,
	}, nil
}

func (e *execStep) fail(p problem) {
	e.mu.Lock()
	e.failures = append(e.failures, p)
	e.mu.Unlock()
}

func (e *execStep) unused() []*execFixture {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.fixtures[e.next:]
}

func (e *execStep) describeMiss(command string) problem {
	if len(e.fixtures) == 0 {
		return problem{msg: fmt.Sprintf("unexpected command %q (the step has no exec fixtures; add one under \"exec:\")", command)}
	}
	if e.next >= len(e.fixtures) {
		return problem{msg: fmt.Sprintf("unexpected command %q (all %d exec fixtures were already used)", command, len(e.fixtures))}
	}
	f := e.fixtures[e.next]
	return problem{
		msg:  fmt.Sprintf("command does not match exec entry %d (line %d)", e.next+1, f.Node.Line),
		diff: udiff.Unified(f.Command+"\n", command+"\n", "fixture", "ran"),
	}
}

// lockedWriter lets stdout and stderr share one buffer in arrival order.
type lockedWriter struct {
	mu  *sync.Mutex
	all *bytes.Buffer
	own bytes.Buffer
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.all.Write(p)
	return w.own.Write(p)
}

// runReal runs command with /bin/bash -c in dir, with only env, killing
// the whole process group on timeout.
func runReal(command, dir string, env []string, timeout time.Duration) runtime.ExecResult {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/bash", "-c", command)
	cmd.Dir = dir
	cmd.Env = env
	killGroupOnCancel(cmd) // procgroup_*.go
	cmd.WaitDelay = 2 * time.Second
	var mu sync.Mutex
	var all bytes.Buffer
	out := &lockedWriter{mu: &mu, all: &all}
	errw := &lockedWriter{mu: &mu, all: &all}
	cmd.Stdout, cmd.Stderr = out, errw
	err := cmd.Run()
	res := runtime.ExecResult{}
	mu.Lock()
	res.Stdout, res.Stderr, res.Combined = out.own.String(), errw.own.String(), all.String()
	mu.Unlock()
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		res.TimedOut, res.Exit = true, 1
	case err == nil:
		res.Exit = 0
	default:
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() >= 0 {
			res.Exit = ee.ExitCode()
		} else {
			res.Exit = 1
			if res.Combined == "" {
				res.Combined = err.Error()
			}
		}
	}
	return res
}

// insideDir reports whether p is root or below it.
func insideDir(root, p string) bool {
	if root == "" {
		return false
	}
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel))
}
