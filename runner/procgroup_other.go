//go:build !unix

package runner

import "os/exec"

// inOwnProcessGroup does nothing without Unix process groups (Windows);
// --exec=real needs /bin/bash anyway, which such systems rarely have.
func inOwnProcessGroup(*exec.Cmd) {}

// killProcessGroup kills cmd's process only: without Unix process groups
// its children may outlive it.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
