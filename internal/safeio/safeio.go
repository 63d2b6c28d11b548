// Package safeio is sfmd's one way to read and write files (docs/fixes.md "What
// --fix guarantees", docs/linting.md "Hostile input", and the suite files of sfmd test):
//
//   - Reads accept only regular files: a named pipe, a socket, a device
//     or a directory is refused after a stat and, should it be swapped in
//     after the stat, after a non-blocking open and an fstat, so a read
//     never blocks; at most a size cap is read (a larger file costs its
//     head only).
//   - Writes go through a temporary file in the target's directory (on
//     Linux an unnamed one, which a crash cannot leave behind), synced,
//     then renamed over the target (or linked to its name, for a file
//     that must not exist yet), and the directory is synced: a crash, a
//     kill or a full disk leaves the old file whole. A file that is
//     replaced keeps its mode (set-id and sticky bits included), owner
//     and group; a read-only file, a file with other hard links and a
//     file that changed since it was read are left alone; a symbolic link
//     stays a link and its target is replaced.
//   - Every operation has a form confined to an *os.Root (nothing outside
//     the root is read or written, symbolic links included: sfmd test's
//     suite trees) and a form for a path the user named (sfmd lint).
//
// It is a leaf: it imports nothing of the module.
package safeio

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"syscall"
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
	return e.Path + " is " + Kind(e.Mode) + ", not a regular file"
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
	return "a special file"
}

// TooLargeError reports input over the size cap. Size is the file's size,
// or -1 when it is unknown (standard input): more than Limit. Head is the
// start of the input, at most HeadSize bytes, for messages. Path is the
// file as the caller named it, "" for standard input.
type TooLargeError struct {
	Path        string
	Size, Limit int64
	Head        []byte
}

// HeadSize bounds TooLargeError.Head.
const HeadSize = 1 << 10

// Detail says how large the input is against the limit, without the
// path: "12.5 MiB, larger than the 10 MiB limit".
func (e *TooLargeError) Detail() string {
	if e.Size < 0 {
		return fmt.Sprintf("larger than the %s limit", FormatSize(e.Limit))
	}
	return fmt.Sprintf("%s, larger than the %s limit", FormatSize(e.Size), FormatSize(e.Limit))
}

func (e *TooLargeError) Error() string {
	if e.Path == "" {
		return e.Detail()
	}
	return e.Path + " is " + e.Detail()
}

// EscapeError is a path that leads out of its root (through "..", an
// absolute path or a symbolic link).
type EscapeError struct {
	Path string
}

func (e *EscapeError) Error() string {
	return e.Path + " leads outside its directory tree"
}

// IsEscape reports whether err is an *EscapeError or os.Root refusing a
// path that leads out of it (os.Root's own error has no exported type).
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

// escape turns os.Root's refusal into an *EscapeError naming display.
func escape(display string, err error) error {
	if err != nil && IsEscape(err) {
		return &EscapeError{Path: display}
	}
	return err
}

// FormatSize renders a byte count for messages: "12.5 MiB", "10 MiB",
// "900 bytes".
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
