// Package safefile reads and writes files the way a tool that must not
// hang, balloon or lose data does: reads accept only regular files (a
// FIFO, socket or device is refused before it is opened for reading, so
// it cannot block or never end) up to a size limit; writes go through a
// temporary file in the target's directory, fsync and rename, so a crash
// or a full disk leaves the old file whole. Every operation has a form
// confined to an *os.Root (nothing outside the root is read or written,
// symbolic links included) and a form for a plain path.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// NotRegularError is a path that is not a regular file.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return e.Path + " is " + ModeName(e.Mode) + ", not a regular file"
}

// TooLargeError is a file over the size limit.
type TooLargeError struct {
	Path  string
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than the limit of %s", e.Path, Size(e.Limit))
}

// EscapeError is a path that leads out of the root (through "..", an
// absolute path or a symbolic link).
type EscapeError struct {
	Path string
}

func (e *EscapeError) Error() string {
	return e.Path + " leads outside its directory tree"
}

// ModeName names a file type for messages: "a FIFO", "a directory", …
func ModeName(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsRegular():
		return "a regular file"
	}
	return "a special file"
}

// Size writes a byte count for messages: "10 MiB", "1500 bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// IsEscape reports whether err is os.Root refusing a path that leads out
// of it (os.Root's own error has no exported type).
func IsEscape(err error) bool {
	var e *EscapeError
	if errors.As(err, &e) {
		return true
	}
	// os.Root nests its errors (mkdirat: statat: path escapes from
	// parent): look at every *fs.PathError of the chain.
	for err != nil {
		var pe *fs.PathError
		if !errors.As(err, &pe) {
			return false
		}
		var errno syscall.Errno
		if !errors.As(pe.Err, &errno) && pe.Err.Error() == "path escapes from parent" {
			return true
		}
		err = pe.Err
	}
	return false
}

// escape turns os.Root's refusal into *EscapeError naming display.
func escape(display string, err error) error {
	if err != nil && IsEscape(err) {
		return &EscapeError{Path: display}
	}
	return err
}

// Read reads the regular file name of root, at most limit bytes. display
// names it in errors. A FIFO, socket or device is a *NotRegularError, a
// larger file a *TooLargeError, a path out of root an *EscapeError;
// other errors are the OS's.
func Read(root *os.Root, name, display string, limit int64) ([]byte, error) {
	fi, err := root.Stat(name)
	if err != nil {
		return nil, escape(display, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: display, Mode: fi.Mode()}
	}
	// O_NONBLOCK: should the file be swapped for a FIFO after the Stat,
	// opening it does not wait for a writer; the Stat below refuses it.
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, escape(display, err)
	}
	defer func() { _ = f.Close() }()
	return readOpen(f, display, limit)
}

// ReadFile is Read for a plain path.
func ReadFile(path string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	return readOpen(f, path, limit)
}

func readOpen(f *os.File, display string, limit int64) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: display, Mode: fi.Mode()}
	}
	if fi.Size() > limit {
		return nil, &TooLargeError{Path: display, Limit: limit}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Path: display, Limit: limit}
	}
	return data, nil
}

// syncFile is (*os.File).Sync; tests replace it to simulate a disk that
// fails at the last moment.
var syncFile = (*os.File).Sync

// Write replaces (or creates) the file name of root with data, atomically:
// the data goes to a temporary file in the same directory, which is
// synced and renamed over name, then the directory is synced. A failure
// at any point leaves name as it was and removes the temporary file. An
// existing file keeps its permission bits (perm is for a new file); a
// path that is not a regular file is refused; parent directories are
// created.
func Write(root *os.Root, name, display string, data []byte, perm fs.FileMode) (err error) {
	if fi, err := root.Stat(name); err == nil {
		if !fi.Mode().IsRegular() {
			return &NotRegularError{Path: display, Mode: fi.Mode()}
		}
		perm = fi.Mode().Perm()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return escape(display, err)
	}
	dir := filepath.Dir(name)
	if dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return escape(display, err)
		}
	}
	tmpName, f, err := createTemp(root, dir, filepath.Base(name))
	if err != nil {
		return escape(display, err)
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = root.Remove(tmpName)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(perm); err != nil {
		return err
	}
	if err = syncFile(f); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = root.Rename(tmpName, name); err != nil {
		return escape(display, err)
	}
	syncDir(root, dir)
	return nil
}

// WriteFile is Write for a plain path (confined to its own directory).
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer func() { _ = root.Close() }()
	return Write(root, base, path, data, perm)
}

func createTemp(root *os.Root, dir, base string) (string, *os.File, error) {
	for i := 0; ; i++ {
		name := filepath.Join(dir, "."+base+".tmp-"+strconv.FormatInt(time.Now().UnixNano()%1e9+int64(i), 36))
		f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			return name, f, nil
		}
		if !errors.Is(err, fs.ErrExist) || i > 100 {
			return "", nil, err
		}
	}
}

// syncDir makes a rename durable; file systems that cannot sync a
// directory are not an error.
func syncDir(root *os.Root, dir string) {
	d, err := root.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	_ = d.Close()
}
