// Package confine runs the commands of sfmd test --exec=real: in a
// sandbox of namespaces (Namespace) or on the host under a reaper that
// ends whatever the command left running (Shell). Both re-execute the
// running binary (/proc/self/exe) under a name of their own; this
// package's init function recognises that name and does the work before
// main runs, so any binary that links the package can run them.
package confine

import (
	"os"
	"syscall"
)

// Spec is one command to run in a sandbox of namespaces.
type Spec struct {
	Root    string   // host directory that becomes "/"
	Cwd     string   // working directory, a path under Root as the command sees it
	Command string   // run with /bin/bash -c
	Env     []string // the command's whole environment
	Binds   []string // host directories (no leading "/") bound read-only on the same paths under Root
	Tmp     bool     // mount a private tmpfs on Root/tmp
	Dev     []string // devices of the host's /dev bound in a private /dev (those the host has)
}

// Terminate asks a reaper (Shell's command when reaped) to end its
// command and everything it started, then to exit.
func Terminate(p *os.Process) {
	if p != nil {
		_ = p.Signal(syscall.SIGTERM)
	}
}
