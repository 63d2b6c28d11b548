//go:build unix

package safeio

import (
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// openFlags opens named pipes without waiting for a writer, so that a
// read can refuse them.
const openFlags = syscall.O_NONBLOCK

// checkWritable is gofmt -w's check: may this process write the file
// base of the directory d? (Root may write anything; the mode bits are
// checked before.)
func checkWritable(d *os.File, base, display string) error {
	if err := unix.Faccessat(int(d.Fd()), base, unix.W_OK, 0); err != nil {
		return &fs.PathError{Op: "write", Path: display, Err: err}
	}
	return nil
}

func linkCount(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink) //nolint:unconvert // uint32 on some platforms
	}
	return 1
}

// keepOwner gives f the owner and group of the file fi describes, when
// they differ from f's.
func keepOwner(f *os.File, fi fs.FileInfo) error {
	want, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	tf, err := f.Stat()
	if err != nil {
		return err
	}
	got, ok := tf.Sys().(*syscall.Stat_t)
	if !ok || (got.Uid == want.Uid && got.Gid == want.Gid) {
		return nil
	}
	if err := f.Chown(int(want.Uid), int(want.Gid)); err != nil {
		return ErrOwner
	}
	return nil
}
