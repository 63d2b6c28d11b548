package safeio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Errors of the writes that leave the file as it was.
var (
	// ErrChanged: the file changed since it was read (size, time,
	// identity or content); writing would discard that change.
	ErrChanged = errors.New("the file changed since sfmd read it")
	// ErrReadOnly: the file has no write permission (gofmt -w refuses
	// such files too).
	ErrReadOnly = errors.New("the file is read-only")
	// ErrHardLinks: the file has other names, which a rename would
	// split from it.
	ErrHardLinks = errors.New("the file has more than one hard link")
	// ErrOwner: the replacement cannot be given the file's owner and
	// group.
	ErrOwner = errors.New("the file's owner or group cannot be kept")
)

// Replace replaces the file name of root, which Read or ReadFile read as
// orig with info, by data (display names it in errors):
//
//   - a symbolic link is followed, inside root: the link stays, its
//     target is replaced;
//   - a file that is not regular, a read-only file (no write bit, or no
//     write permission), a file with hard links and a file that changed
//     since it was read are left alone (*NotRegularError, ErrReadOnly,
//     ErrHardLinks, ErrChanged, or the OS error);
//   - the new text goes to a temporary file in the same directory (on
//     Linux an unnamed one, which nothing can leave behind), gets the
//     file's owner, group and mode (set-id and sticky bits included), is
//     synced, checked against the file once more (size, time, identity,
//     content), then renamed over it, and the directory is synced;
//   - on every error the temporary file is removed and the file is
//     unchanged.
func Replace(root *os.Root, name, display string, data []byte, info *Info, orig []byte) error {
	return (&writeOp{root: root, name: name, display: display, data: data, mode: modeReplace, info: info, orig: orig}).do()
}

// Write replaces the file name of root by data as Replace does, without
// the check that it is unchanged (for output sfmd writes whole, such as
// reports), or creates it with perm (and the directories it needs) when
// it does not exist.
func Write(root *os.Root, name, display string, data []byte, perm fs.FileMode) error {
	return (&writeOp{root: root, name: name, display: display, data: data, perm: perm, mode: modeOverwrite}).do()
}

// Create creates the file name of root with data and perm (and the
// directories it needs), through a temporary file linked to the name:
// it never replaces anything, and fails with an error matching
// fs.ErrExist when the name exists or is taken while data is written. A
// symbolic link at name is not followed: it exists.
func Create(root *os.Root, name, display string, data []byte, perm fs.FileMode) error {
	return (&writeOp{root: root, name: name, display: display, data: data, perm: perm, mode: modeCreate}).do()
}

// ReplaceFile is Replace for the file at path, which the user named: its
// symbolic links are followed wherever they lead, and the write is
// confined to the directory of the file they lead to.
func ReplaceFile(path string, data []byte, info *Info, orig []byte) error {
	return onPath(path, false, func(root *os.Root, name string) error {
		return Replace(root, name, path, data, info, orig)
	})
}

// WriteFile is Write for the file at path, as ReplaceFile.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return onPath(path, true, func(root *os.Root, name string) error {
		return Write(root, name, path, data, perm)
	})
}

// WriteFileFrom is WriteFile with the content read from r (to its end)
// into the temporary file: output of any size is written without being
// held in memory, and the file is replaced only once all of it is there.
func WriteFileFrom(path string, r io.Reader, perm fs.FileMode) error {
	return onPath(path, true, func(root *os.Root, name string) error {
		return (&writeOp{root: root, name: name, display: path, from: r, perm: perm, mode: modeOverwrite}).do()
	})
}

// CreateFile is Create for the file at path (its directories are
// created).
func CreateFile(path string, data []byte, perm fs.FileMode) error {
	return onPath(path, true, func(root *os.Root, name string) error {
		return Create(root, name, path, data, perm)
	})
}

