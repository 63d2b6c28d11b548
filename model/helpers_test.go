package model

import (
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// fakeTransport records requests and answers them.
type fakeTransport struct {
	reqs    []*http.Request
	bodies  []string
	status  int
	body    string
	fail    bool
	respond func(*http.Request) (int, string)
}

func (f *fakeTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	b := ""
	if r.Body != nil {
		data, _ := io.ReadAll(r.Body)
		b = string(data)
	}
	f.reqs = append(f.reqs, r)
	f.bodies = append(f.bodies, b)
	if f.fail {
		return nil, errors.New("dial tcp: connection refused")
	}
	status, body := f.status, f.body
	if f.respond != nil {
		status, body = f.respond(r)
	}
	if status == 0 {
		status = 200
	}
	return &http.Response{
		StatusCode: status,
		Header:     http.Header{},
		Body:       io.NopCloser(strings.NewReader(body)),
		Request:    r,
	}, nil
}

type fakeExec struct {
	cmds []string
	dirs []string
	res  ExecResult
	err  error
}

func (f *fakeExec) Exec(command, dir string) (ExecResult, error) {
	f.cmds = append(f.cmds, command)
	f.dirs = append(f.dirs, dir)
	return f.res, f.err
}

type harness struct {
	rt   *Runtime
	tr   *fakeTransport
	exec *fakeExec
	root string // the host directory that is "/"
}

// The virtual paths of the harness: the document lives in cwd.
const (
	hHome = "/home/agent"
	hCwd  = "/home/agent/docs"
	hDoc  = "/home/agent/docs/app.md"
)

// newHarness builds a runtime over src in a fresh sandbox, as app:test:
// the document is /home/agent/docs/app.md of the virtual tree.
func newHarness(t *testing.T, src string) *harness {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(hCwd)), 0o755); err != nil {
		t.Fatal(err)
	}
	tr := &fakeTransport{}
	ex := &fakeExec{}
	fsys := NewFS(root, nil)
	t.Cleanup(func() { _ = fsys.Close() })
	rt := &Runtime{
		Doc:     &sfmd.Document{Path: hDoc, Src: []byte(src)},
		Session: NewSession(),
		Env: Env{
			Topic:   "app:test",
			DocURI:  "file://" + hDoc,
			DocPath: hDoc,
			Store:   map[string]string{},
			Home:    hHome,
			Cwd:     hCwd,
			FS:      fsys,
		},
		HTTP: &http.Client{Transport: tr},
		Exec: ex,
	}
	return &harness{rt: rt, tr: tr, exec: ex, root: root}
}

// write creates the file name (relative to the virtual cwd, or absolute)
// and returns its virtual path.
func (h *harness) write(t *testing.T, name, content string) string {
	t.Helper()
	v := Resolve(hCwd, name)
	p := h.host(v)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return v
}

// host is where the virtual path v lies on the host.
func (h *harness) host(v string) string {
	return filepath.Join(h.root, filepath.FromSlash(v))
}

func (h *harness) url(t *testing.T) string {
	t.Helper()
	if len(h.tr.reqs) != 1 {
		t.Fatalf("sent %d requests, want 1", len(h.tr.reqs))
	}
	return h.tr.reqs[0].URL.String()
}

// fence wraps lines in an action block.
func act(id string, lines ...string) string {
	return "```act." + id + "\n" + strings.Join(lines, "\n") + "\n```\n"
}

func resp(id string, lines ...string) string {
	return "```act." + id + ".response\n" + strings.Join(lines, "\n") + "\n```\n"
}

func expect(t *testing.T, res Result, ok bool, code, content string) {
	t.Helper()
	if res.OK != ok || res.Code != code || res.Content != content {
		t.Errorf("got ok=%v code=%q content:\n%q\nwant ok=%v code=%q content:\n%q", res.OK, res.Code, res.Content, ok, code, content)
	}
}

func newBenchRuntime(src string, tr *fakeTransport) *Runtime {
	return &Runtime{
		Doc:     &sfmd.Document{Path: "/sandbox/app.md", Src: []byte(src)},
		Session: NewSession(),
		Env: Env{
			Topic: "app:weather", DocURI: "file:///sandbox/app.md", DocPath: "/sandbox/app.md",
			Store: map[string]string{"API_KEY": "k"}, Home: "/sandbox", Cwd: "/sandbox",
		},
		HTTP: &http.Client{Transport: tr},
	}
}

// upstreamRoot is ../shared/corpus/upstream beside the module. A test
// that needs it skips without it, but fails under CI=true, where
// ../shared is always present: a wrong path must not pass as a skip.
func upstreamRoot(t testing.TB) string {
	t.Helper()
	root := filepath.Join("..", "..", "shared", "corpus", "upstream")
	if _, err := os.Stat(root); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("upstream corpus not found under CI: %v", err)
		}
		t.Skipf("upstream corpus not found: %v", err)
	}
	return root
}

// addUpstream adds every document of the upstream corpus to docs, by its
// path.
func addUpstream(t *testing.T, docs map[string]string) {
	t.Helper()
	_ = filepath.WalkDir(upstreamRoot(t), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				docs[p] = string(src)
			}
		}
		return nil
	})
}
