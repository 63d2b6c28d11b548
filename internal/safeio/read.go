package safeio

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// NonBlock is the open flag that opens a named pipe without waiting for
// a writer (O_NONBLOCK on Unix; 0 elsewhere, e.g. GOOS=js, where there is
// no such flag), for the callers that open files themselves.
const NonBlock = openFlags

// Info is the state of a file when ReadFile or Read read it, for the
// check before Replace replaces it.
type Info struct {
	fi fs.FileInfo
}

// ReadFile reads the regular file at path. Anything else (a named pipe,
// a device, a directory) is refused with a *NotRegularError, without
// blocking: it is refused after a stat, and should it be swapped in after
// that, it is opened non-blocking and refused after an fstat, before any
// read. At most limit bytes are read (limit <= 0: no cap): a longer file
// gives a *TooLargeError, after reading only its head when fstat says so,
// at most limit+1 bytes when it grows while being read.
func ReadFile(path string, limit int64) ([]byte, *Info, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, nil, err
	}
	defer func() { _ = f.Close() }()
	return readOpen(f, path, limit)
}

// ReadListed is ReadFile for a file that a directory listing shows as
// a regular file (a type the listing gives without following a symbolic
// link): the stat before the open, which would say the same, is left
// out, one system call less for each file of a walk. Anything swapped in
// since the listing is still opened non-blocking and refused after an
// fstat, before any read.
func ReadListed(path string, limit int64) ([]byte, *Info, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	defer func() { _ = f.Close() }()
	return readOpen(f, path, limit)
}

// openRegular opens the file at path for reading when a stat says it is
// a regular file, non-blocking (the caller checks it again with fstat).
func openRegular(path string) (*os.File, error) {
	fi, err := os.Stat(path) //nolint:gosec // G703: the file the user named; reading it is the point
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	return os.OpenFile(path, os.O_RDONLY|openFlags, 0) //nolint:gosec // G304: the file the user named; reading it is the point
}

// ReadHead reads at most n bytes from the start of the regular file at
// path (n >= 1), refusing what ReadFile refuses, without blocking: a
// longer file is cut (cut reports it). It is for files that are used in
// part when large (an ignore file), where ReadFile is for files used
// whole or not at all.
func ReadHead(path string, n int64) (data []byte, cut bool, err error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, false, err
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	if !fi.Mode().IsRegular() {
		return nil, false, &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	data, err = readAll(f, int(min(fi.Size(), n))+1, n)
	var tl *TooLargeError
	if errors.As(err, &tl) {
		return data[:n], true, nil
	}
	return data, false, err
}

// Read is ReadFile for the file name of root (display names it in
// errors): a path that leads out of root is an *EscapeError.
func Read(root *os.Root, name, display string, limit int64) ([]byte, *Info, error) {
	fi, err := root.Stat(name)
	if err != nil {
		return nil, nil, escape(display, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, &NotRegularError{Path: display, Mode: fi.Mode()}
	}
	f, err := root.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, escape(display, err)
	}
	defer func() { _ = f.Close() }()
	return readOpen(f, display, limit)
}

// readOpen reads the open file f (see ReadFile).
func readOpen(f *os.File, display string, limit int64) ([]byte, *Info, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, &NotRegularError{Path: display, Mode: fi.Mode()}
	}
	if limit > 0 && fi.Size() > limit {
		head, err := io.ReadAll(io.LimitReader(f, HeadSize))
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, &TooLargeError{Path: display, Size: fi.Size(), Limit: limit, Head: head}
	}
	size := fi.Size()
	if limit > 0 {
		size = min(size, limit)
	}
	data, err := readAll(f, int(size)+1, limit)
	if err != nil {
		var tl *TooLargeError
		if errors.As(err, &tl) {
			tl.Path = display
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
	// As os.ReadFile: a file of the size stat gave fills capHint bytes
	// but one, with no second allocation (bytes.Buffer.ReadFrom wants 512
	// bytes of room for every read and would copy the file once more).
	b := make([]byte, 0, max(capHint, 1))
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if limit > 0 && int64(len(b)) > limit {
		return b, &TooLargeError{Size: -1, Limit: limit, Head: b[:min(len(b), HeadSize)]}
	}
	return b, nil
}