// onPath runs fn with a root at the directory of path (after following
// its symbolic links) and the file's name there.
func onPath(path string, mkdir bool, fn func(root *os.Root, name string) error) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if mkdir {
		if err := os.MkdirAll(dir, 0o755); err != nil { //nolint:gosec // G703: the directory of the file the user named
			return err
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer func() { _ = root.Close() }()
	return fn(root, base)
}

// writeMode is what a write expects at its target.
type writeMode int

const (
	modeReplace   writeMode = iota // the file as read (info, orig)
	modeOverwrite                  // a regular file, or nothing
	modeCreate                     // nothing
)

type writeOp struct {
	root          *os.Root
	name, display string
	data          []byte
	from          io.Reader   // the data, when set (WriteFileFrom)
	perm          fs.FileMode // for a new file
	mode          writeMode
	info          *Info
	orig          []byte
}

// syncFile is (*os.File).Sync; tests replace it to simulate a disk that
// fails at the last moment.
var syncFile = (*os.File).Sync

// testHookBeforeRename runs after the temporary file is written and
// synced, just before the last check and the rename (tests only).
var testHookBeforeRename func() error

func (w *writeOp) do() error {
	name := filepath.Clean(w.name)
	if !filepath.IsLocal(name) {
		return &EscapeError{Path: w.display}
	}
	if w.mode != modeCreate {
		var err error
		if name, err = followLinks(w.root, name, w.display); err != nil {
			return err
		}
	}
	fi, err := w.root.Lstat(name)
	exists := err == nil
	switch {
	case err != nil && (!errors.Is(err, fs.ErrNotExist) || w.mode == modeReplace):
		return escape(w.display, err)
	case exists && w.mode == modeCreate:
		return &fs.PathError{Op: "create", Path: w.display, Err: fs.ErrExist}
	}
	perm := w.perm
	if exists {
		if err := checkTarget(fi, w.display); err != nil {
			return err
		}
		perm = fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
	}
	dir, base := filepath.Dir(name), filepath.Base(name)
	if !exists && dir != "." {
		if err := w.root.MkdirAll(dir, 0o755); err != nil {
			return escape(w.display, err)
		}
	}
	d, err := w.root.Open(dir)
	if err != nil {
		return escape(w.display, err)
	}
	defer func() { _ = d.Close() }()
	if exists {
		if err := checkWritable(d, base, w.display); err != nil {
			return err
		}
	}
	if err := w.unchanged(name); err != nil {
		return err
	}
	if err := w.writeTemp(d, dir, base, fi, perm); err != nil {
		return escape(w.display, err)
	}
	_ = d.Sync() // best effort: not every file system syncs directories
	return nil
}

// checkTarget refuses to replace a file that is not regular, read-only
// or has other names.
func checkTarget(fi fs.FileInfo, display string) error {
	if !fi.Mode().IsRegular() {
		return &NotRegularError{Path: display, Mode: fi.Mode()}
	}
	if fi.Mode().Perm()&0o222 == 0 {
		return ErrReadOnly
	}
	if n := linkCount(fi); n > 1 {
		return fmt.Errorf("%w (%d names)", ErrHardLinks, n)
	}
	return nil
}

// writeTemp writes the data to a temporary file in dir (open as d), gives
// it the mode and, for an existing file fi, its owner, syncs it and puts
// it in place of base.
func (w *writeOp) writeTemp(d *os.File, dir, base string, fi fs.FileInfo, perm fs.FileMode) error {
	t, err := newTemp(w.root, d, dir, base)
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			t.discard()
		}
	}()
	if w.from != nil {
		if _, err := io.Copy(t.f, w.from); err != nil {
			return err
		}
	} else if _, err := t.f.Write(w.data); err != nil {
		return err
	}
	if fi != nil {
		if err := keepOwner(t.f, fi); err != nil {
			return err
		}
	}
	// after chown, which clears the set-id bits
	if err := t.f.Chmod(perm); err != nil {
		return err
	}
	if err := syncFile(t.f); err != nil {
		return err
	}
	if testHookBeforeRename != nil {
		if err := testHookBeforeRename(); err != nil {
			return err
		}
	}
	if err := w.unchanged(filepath.Join(dir, base)); err != nil {
		return err
	}
	if w.mode == modeCreate {
		err = t.link(base)
	} else {
		err = t.rename(base)
	}
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return &fs.PathError{Op: "create", Path: w.display, Err: fs.ErrExist}
		}
		return err
	}
	done = true
	return nil
}

// unchanged checks, for Replace, that the file name is still the one read
// as w.orig: the same file (device and inode), size and modification
// time, and the same bytes.
func (w *writeOp) unchanged(name string) error {
	if w.mode != modeReplace {
		return nil
	}
	fi, err := w.root.Stat(name)
	if err != nil {
		return escape(w.display, err)
	}
	if w.info == nil || !os.SameFile(fi, w.info.fi) || fi.Size() != w.info.fi.Size() || !fi.ModTime().Equal(w.info.fi.ModTime()) || fi.Size() != int64(len(w.orig)) {
		return ErrChanged
	}
	now, _, err := Read(w.root, name, w.display, fi.Size()+1)
	if err != nil {
		var tl *TooLargeError
		if errors.As(err, &tl) {
			return ErrChanged
		}
		return err
	}
	if !bytes.Equal(now, w.orig) {
		return ErrChanged
	}
	return nil
}

// followLinks returns the name in root of the file name leads to when it
// is a symbolic link (or a chain of them): the write replaces that file
// and the link stays. A link that leads out of root is an *EscapeError.
func followLinks(root *os.Root, name, display string) (string, error) {
	for range 40 {
		fi, err := root.Lstat(name)
		if err != nil {
			// nothing there (created), or an error the caller's Lstat of
			// the same name reports
			return name, nil //nolint:nilerr // see above
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return name, nil
		}
		target, err := root.Readlink(name)
		if err != nil {
			return "", escape(display, err)
		}
		next := filepath.Join(filepath.Dir(name), target)
		if filepath.IsAbs(target) || !filepath.IsLocal(next) {
			return "", &EscapeError{Path: display}
		}
		// next is read lexically; a directory on the way that is itself
		// a link could make it another file than the link's target
		if a, err := root.Stat(name); err == nil {
			if b, err := root.Stat(next); err != nil || !os.SameFile(a, b) {
				return "", fmt.Errorf("%s: cannot follow its symbolic link through the linked directories on the way", display)
			}
		}
		name = next
	}
	return "", &fs.PathError{Op: "open", Path: display, Err: syscall.ELOOP}
}
