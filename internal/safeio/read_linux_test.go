package safeio

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestStatInfoIsOSStat: the FileInfo readListed makes of an fstat is
// the one os.Stat gives (name, size, mode with its type and set-id and
// sticky bits, modification time), and sameFile says what os.SameFile
// says, across the two kinds, for files of every type.
func TestStatInfoIsOSStat(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for name, mode := range map[string]os.FileMode{"a.md": 0o644, "suid.md": 0o751 | os.ModeSetuid, "sgid.md": 0o640 | os.ModeSetgid, "ro.md": 0o444} {
		p := filepath.Join(dir, name)
		write(t, p, "# "+name+"\n", mode)
		paths = append(paths, p)
	}
	sticky := filepath.Join(dir, "sticky")
	if err := os.Mkdir(sticky, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(sticky, 0o1777|os.ModeDir|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe.md")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	paths = append(paths, sticky, fifo, dir, "/dev/null", "/")
	infos := map[string]*statInfo{}
	for _, p := range paths {
		want, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		got := &statInfo{name: filepath.Base(p)}
		if err := syscall.Stat(p, &got.st); err != nil {
			t.Fatal(err)
		}
		infos[p] = got
		if got.Name() != want.Name() || got.Size() != want.Size() || got.Mode() != want.Mode() ||
			!got.ModTime().Equal(want.ModTime()) || got.ModTime() != want.ModTime() || got.IsDir() != want.IsDir() {
			t.Errorf("%s: statInfo %s %d %v %v %v, os.Stat %s %d %v %v %v", p, got.Name(), got.Size(), got.Mode(), got.ModTime(), got.IsDir(),
				want.Name(), want.Size(), want.Mode(), want.ModTime(), want.IsDir())
		}
	}
	for _, a := range paths {
		for _, b := range paths {
			fa, _ := os.Stat(a)
			fb, _ := os.Stat(b)
			want := os.SameFile(fa, fb)
			if got := sameFile(infos[a], fb); got != want {
				t.Errorf("sameFile(statInfo %s, os %s) = %v, os.SameFile %v", a, b, got, want)
			}
			if got := sameFile(fa, infos[b]); got != want {
				t.Errorf("sameFile(os %s, statInfo %s) = %v, os.SameFile %v", a, b, got, want)
			}
		}
	}
}

// TestReadListedIsReadThroughOS: readListed (the system calls) gives
// what ReadListed through an *os.File gives: the bytes, in one buffer of
// the file's size and one byte, the Info, and the same errors for a
// missing file, a file over the cap and what is not a regular file; and
// its Info lets ReplaceFile replace the file as read, and refuse it once
// changed or swapped.
func TestReadListedIsReadThroughOS(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, size := range []int{0, 1, 511, 4096, 100_000} {
		p := filepath.Join(dir, "doc"+string(rune('a'+len(paths)))+".md")
		write(t, p, string(bytes.Repeat([]byte("x\n"), size/2+size%2))[:size], 0o644)
		paths = append(paths, p)
	}
	paths = append(paths, fifo, dir, "/dev/zero", filepath.Join(dir, "gone.md"))
	for _, p := range paths {
		for _, limit := range []int64{0, 3, 4096, DefaultMaxSize} {
			got, gi, gerr := readListed(p, limit)
			want, wi, werr := readListedFile(p, limit)
			var gtl, wtl *TooLargeError
			switch {
			case (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error():
				t.Errorf("%s, cap %d: error %v, through os %v", p, limit, gerr, werr)
			case errors.As(gerr, &gtl) && (!errors.As(werr, &wtl) || !bytes.Equal(gtl.Head, wtl.Head) || gtl.Size != wtl.Size):
				t.Errorf("%s, cap %d: %+v, through os %+v", p, limit, gerr, werr)
			case !bytes.Equal(got, want) || cap(got) != cap(want):
				t.Errorf("%s, cap %d: read %d bytes (buffer %d), through os %d (%d)", p, limit, len(got), cap(got), len(want), cap(want))
			case (gi == nil) != (wi == nil):
				t.Errorf("%s, cap %d: Info %v, through os %v", p, limit, gi, wi)
			case gi != nil && (!sameFile(gi.fi, wi.fi) || gi.fi.Size() != wi.fi.Size() || gi.fi.Mode() != wi.fi.Mode() || !gi.fi.ModTime().Equal(wi.fi.ModTime())):
				t.Errorf("%s, cap %d: Info differs from the one through os", p, limit)
			}
		}
	}
	var nr *NotRegularError
	if _, _, err := readListed(fifo, 0); !errors.As(err, &nr) {
		t.Errorf("readListed of a named pipe: %v", err)
	}
	if _, _, err := readListed(filepath.Join(dir, "gone.md"), 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("readListed of a missing file: %v", err)
	}

	p := paths[1]
	orig, info, err := ReadListed(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := ReplaceFile(p, []byte("fixed\n"), info, orig); err != nil {
		t.Fatalf("ReplaceFile after ReadListed: %v", err)
	}
	orig, info, _ = ReadListed(p, 0)
	write(t, p+".new", string(orig), 0o644)
	if err := os.Rename(p+".new", p); err != nil { // same bytes, another file
		t.Fatal(err)
	}
	if err := ReplaceFile(p, []byte("again\n"), info, orig); !errors.Is(err, ErrChanged) {
		t.Errorf("ReplaceFile of a file swapped since ReadListed = %v, want ErrChanged", err)
	}
}

// BenchmarkReadListed reads a document of the upstream corpus's median
// size (3 KB) through the file descriptor (readListed) and through an
// *os.File (readListedFile).
func BenchmarkReadListed(b *testing.B) {
	p := filepath.Join(b.TempDir(), "doc.md")
	if err := os.WriteFile(p, bytes.Repeat([]byte("word "), 600), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, r := range []struct {
		name string
		read func(string, int64) ([]byte, *Info, error)
	}{{"fd", readListed}, {"os", readListedFile}} {
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := r.read(p, DefaultMaxSize); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
