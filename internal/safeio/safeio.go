// Package safeio reads documents and writes fixes the way sfmd promises
// to (README "What --fix guarantees"): it reads only regular files, never
// blocks on a named pipe or a device, reads at most a size cap, and
// replaces a file only through a synced temporary file renamed over it,
// after checking that the file did not change since it was read and that
// its mode, owner and links survive. It is a leaf: it imports nothing of
// the module.
package safeio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// DefaultMaxSize is the size cap of a document unless configured: 10 MiB.
const DefaultMaxSize = 10 << 20

// NotRegularError reports a path that is not a regular file (a named
// pipe, a device, a socket, a directory).
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is not a regular file (%s)", e.Path, Kind(e.Mode))
}

// Kind names the type of a file mode for messages: "a named pipe".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsRegular():
		return "a regular file"
	}
	return "an irregular file"
}

// TooLargeError reports input over the size cap. Size is the file's size,
// or -1 when it is unknown (standard input): more than Limit. Head is the
// start of the input, at most HeadSize bytes, for messages.
type TooLargeError struct {
	Size, Limit int64
	Head        []byte
}

// HeadSize bounds TooLargeError.Head.
const HeadSize = 1 << 10

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("larger than the %s limit", FormatSize(e.Limit))
	}
	return fmt.Sprintf("%s, larger than the %s limit", FormatSize(e.Size), FormatSize(e.Limit))
}

// FormatSize renders a byte count for messages: "12.5 MiB", "900 bytes".
func FormatSize(n int64) string {
	switch {
	case n >= 1<<20:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<20))) + " MiB"
	case n >= 1<<10:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<10))) + " KiB"
	case n == 1:
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

func trimZero(s string) string {
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		return s[:len(s)-2]
	}
	return s
}

// Info is the state of a file when ReadFile read it, for the check before
// WriteFile replaces it.
type Info struct {
	fi fs.FileInfo
}

// Size is the file's size when it was read.
func (i *Info) Size() int64 { return i.fi.Size() }

// ReadFile reads the regular file at path. Anything else (a named pipe,
// a device, a directory) is refused with a *NotRegularError, without
// blocking: the file is opened non-blocking and checked with fstat before
// any read. At most limit bytes are read (limit <= 0: no cap): a longer
// file gives a *TooLargeError, after reading only its head when fstat
// says so, at most limit+1 bytes when it grows while being read.
func ReadFile(path string, limit int64) ([]byte, *Info, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0) //nolint:gosec // G703: the file the user named; reading it is the point
	if err != nil {
		return nil, nil, err
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	if limit > 0 && fi.Size() > limit {
		head, err := io.ReadAll(io.LimitReader(f, HeadSize))
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, &TooLargeError{Size: fi.Size(), Limit: limit, Head: head}
	}
	size := fi.Size()
	if limit > 0 {
		size = min(size, limit)
	}
	data, err := readAll(f, int(size)+1, limit)
	if err != nil {
		var tl *TooLargeError
		if errors.As(err, &tl) {
			tl.Size = max(fi.Size(), limit+1) // it grew while being read
		}
		return nil, nil, err
	}
	return data, &Info{fi: fi}, nil
}

// ReadAll reads r (standard input) to its end, at most limit bytes
// (limit <= 0: no cap); more gives a *TooLargeError with Size -1, and the
// limit+1 bytes read (the rest is left in r).
func ReadAll(r io.Reader, limit int64) ([]byte, error) {
	return readAll(r, 512, limit)
}

func readAll(r io.Reader, capHint int, limit int64) ([]byte, error) {
	if limit > 0 {
		r = io.LimitReader(r, limit+1)
	}
	b := bytes.NewBuffer(make([]byte, 0, capHint))
	if _, err := b.ReadFrom(r); err != nil {
		return nil, err
	}
	if limit > 0 && int64(b.Len()) > limit {
		return b.Bytes(), &TooLargeError{Size: -1, Limit: limit, Head: b.Bytes()[:min(b.Len(), HeadSize)]}
	}
	return b.Bytes(), nil
}

// Errors of WriteFile that leave the file as it was.
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

