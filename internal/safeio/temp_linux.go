package safeio

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"
)

func newTemp(root *os.Root, d *os.File, dir, base string) (*temp, error) {
	fd, err := unix.Openat(int(d.Fd()), ".", unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return newNamedTemp(root, d, dir, base)
	}
	return &temp{f: os.NewFile(uintptr(fd), filepath.Join(dir, "(unnamed)")), root: root, dir: dir, d: d}, nil
}

// linkAt gives the unnamed temporary file the name base in its directory.
func (t *temp) linkAt(base string) error {
	return unix.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(int(t.f.Fd())), int(t.d.Fd()), base, unix.AT_SYMLINK_FOLLOW)
}

// name gives an unnamed temporary file a name next to the target.
func (t *temp) name(base string) error {
	if t.named != "" {
		return nil
	}
	for i := 0; ; i++ {
		n := tempName(base, i)
		err := t.linkAt(n)
		if errors.Is(err, unix.EEXIST) && i < 100 {
			continue
		}
		if err != nil {
			return err
		}
		t.named = filepath.Join(t.dir, n)
		return nil
	}
}

// link gives the temporary file the name base, which must not exist: an
// unnamed one directly (linkat fails if the name is taken).
func (t *temp) link(base string) error {
	if t.named != "" {
		return t.linkNamed(base)
	}
	if err := t.linkAt(base); err != nil {
		return err
	}
	return t.f.Close()
}
