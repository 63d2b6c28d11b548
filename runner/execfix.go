package runner

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/sfmd-dev/sfmd/internal/udiff"
	"github.com/sfmd-dev/sfmd/model"
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

	// With real: how the commands run, and what went wrong around them
	// (an output over the cap, an interrupt), reported as sandbox
	// failures.
	real      bool
	ctx       context.Context
	fs        *model.FS // the test's filesystem
	home      string    // the String home, a virtual path
	path      string    // PATH for real commands
	env       []string  // the suite's env, NAME=value
	timeout   time.Duration
	maxOutput int64
	namespace bool
	problems  []problem
}

var _ model.Executor = (*execStep)(nil)

// Exec implements model.Executor; dir is a virtual path.
func (e *execStep) Exec(command, dir string) (model.ExecResult, error) {
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
		return model.ExecResult{}, errors.New("sfmd test: no exec fixture matches this command")
	}
	e.mu.Unlock()
	if e.real {
		rc := realCommand{command: command, fs: e.fs, dir: dir, home: e.home, path: e.path, env: e.env,
			timeout: e.timeout, maxOutput: e.maxOutput, namespace: e.namespace}
		res, out, err := rc.run(e.ctx)
		e.mu.Lock()
		defer e.mu.Unlock()
		switch {
		case err != nil:
			e.problems = append(e.problems, problem{msg: fmt.Sprintf("cannot run the command: %v", err)})
			return model.ExecResult{}, err
		case out.interrupted:
			e.problems = append(e.problems, problem{msg: "interrupted: the command was stopped"})
		case out.exceeded:
			e.problems = append(e.problems, problem{msg: outputLimitMessage(e.maxOutput)})
		}
		return res, nil
	}
	return model.ExecResult{
		Stdout:   f.Stdout,
		Stderr:   f.Stderr,
		Combined: f.Stdout + f.Stderr,
		Exit:     f.Exit,
	}, nil
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