// WriteFile replaces the contents of the file at path, which ReadFile
// read as orig with info, by data:
//
//   - a symbolic link is followed: the link stays, its target is
//     replaced (in the target's directory);
//   - a read-only file (no write bit, or no write permission), a file
//     with hard links, and a file that changed since it was read are
//     left alone (ErrReadOnly, ErrHardLinks, ErrChanged, or the OS error);
//   - the new text goes to a temporary file in the same directory (on
//     Linux an unnamed one, which nothing can leave behind), gets the
//     file's owner, group and mode (set-id and sticky bits included), is
//     synced, checked against the file once more (size, time, identity,
//     content), then renamed over it, and the directory is synced;
//   - on every error the temporary file is removed and the file is
//     unchanged.
func WriteFile(path string, data []byte, info *Info, orig []byte) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	fi, err := os.Lstat(path) //nolint:gosec // G703: the file the user named (lint --fix rewrites exactly that)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	if fi.Mode().Perm()&0o222 == 0 {
		return ErrReadOnly
	}
	if err := checkWritable(path); err != nil {
		return err
	}
	if n := linkCount(fi); n > 1 {
		return fmt.Errorf("%w (%d names)", ErrHardLinks, n)
	}
	if err := unchanged(path, info, orig); err != nil {
		return err
	}
	t, err := newTemp(filepath.Dir(path), filepath.Base(path))
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			t.discard()
		}
	}()
	if _, err := t.f.Write(data); err != nil {
		return err
	}
	if err := keepOwner(t.f, fi); err != nil {
		return err
	}
	// after chown, which clears the set-id bits
	if err := t.f.Chmod(fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		return err
	}
	if err := t.f.Sync(); err != nil {
		return err
	}
	if testHookBeforeRename != nil {
		if err := testHookBeforeRename(); err != nil {
			return err
		}
	}
	if err := unchanged(path, info, orig); err != nil {
		return err
	}
	if err := t.replace(path); err != nil {
		return err
	}
	done = true
	syncDir(filepath.Dir(path))
	return nil
}

// testHookBeforeRename runs after the temporary file is written and
// synced, just before the last check and the rename (tests only).
var testHookBeforeRename func() error

// unchanged checks that the file at path is still the one read as orig:
// the same file (device and inode), size and modification time, and the
// same bytes.
func unchanged(path string, info *Info, orig []byte) error {
	fi, err := os.Stat(path) //nolint:gosec // G703: the file the user named, as WriteFile
	if err != nil {
		return err
	}
	if info == nil || !os.SameFile(fi, info.fi) || fi.Size() != info.fi.Size() || !fi.ModTime().Equal(info.fi.ModTime()) || fi.Size() != int64(len(orig)) {
		return ErrChanged
	}
	now, _, err := ReadFile(path, fi.Size())
	if err != nil {
		var tl *TooLargeError
		if errors.As(err, &tl) {
			return ErrChanged
		}
		return err
	}
	if !bytes.Equal(now, orig) {
		return ErrChanged
	}
	return nil
}

func syncDir(dir string) {
	d, err := os.Open(dir) //nolint:gosec // G703: the directory of the file the user named
	if err != nil {
		return
	}
	_ = d.Sync() // best effort: not every file system syncs directories
	_ = d.Close()
}

// ParseSize reads a size: a number of bytes ("1048576"), or a number with
// a binary unit ("512K", "10M", "1G", also written "KB", "MiB"…; a unit
// of 1024). It must be at least 1 byte.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	num := strings.TrimRightFunc(t, func(r rune) bool { return r < '0' || r > '9' })
	unit := strings.ToUpper(strings.TrimSpace(t[len(num):]))
	num = strings.TrimSpace(num)
	invalid := fmt.Errorf("invalid size %q, expected a positive number of bytes such as 10M", s)
	if num == "" {
		return 0, invalid
	}
	mult := int64(1)
	switch strings.TrimSuffix(strings.TrimSuffix(unit, "IB"), "B") {
	case "":
	case "K":
		mult = 1 << 10
	case "M":
		mult = 1 << 20
	case "G":
		mult = 1 << 30
	default:
		return 0, fmt.Errorf("unknown unit %q in size %q, use a number of bytes or K, M, G", t[len(num):], s)
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 1 || n > (1<<62)/mult {
		return 0, invalid
	}
	return n * mult, nil
}
