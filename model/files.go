package model

import (
	"errors"
	"syscall"

	"github.com/sfmd-dev/sfmd/internal/safeio"
)

// refusal is the message the harness fails the step with when err is the
// FS refusing a path (a link out of the sandbox, a file that is not
// regular), or "".
func refusal(what string, err error) string {
	var esc *safeio.EscapeError
	var nr *safeio.NotRegularError
	var big *safeio.TooLargeError
	switch {
	case errors.As(err, &esc):
		return what + ": " + esc.Path + " leads outside the test's sandbox through a symbolic link; sfmd test never reads or writes outside the sandbox"
	case errors.As(err, &nr):
		return what + ": " + nr.Error() + "; sfmd test reads and writes only regular files, which cannot block"
	case errors.As(err, &big):
		return what + ": " + big.Error() + " of sfmd test"
	}
	return ""
}

// nodeErrorMessage formats err the way Node formats a failed fs call.
func nodeErrorMessage(err error, syscallName, p string) string {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err.Error()
	}
	codes := map[syscall.Errno][2]string{
		syscall.ENOENT:       {"ENOENT", "no such file or directory"},
		syscall.EACCES:       {"EACCES", "permission denied"},
		syscall.EPERM:        {"EPERM", "operation not permitted"},
		syscall.EISDIR:       {"EISDIR", "illegal operation on a directory"},
		syscall.ENOTDIR:      {"ENOTDIR", "not a directory"},
		syscall.EEXIST:       {"EEXIST", "file already exists"},
		syscall.ELOOP:        {"ELOOP", "too many symbolic links encountered"},
		syscall.ENAMETOOLONG: {"ENAMETOOLONG", "name too long"},
		syscall.EROFS:        {"EROFS", "read-only file system"},
		syscall.ENOSPC:       {"ENOSPC", "no space left on device"},
	}
	c, ok := codes[errno]
	if !ok {
		return errno.Error()
	}
	return c[0] + ": " + c[1] + ", " + syscallName + " '" + p + "'"
}
