//go:build unix

package runner

import (
	"os/exec"
	"syscall"
)

// inOwnProcessGroup makes cmd start in a process group of its own, so that
// killProcessGroup reaches every process it starts (a command that starts
// a session of its own has one already).
func inOwnProcessGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = !cmd.SysProcAttr.Setsid
}

// killProcessGroup kills the whole process group led by cmd's process
// (started with inOwnProcessGroup): no child outlives a timeout, the output
// cap, an interrupt or the end of the step.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
