//go:build unix

package safeio

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

func write(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // past the umask
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) ([]byte, *Info) {
	t.Helper()
	data, info, err := ReadFile(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	return data, info
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestReadFileRefusesNonRegular: a named pipe with no writer, a device
// and a directory are refused at once, naming what they are.
// TestReadFileRefusesNonRegular: ReadFile, and ReadListed (a file a
// listing gave as regular that was swapped since), refuse what is not a
// regular file without blocking.
func TestReadFileRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, read := range map[string]func(string, int64) ([]byte, *Info, error){"ReadFile": ReadFile, "ReadListed": ReadListed} {
		for path, kind := range map[string]string{fifo: "a named pipe", "/dev/zero": "a character device", dir: "a directory"} {
			done := make(chan error, 1)
			go func() {
				_, _, err := read(path, 0)
				done <- err
			}()
			select {
			case err := <-done:
				var nr *NotRegularError
				if !errors.As(err, &nr) || !strings.Contains(err.Error(), kind) {
					t.Errorf("%s(%s) = %v, want a *NotRegularError naming %s", name, path, err, kind)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%s(%s) blocks", name, path)
			}
		}
	}
}

// TestReadListed: ReadListed reads what ReadFile reads, and refuses at
// once, without a stat first, what ReadFile refuses (a named pipe with
// no writer, a device, a directory swapped in after a listing).
func TestReadListed(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for path, kind := range map[string]string{fifo: "a named pipe", "/dev/zero": "a character device", dir: "a directory"} {
		done := make(chan error, 1)
		go func() {
			_, _, err := ReadListed(path, 0)
			done <- err
		}()
		select {
		case err := <-done:
			var nr *NotRegularError
			if !errors.As(err, &nr) || !strings.Contains(err.Error(), kind) {
				t.Errorf("ReadListed(%s) = %v, want a *NotRegularError naming %s", path, err, kind)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("ReadListed(%s) blocks", path)
		}
	}
	p := filepath.Join(dir, "a.md")
	write(t, p, "# A\n", 0o644)
	got, info, err := ReadListed(p, DefaultMaxSize)
	want, _ := read(t, p)
	if err != nil || !bytes.Equal(got, want) || info == nil || cap(got) != len(want)+1 {
		t.Errorf("ReadListed(%s) = %q, %v, %v; ReadFile gives %q", p, got, info, err, want)
	}
	if _, _, err := ReadListed(p, 2); !errors.As(err, new(*TooLargeError)) {
		t.Errorf("ReadListed over the cap: %v, want a *TooLargeError", err)
	}
	if _, _, err := ReadListed(filepath.Join(dir, "gone.md"), 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadListed of a removed file: %v", err)
	}
}

// TestReadHead: the head of a regular file, cut at n bytes; what
// ReadFile refuses is refused the same way, without blocking.
func TestReadHead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ignore")
	write(t, path, "0123456789", 0o644)
	for n, want := range map[int64]string{4: "0123", 10: "0123456789", 11: "0123456789"} {
		data, cut, err := ReadHead(path, n)
		if err != nil || string(data) != want || cut != (n < 10) {
			t.Errorf("ReadHead(%d) = %q, %v, %v; want %q", n, data, cut, err, want)
		}
	}
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for path, kind := range map[string]string{fifo: "a named pipe", "/dev/zero": "a character device", dir: "a directory"} {
		done := make(chan error, 1)
		go func() {
			_, _, err := ReadHead(path, 1<<20)
			done <- err
		}()
		select {
		case err := <-done:
			var nr *NotRegularError
			if !errors.As(err, &nr) || !strings.Contains(err.Error(), kind) {
				t.Errorf("ReadHead(%s) = %v, want a *NotRegularError naming %s", path, err, kind)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("ReadHead(%s) blocks", path)
		}
	}
}

// TestSizeCap: a file over the cap is refused after reading its head
// only, and standard input after limit+1 bytes (an endless reader ends).
func TestSizeCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.md")
	write(t, path, "# Title\n"+strings.Repeat("x", 2000), 0o644)
	_, _, err := ReadFile(path, 1000)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != 2008 || tl.Limit != 1000 || !strings.HasPrefix(string(tl.Head), "# Title\n") || len(tl.Head) > HeadSize {
		t.Fatalf("ReadFile over the cap = %v (%+v)", err, tl)
	}
	if got := tl.Detail(); got != "2 KiB, larger than the 1000 bytes limit" {
		t.Errorf("detail %q", got)
	}
	if got := err.Error(); got != path+" is 2 KiB, larger than the 1000 bytes limit" {
		t.Errorf("message %q", got)
	}
	if data, _, err := ReadFile(path, 2008); err != nil || len(data) != 2008 {
		t.Errorf("ReadFile at the cap: %d bytes, %v", len(data), err)
	}
	endless := &countingReader{}
	_, err = ReadAll(endless, 1<<20)
	if !errors.As(err, &tl) || tl.Size != -1 || endless.n > 1<<20+64<<10 {
		t.Errorf("ReadAll(endless) = %v after %d bytes", err, endless.n)
	}
}

type countingReader struct{ n int }

func (r *countingReader) Read(p []byte) (int, error) {
	r.n += len(p)
	return len(p), nil
}

// TestReplaceFileKeepsModeOwnerAndLinks: mode bits (set-id included),
// owner and group survive; a symbolic link stays a link to the fixed
// target; no temporary file is left.
func TestReplaceFileKeepsModeOwnerAndLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "doc.md")
	write(t, target, "old\n", 0o644)
	if os.Geteuid() == 0 {
		if err := os.Chown(target, 65534, 65534); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(target, 0o751|os.ModeSetuid); err != nil { // after chown, which clears set-id bits
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink("doc.md", link); err != nil {
		t.Fatal(err)
	}
	orig, info := read(t, link)
	if err := ReplaceFile(link, []byte("new\n"), info, orig); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new\n" {
		t.Errorf("target holds %q", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a symbolic link: %v", err)
	}
	fi, err := os.Stat(target)
	if err != nil {
		t.Fatal(err)
	}
	if want := os.FileMode(0o751) | os.ModeSetuid; fi.Mode() != want {
		t.Errorf("mode %v, want %v", fi.Mode(), want)
	}
	if st := fi.Sys().(*syscall.Stat_t); os.Geteuid() == 0 && (st.Uid != 65534 || st.Gid != 65534) {
		t.Errorf("owner %d:%d, want 65534:65534", st.Uid, st.Gid)
	}
	if got := entries(t, dir); !slices.Equal(got, []string{"doc.md", "link.md"}) {
		t.Errorf("directory holds %q", got)
	}
}

// TestReplaceFileRefuses: a read-only file (even for root), a file with two
// hard links and a file that changed since it was read are left as they
// are, with no temporary file.
func TestReplaceFileRefuses(t *testing.T) {
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro.md")
	write(t, ro, "old\n", 0o444)
	hl := filepath.Join(dir, "hl.md")
	write(t, hl, "old\n", 0o644)
	if err := os.Link(hl, filepath.Join(dir, "hl2.md")); err != nil {
		t.Fatal(err)
	}
	ch := filepath.Join(dir, "changed.md")
	write(t, ch, "old\n", 0o644)
	orig, chInfo := read(t, ch)
	write(t, ch, "new\n", 0o644) // same size: the content check catches it
	for path, want := range map[string]error{ro: ErrReadOnly, hl: ErrHardLinks, ch: ErrChanged} {
		data, info := orig, chInfo
		if path != ch {
			data, info = read(t, path)
		}
		if err := ReplaceFile(path, []byte("fixed\n"), info, data); !errors.Is(err, want) {
			t.Errorf("ReplaceFile(%s) = %v, want %v", filepath.Base(path), err, want)
		}
	}
	for _, p := range []string{ro, hl} {
		if got, _ := os.ReadFile(p); string(got) != "old\n" {
			t.Errorf("%s holds %q", p, got)
		}
	}
	if got, _ := os.ReadFile(ch); string(got) != "new\n" {
		t.Errorf("the edit made since the read was lost: %q", got)
	}
	if got := entries(t, dir); !slices.Equal(got, []string{"changed.md", "hl.md", "hl2.md", "ro.md"}) {
		t.Errorf("directory holds %q", got)
	}
}

// TestReplaceFileChangedDuringWrite: an edit saved while the fixed text is
// being written is kept, and the temporary file is removed; so it is
// after any error before the rename.
func TestReplaceFileChangedDuringWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "doc.md")
	write(t, path, "old\n", 0o644)
	orig, info := read(t, path)
	defer func() { testHookBeforeRename = nil }()
	testHookBeforeRename = func() error {
		write(t, path, "edited meanwhile\n", 0o644)
		return nil
	}
	if err := ReplaceFile(path, []byte("fixed\n"), info, orig); !errors.Is(err, ErrChanged) {
		t.Errorf("ReplaceFile = %v, want ErrChanged", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "edited meanwhile\n" {
		t.Errorf("file holds %q", got)
	}
	write(t, path, "old\n", 0o644)
	orig, info = read(t, path)
	full := errors.New("no space left on device")
	testHookBeforeRename = func() error { return full }
	if err := ReplaceFile(path, []byte("fixed\n"), info, orig); !errors.Is(err, full) {
		t.Errorf("ReplaceFile = %v, want the injected error", err)
	}
	if got := entries(t, dir); !slices.Equal(got, []string{"doc.md"}) {
		t.Errorf("directory holds %q after errors", got)
	}
}

// TestReplaceFileKilled: a process killed while writing the fixed text
// (here: just before the rename) leaves the file as it was and no
// temporary file (Linux: the temporary file has no name until then).
func TestReplaceFileKilled(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("unnamed temporary files are Linux only")
	}
	if path := os.Getenv("SAFEIO_KILL_CHILD"); path != "" {
		orig, info := read(t, path)
		testHookBeforeRename = func() error {
			os.Stdout.WriteString("ready\n")
			select {} // wait to be killed
		}
		_ = ReplaceFile(path, []byte("fixed\n"), info, orig)
		return
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "doc.md")
	write(t, path, "old\n", 0o644)
	cmd := exec.Command(os.Args[0], "-test.run=^TestReplaceFileKilled$")
	cmd.Env = append(os.Environ(), "SAFEIO_KILL_CHILD="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "ready\n" {
		_ = cmd.Process.Kill()
		t.Fatalf("child: %q, %v", line, err)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, out)
	_ = cmd.Wait()
	if got := entries(t, dir); !slices.Equal(got, []string{"doc.md"}) {
		t.Errorf("directory holds %q after a kill", got)
	}
	if got, _ := os.ReadFile(path); string(got) != "old\n" {
		t.Errorf("file holds %q", got)
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"1048576": 1 << 20, "10M": 10 << 20, "10MB": 10 << 20, "10 MiB": 10 << 20, "512k": 512 << 10, "1G": 1 << 30, "1b": 1} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v, want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "10X", "M", "1.5M", "99999999999999999999"} {
		if _, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) accepted", in)
		}
	}
}

// TestReadFileReadsOnce checks that a file is read into one buffer of
// its size (plus the byte that tells it did not grow): sfmd lint reads
// thousands of files, and each extra buffer is a copy of the file.
func TestReadFileReadsOnce(t *testing.T) {
	for _, size := range []int{0, 1, 100, 511, 512, 4096, 100_000} {
		p := filepath.Join(t.TempDir(), "a.md")
		want := bytes.Repeat([]byte("x"), size)
		if err := os.WriteFile(p, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, _, err := ReadFile(p, DefaultMaxSize)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("size %d: read %d bytes, not the file", size, len(got))
		}
		if cap(got) != size+1 {
			t.Errorf("size %d: buffer of %d bytes, want %d: the file was read into more than one buffer", size, cap(got), size+1)
		}
	}
}
