//go:build !linux

package confine

import (
	"errors"
	"os/exec"
)

// Namespace needs Linux user, mount and PID namespaces.
func Namespace(Spec) (*exec.Cmd, error) {
	return nil, errors.New("namespaces need Linux")
}

// Shell runs script with /bin/bash -c in dir with env. Without a
// subreaper (this system), reaped is false: the caller ends the command
// through its process group, which a child that starts a session of its
// own leaves.
func Shell(script, dir string, env []string) (cmd *exec.Cmd, reaped bool) {
	cmd = exec.Command("/bin/bash", "-c", script)
	cmd.Dir, cmd.Env = dir, env
	return cmd, false
}
