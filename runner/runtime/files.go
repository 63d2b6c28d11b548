package runtime

import (
	"errors"
	"strconv"
	"syscall"
)

func quote(s string) string { return strconv.Quote(s) }

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
