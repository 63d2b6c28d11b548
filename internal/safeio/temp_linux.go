package safeio

import (
	"errors"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// temp is the temporary file of WriteFile. On Linux it is created
// unnamed (O_TMPFILE): a crash or a kill while it is written leaves
// nothing; it gets a name (linkat) only just before the rename. Where
// the file system has no O_TMPFILE, a named one is used.
type temp struct {
	f     *os.File
	named string // the name of a named temporary file
}

func newTemp(dir, base string) (*temp, error) {
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return newNamedTemp(dir, base)
	}
	return &temp{f: os.NewFile(uintptr(fd), dir+"/(unnamed)")}, nil
}

func (t *temp) replace(path string) error {
	if t.named != "" {
		return t.renameOver(path)
	}
	// name it next to path, then rename that name over path
	for i := 0; ; i++ {
		name := tempName(path, i)
		err := unix.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(int(t.f.Fd())), unix.AT_FDCWD, name, unix.AT_SYMLINK_FOLLOW)
		if errors.Is(err, unix.EEXIST) && i < 100 {
			continue
		}
		if err != nil {
			return err
		}
		t.named = name
		break
	}
	return t.renameOver(path)
}
