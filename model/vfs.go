package model

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/vpath"
)

// FS is the filesystem the runtime sees. A host directory stands for "/":
// every path the runtime resolves, reads, writes or shows is a path of
// this virtual tree (/home/agent/docs/app.md), never the host's, so the
// same suite shows the same paths on every machine; and nothing outside
// the directory can be reached. ".." stops at "/" as on any POSIX system,
// and a symbolic link that leads outside the directory (or is absolute)
// is refused with a *safeio.EscapeError; a FIFO, socket or device with a
// *safeio.NotRegularError, so that it cannot block.
type FS struct {
	dir     string
	prepare func() error
	// src, when set, is the read-only tree the FS reads instead of dir
	// (NewSourceFS).
	src Source

	once sync.Once
	root *os.Root
	err  error
}

// NewFS returns the filesystem rooted at the host directory dir. prepare,
// when not nil, runs once before the first access (it may create dir);
// until then nothing touches the disk.
func NewFS(dir string, prepare func() error) *FS {
	return &FS{dir: dir, prepare: prepare}
}

// Resolve is path.resolve(cwd, p) on the virtual tree: a clean absolute
// path; ".." never climbs above "/" (vpath.Resolve, which the suite
// format shares).
func Resolve(cwd, p string) string { return vpath.Resolve(cwd, p) }

// FileURI is url.pathToFileURL(p).href for an absolute virtual path.
func FileURI(p string) string { return fileURIFromPath(p) }

// Dir is the host directory that stands for "/".
func (v *FS) Dir() string { return v.dir }

// HostPath is where the virtual path p lies on the host (lexically; a
// symbolic link on the way is not followed).
func (v *FS) HostPath(p string) string {
	return filepath.Join(v.dir, filepath.FromSlash(Resolve("/", p)))
}

// Open prepares the directory (once) and opens it.
func (v *FS) Open() error {
	v.once.Do(func() {
		if v.prepare != nil {
			if v.err = v.prepare(); v.err != nil {
				return
			}
		}
		v.root, v.err = os.OpenRoot(v.dir)
	})
	return v.err
}

// Err is the error of preparing or opening the directory, if any (nil
// before the first access).
func (v *FS) Err() error {
	if v == nil {
		return nil
	}
	return v.err
}

// Close releases the directory.
func (v *FS) Close() error {
	if v == nil || v.root == nil {
		return nil
	}
	return v.root.Close()
}

// name is the root-relative name of the virtual path p.
func name(p string) string {
	n := strings.TrimPrefix(Resolve("/", p), "/")
	if n == "" {
		return "."
	}
	return n
}

// wrap turns os.Root's refusal of an escaping link into
// *safeio.EscapeError naming the virtual path p.
func wrap(p string, err error) error {
	if err != nil && safeio.IsEscape(err) {
		return &safeio.EscapeError{Path: p}
	}
	return err
}

func (v *FS) ensure() error {
	if v == nil {
		return &fs.PathError{Op: "open", Path: "/", Err: syscall.ENOENT}
	}
	if err := v.Open(); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return &fs.PathError{Op: "open", Path: "/", Err: syscall.ENOENT}
		}
		return err
	}
	return nil
}

// Stat follows links, as fs.statSync does.
func (v *FS) Stat(p string) (fs.FileInfo, error) {
	if v != nil && v.src != nil {
		return v.src.Stat(Resolve("/", p))
	}
	if err := v.ensure(); err != nil {
		return nil, err
	}
	fi, err := v.root.Stat(name(p))
	return fi, wrap(p, err)
}

// ReadFile reads the regular file p, at most limit bytes (a larger file
// is a *safeio.TooLargeError). A directory fails with EISDIR as in Node;
// a FIFO, socket or device is never opened for reading.
func (v *FS) ReadFile(p string, limit int64) ([]byte, error) {
	if v != nil && v.src != nil {
		return v.src.ReadFile(Resolve("/", p), limit)
	}
	if err := v.ensure(); err != nil {
		return nil, err
	}
	n := name(p)
	if fi, err := v.root.Stat(n); err == nil && fi.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: p, Err: syscall.EISDIR}
	}
	data, _, err := safeio.Read(v.root, n, p, limit)
	return data, wrap(p, err)
}

// MkdirAll is fs.mkdirSync(p, {recursive: true}).
func (v *FS) MkdirAll(p string) error {
	if v != nil && v.src != nil {
		return &fs.PathError{Op: "mkdir", Path: p, Err: syscall.EROFS}
	}
	if err := v.ensure(); err != nil {
		return err
	}
	return wrap(p, v.root.MkdirAll(name(p), 0o755))
}

// WriteFile is fs.writeFileSync(p, data): it replaces a regular file or
// creates one; it refuses anything else that is already there.
func (v *FS) WriteFile(p string, data []byte) error {
	if v != nil && v.src != nil {
		return &fs.PathError{Op: "open", Path: p, Err: syscall.EROFS}
	}
	if err := v.ensure(); err != nil {
		return err
	}
	n := name(p)
	if fi, err := v.root.Stat(n); err == nil && !fi.IsDir() && !fi.Mode().IsRegular() {
		return &safeio.NotRegularError{Path: p, Mode: fi.Mode()}
	} else if err != nil && safeio.IsEscape(err) {
		return wrap(p, err)
	}
	f, err := v.root.OpenFile(n, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|safeio.NonBlock, 0o644)
	if err != nil {
		return wrap(p, err)
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// ReadDir is fs.readdirSync(p, {withFileTypes: true}): the entries of the
// directory p, a symbolic link reported as one (not followed).
func (v *FS) ReadDir(p string) ([]fs.DirEntry, error) {
	if v != nil && v.src != nil {
		return v.src.ReadDir(Resolve("/", p))
	}
	if err := v.ensure(); err != nil {
		return nil, err
	}
	entries, err := fs.ReadDir(v.root.FS(), name(p))
	return entries, wrap(p, err)
}
