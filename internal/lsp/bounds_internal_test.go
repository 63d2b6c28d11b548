package lsp

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sfmd-dev/sfmd/internal/jsonrpc"
	"github.com/sfmd-dev/sfmd/lint"
)

// rig drives a server through JSON-RPC over pipes, with access to its
// state (lsptest, which imports this package, cannot be used here).
type rig struct {
	t    *testing.T
	s    *server
	w    *jsonrpc.Writer
	dir  string
	resp chan *jsonrpc.Message
	next int
}

var noop = &lint.Analyzer{Name: "noop", Severity: lint.Info, Profile: lint.Core, Doc: lint.Doc{Title: "finds nothing"},
	Run: func(*lint.Pass) (any, error) { return nil, nil }}

func newRig(t *testing.T) *rig {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	sr, cw := io.Pipe()
	cr, sw := io.Pipe()
	s := newServer(t.Context(), sw, Options{Analyzers: []*lint.Analyzer{noop}, Dir: dir})
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer s.stop()
		s.loop(jsonrpc.NewReader(sr, 0))
	}()
	r := &rig{t: t, s: s, w: jsonrpc.NewWriter(cw), dir: dir, resp: make(chan *jsonrpc.Message, 16)}
	go func() {
		in := jsonrpc.NewReader(cr, 0)
		for {
			m, err := in.Read()
			if err != nil {
				return
			}
			if m.IsResponse() {
				r.resp <- m
			}
		}
	}()
	t.Cleanup(func() {
		_ = r.w.Notify("exit", nil)
		<-done
		_ = cw.Close()
		_ = sw.Close()
	})
	r.call("initialize", map[string]any{"capabilities": map[string]any{}, "rootUri": pathToURI(dir)})
	return r
}

// request sends a request and returns its ID.
func (r *rig) request(method string, params any) string {
	r.next++
	id := fmt.Sprint(r.next)
	if err := r.w.Request(json.RawMessage(id), method, params); err != nil {
		r.t.Fatal(err)
	}
	return id
}

// wait returns the response to id (responses come in the order of the
// requests).
func (r *rig) wait(id string) *jsonrpc.Message {
	r.t.Helper()
	select {
	case m := <-r.resp:
		if string(m.ID) != id {
			r.t.Fatalf("response %s, want %s", m.ID, id)
		}
		return m
	case <-time.After(time.Minute):
		r.t.Fatalf("no response to %s", id)
		return nil
	}
}

// call sends a request and waits for its response: every message sent
// before it has been handled then.
func (r *rig) call(method string, params any) *jsonrpc.Message {
	r.t.Helper()
	return r.wait(r.request(method, params))
}

func (r *rig) sync() {
	r.t.Helper()
	r.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.md"}})
}

func (r *rig) notify(method string, params any) {
	r.t.Helper()
	if err := r.w.Notify(method, params); err != nil {
		r.t.Fatal(err)
	}
}

// closeWork opens n documents, then closes them all, and returns the
// work (lints scheduled, overlay entries built) the closes cost. saved:
// each buffer is its file's text on disk; else no file has it.
func closeWork(t *testing.T, n int, saved bool) int64 {
	r := newRig(t)
	uris := make([]string, n)
	for i := range uris {
		p := filepath.Join(r.dir, fmt.Sprintf("doc%d.md", i))
		text := fmt.Sprintf("# Doc %d\n\nSee [the next](doc%d.md).\n", i, i+1)
		if saved {
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		uris[i] = pathToURI(p)
		r.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uris[i], "languageId": "markdown", "version": 1, "text": text}})
	}
	r.sync()
	before := r.s.work.Load()
	for _, u := range uris {
		r.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": u}})
	}
	r.sync()
	return r.s.work.Load() - before
}

// Closing saved documents lints nothing again (the others' cross-file
// rules see the same text), and closing unsaved ones costs at most n²
// units of work for n documents: a close costs at most one pass over the
// documents still open, which collects their buffers once (a burst of
// closes handled back to back is one pass). Each close used to lint
// every other document with its own collection of the open buffers: n³
// (600 closes took 6.7 s, 1,200 took 55 s).
func TestCloseWork(t *testing.T) {
	if w := closeWork(t, 1200, true); w != 0 {
		t.Errorf("closing 1,200 saved documents cost %d units of work, want none", w)
	}
	for _, n := range []int{600, 1200} {
		w := closeWork(t, n, false)
		t.Logf("%d closes of unsaved documents: %d units of work", n, w)
		if w > int64(n*n) {
			t.Errorf("closing %d unsaved documents cost %d units of work, want at most %d (quadratic)", n, w, n*n)
		}
	}
}

// $/cancelRequest of an ID that is not a queued request (answered, or
// never sent) is dropped: the IDs the server keeps stay within the
// queue's bound however many the client sends. A queued request that is
// cancelled is answered RequestCancelled.
func TestCancelIDsBounded(t *testing.T) {
	r := newRig(t)
	for i := range 20000 {
		r.notify("$/cancelRequest", map[string]any{"id": i})
	}
	r.notify("$/cancelRequest", map[string]any{"id": "some-string"})
	r.sync()
	r.s.cancelMu.Lock()
	kept, pending := len(r.s.cancelled), len(r.s.pending)
	r.s.cancelMu.Unlock()
	if kept != 0 || pending != 0 {
		t.Errorf("after 20,001 cancels of no queued request the server keeps %d cancelled and %d pending IDs, want none", kept, pending)
	}

	// A request queued behind one that waits (the test holds the lock
	// documentSymbol needs), then cancelled.
	r.s.mu.Lock()
	first := r.request("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.md"}})
	second := r.request("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.md"}})
	r.notify("$/cancelRequest", map[string]any{"id": json.RawMessage(second)})
	deadline := time.Now().Add(time.Minute)
	for {
		r.s.cancelMu.Lock()
		seen := r.s.cancelled[second]
		r.s.cancelMu.Unlock()
		if seen || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	r.s.mu.Unlock()
	if m := r.wait(first); m.Error == nil || m.Error.Code != jsonrpc.InvalidParams {
		t.Errorf("first request: %+v", m.Error)
	}
	if m := r.wait(second); m.Error == nil || m.Error.Code != jsonrpc.RequestCancelled {
		t.Errorf("cancelled request: %+v, want RequestCancelled", m.Error)
	}
	r.s.cancelMu.Lock()
	kept, pending = len(r.s.cancelled), len(r.s.pending)
	r.s.cancelMu.Unlock()
	if kept != 0 || pending != 0 {
		t.Errorf("after the answers the server keeps %d cancelled and %d pending IDs", kept, pending)
	}
}
