package runner

import (
	"context"
	"errors"
	"fmt"
	"strings"
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

	// With record (--record --exec=real): every command runs and is kept
	// in recorded for the step's exec entries, unless one cannot be
	// replayed (refused; problems say why).
	record   bool
	recorded []execRecord
	refused  bool
	// failed: the real commands that exited non-zero or timed out, said
	// with their exit status and stderr (failureNote).
	failed []string
	// update (--update): a real command whose output differs from its
	// exec entry fails the step, as the output --update would write is
	// not the one the offline run gives.
	update bool
}

// execRecord is one command --record ran and what it did.
type execRecord struct {
	command, stdout, stderr string
	exit                    int
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
		// --exec=real without expectations (or recording): any command
		// may run.
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
		if e.record {
			e.keep(command, res, out)
		}
		e.noteFailure(command, res)
		if f != nil && e.update && (res.Stdout != f.Stdout || res.Stderr != f.Stderr || res.Exit != f.Exit) {
			e.problems = append(e.problems, problem{msg: fmt.Sprintf("with --update, the real command %q printed other than its exec entry at line %d (stdout, stderr or exit status): an output --update wrote from it would fail the offline run; re-record the test with --record --exec=real --run, or run --update without --exec=real", command, f.Node.Line)})
		}
		return res, nil
	}
	return model.Replayed(f.Stdout, f.Stderr, f.Exit), nil
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

// keep records a command of a recording step, or refuses the step when
// what it did cannot be replayed from an exec entry. Called with e.mu.
func (e *execStep) keep(command string, res model.ExecResult, out realOutcome) {
	why := ""
	switch {
	case out.interrupted || out.exceeded:
		why = "" // already reported
	case res.TimedOut:
		why = fmt.Sprintf("--record: the command %q did not finish within --timeout %s; nothing was recorded for this step", command, e.timeout)
	case res.Combined != res.Stdout+res.Stderr:
		why = fmt.Sprintf("--record: the command %q wrote to stdout and stderr interleaved, which an exec entry cannot replay (it gives stdout, then stderr); nothing was recorded for this step", command)
	default:
		e.recorded = append(e.recorded, execRecord{command: command, stdout: res.Stdout, stderr: res.Stderr, exit: res.Exit})
		return
	}
	e.refused = true
	if why != "" {
		e.problems = append(e.problems, problem{msg: why})
	}
}

// maxNoteStderr bounds the stderr a failure note shows.
const maxNoteStderr = 2000

// noteFailure keeps, for the step's failure messages, a real command that
// timed out or exited non-zero. Called with e.mu.
func (e *execStep) noteFailure(command string, res model.ExecResult) {
	var b strings.Builder
	switch {
	case res.TimedOut:
		fmt.Fprintf(&b, "the command %q did not finish within --timeout %s and was stopped", command, e.timeout)
	case res.Exit != 0:
		fmt.Fprintf(&b, "the command %q exited with status %d", command, res.Exit)
	default:
		return
	}
	if se := strings.TrimRight(res.Stderr, "\n"); se != "" {
		if len(se) > maxNoteStderr {
			se = se[:maxNoteStderr] + "…"
		}
		fmt.Fprintf(&b, "; its stderr:\n%s", indent(se))
	} else {
		b.WriteString(" (no stderr)")
	}
	e.failed = append(e.failed, b.String())
}

// failureNote says which real commands of the step failed ("" when none).
func (e *execStep) failureNote() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return strings.Join(e.failed, "\n")
}
