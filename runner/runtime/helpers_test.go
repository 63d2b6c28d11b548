package runtime

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
	dir  string
}

// newHarness builds a runtime over src in a fresh sandbox, as app:test.
func newHarness(t *testing.T, src string) *harness {
	t.Helper()
	dir := t.TempDir()
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	docPath := filepath.Join(dir, "app.md")
	tr := &fakeTransport{}
	ex := &fakeExec{}
	rt := &Runtime{
		Doc:     &sfmd.Document{Path: docPath, Src: []byte(src)},
		Session: NewSession(),
		Env: Env{
			Topic:   "app:test",
			DocURI:  "file://" + docPath,
			DocPath: docPath,
			Store:   map[string]string{},
			Home:    dir,
			Dir:     dir,
		},
		HTTP: &http.Client{Transport: tr},
		Exec: ex,
	}
	return &harness{rt: rt, tr: tr, exec: ex, dir: dir}
}

func (h *harness) write(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(h.dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
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
			Store: map[string]string{"API_KEY": "k"}, Home: "/sandbox", Dir: "/sandbox",
		},
		HTTP: &http.Client{Transport: tr},
	}
}
