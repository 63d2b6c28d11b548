//go:build !unix

package runner

import "os/exec"

// killGroupOnCancel kills cmd when its context ends. Without Unix process
// groups (Windows) only the process itself is killed; --exec=real needs
// /bin/bash anyway, which such systems rarely have.
func killGroupOnCancel(cmd *exec.Cmd) {
	cmd.Cancel = func() error {
		if cmd.Process != nil {
			return cmd.Process.Kill()
		}
		return nil
	}
}
