package lsp_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/jsonrpc"
	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/internal/lsp/lsptest"
	"github.com/sfmd-dev/sfmd/lint"
)

var (
	fuzzOnce     sync.Once
	fuzzSessions [2]*session // UTF-16 (every editor's default), UTF-8
	fuzzN        int
)

// FuzzServer types arbitrary documents into the server as an editor
// would: incremental edits at random places (also past the end of a line
// or of the document), whole replacements, and every request at random
// positions in between; and hostile changes: huge lines and characters
// (up to LSP's 2^31-1), inverted ranges, positions inside a UTF-16
// surrogate pair or a UTF-8 sequence, in UTF-16 and UTF-8 sessions, and
// positions that are no LSP uinteger (negative, past 2^31-1, 2^63-1),
// which must be refused with the rest of their notification, the text
// kept, and one log message each. The server must never fail a request
// internally, must lint every document completely, and its copy of the
// text must stay the editor's: the diagnostics of the edited document
// equal those of the same text opened fresh. Seeds: the parser's fuzz
// corpus (../corpus/fuzz) and test documents (../sfmd/testdata); `go
// test` replays them, `go test ./lsp -run '^$' -fuzz FuzzServer` fuzzes.
func FuzzServer(f *testing.F) {
	for _, pat := range []string{"../../corpus/fuzz/*.md", "../../sfmd/testdata/*.md", "../../corpus/err/*.md"} {
		files, err := filepath.Glob(pat)
		if err != nil {
			f.Fatal(err)
		}
		for _, name := range files {
			src, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src, uint64(len(name)))
		}
	}
	if testing.Short() {
		f.Skip("fuzz replay skipped in -short mode")
	}
	f.Fuzz(func(t *testing.T, src []byte, seed uint64) {
		fuzzOnce.Do(func() {
			fuzzSessions[0] = newSession(&testing.T{}, nil, lsp.Options{MinSeverity: lint.Info}, nil)
			fuzzSessions[1] = newSession(&testing.T{}, nil, lsp.Options{MinSeverity: lint.Info}, map[string]any{"general": map[string]any{"positionEncodings": []string{"utf-8"}}})
		})
		s := fuzzSessions[seed%2]
		s.t = t
		fuzzN++
		typeDocument(t, s, fmt.Sprintf("fuzz%d.md", fuzzN), strings.ToValidUTF8(string(src), "\uFFFD"), seed)
	})
}

func typeDocument(t *testing.T, s *session, name, input string, seed uint64) {
	r := rand.New(rand.NewPCG(seed, uint64(len(input))))
	uri := s.uri(name)
	if err := s.c.Open(uri, ""); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.c.Close(uri) }()
	lines := strings.Count(input, "\n") + 2
	randPos := func() lsp.Position {
		if r.IntN(10) == 0 {
			return lsp.Position{Line: r.IntN(lines + 5), Character: r.IntN(1000)} // anywhere, even past the end
		}
		return lsp.Position{Line: r.IntN(lines), Character: r.IntN(40)}
	}
	logs, refused := len(s.c.Logs()), 0
	// Type the input in chunks, with edits and requests in between.
	for i := 0; i < len(input); {
		n := min(1+r.IntN(64), len(input)-i)
		for i+n < len(input) && !utf8.RuneStart(input[i+n]) {
			n++ // whole characters: JSON carries text, not bytes
		}
		chunk := input[i : i+n]
		i += n
		end := s.c.PositionAt(uri, len(s.c.Text(uri)))
		switch r.IntN(10) {
		case 8: // hostile but valid positions: the server clamps them as the editor does
			a, b := hostilePos(r, s, uri), hostilePos(r, s, uri)
			if _, err := s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Range: &lsp.Range{Start: a, End: b}, Text: chunk}); err != nil {
				t.Fatal(err)
			}
		case 9: // a valid change, then one that is no position at all: both refused
			refuseChange(t, s, uri, r, end, chunk)
			refused++
		case 0: // replace a random range with the chunk
			a, b := randPos(), randPos()
			if _, err := s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Range: &lsp.Range{Start: a, End: b}, Text: chunk}); err != nil {
				t.Fatal(err)
			}
		case 1: // the whole text at once
			if _, err := s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Text: s.c.Text(uri) + chunk}); err != nil {
				t.Fatal(err)
			}
		default: // append
			if _, err := s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Range: &lsp.Range{Start: end, End: end}, Text: chunk}); err != nil {
				t.Fatal(err)
			}
		}
		if r.IntN(3) == 0 {
			requestEverything(t, s, uri, randPos())
		}
	}
	v, err := s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Range: &lsp.Range{Start: lsp.Position{}, End: lsp.Position{}}, Text: ""})
	if err != nil {
		t.Fatal(err)
	}
	requestEverything(t, s, uri, lsp.Position{})
	edited, err := s.c.WaitDiagnostics(uri, v)
	if err != nil {
		t.Fatal(err)
	}
	// The server's text is the editor's: a fresh open gives the same.
	fresh := s.uri("fresh-" + name)
	if err := s.c.Open(fresh, s.c.Text(uri)); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.c.Close(fresh) }()
	opened, err := s.c.WaitDiagnostics(fresh, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Messages may name the document itself (an include without a path
	// reads "<stem>.source/<id>.md"): the fresh copy's name is not a
	// difference of text.
	stem := strings.TrimSuffix(name, ".md")
	if a, b := diagText(edited), strings.ReplaceAll(diagText(opened), "fresh-"+stem, stem); a != b {
		t.Errorf("the edited document and the same text opened fresh differ:\n%s\n---\n%s\ntext: %q", a, b, s.c.Text(uri))
	}
	for _, l := range s.c.Logs()[logs:] {
		if !strings.Contains(l, " refused, the document keeps the text of version ") {
			t.Errorf("server log: %s", l)
		}
	}
	if n := len(s.c.Logs()) - logs; n != refused {
		t.Errorf("%d changes refused, %d log messages", refused, n)
	}
}

// hostilePos returns a valid LSP position an editor should not send:
// huge, past the end, or inside a character (the second unit of a UTF-16
// surrogate pair, a continuation byte of UTF-8).
func hostilePos(r *rand.Rand, s *session, uri string) lsp.Position {
	text := s.c.Text(uri)
	switch r.IntN(4) {
	case 0:
		return lsp.Position{Line: r.IntN(3), Character: 1<<31 - 1 - r.IntN(3)}
	case 1:
		return lsp.Position{Line: 1<<31 - 1 - r.IntN(3), Character: r.IntN(5)}
	case 2:
		for i, c := range text {
			if utf8.RuneLen(c) > 1 && r.IntN(3) == 0 {
				p := s.c.PositionAt(uri, i)
				p.Character++ // inside the character
				return p
			}
		}
	}
	return s.c.PositionAt(uri, r.IntN(len(text)+1))
}

// refuseChange sends, in one notification, a valid change and one whose
// position is no LSP uinteger, without touching the client's copy: the
// server must refuse both.
func refuseChange(t *testing.T, s *session, uri string, r *rand.Rand, at lsp.Position, chunk string) {
	t.Helper()
	bad := []lsp.Position{{Line: -1}, {Character: -1 - r.IntN(5)}, {Line: 1 << 31}, {Character: 1<<63 - 1}, {Line: 1, Character: 1<<63 - 1}}[r.IntN(5)]
	err := s.c.Notify("textDocument/didChange", lsp.DidChangeTextDocumentParams{
		TextDocument: lsp.VersionedTextDocumentIdentifier{URI: uri, Version: 0},
		ContentChanges: []lsp.TextDocumentContentChangeEvent{
			{Range: &lsp.Range{Start: at, End: at}, Text: chunk},
			{Range: &lsp.Range{Start: bad, End: at}, Text: chunk},
		}})
	if err != nil {
		t.Fatal(err)
	}
}

func diagText(p lsp.PublishDiagnosticsParams) string {
	var b strings.Builder
	for _, d := range p.Diagnostics {
		fmt.Fprintf(&b, "%v %s %s\n", d.Range, d.Code, d.Message)
	}
	return b.String()
}

// requestEverything sends every request at p; none may fail internally.
func requestEverything(t *testing.T, s *session, uri string, p lsp.Position) {
	t.Helper()
	doc := map[string]any{"uri": uri}
	at := map[string]any{"textDocument": doc, "position": p}
	for _, req := range []struct {
		method string
		params any
	}{
		{"textDocument/hover", at},
		{"textDocument/definition", at},
		{"textDocument/references", map[string]any{"textDocument": doc, "position": p, "context": map[string]any{"includeDeclaration": true}}},
		{"textDocument/documentHighlight", at},
		{"textDocument/completion", at},
		{"textDocument/prepareRename", at},
		{"textDocument/rename", map[string]any{"textDocument": doc, "position": p, "newName": "renamed"}},
		{"textDocument/documentSymbol", map[string]any{"textDocument": doc}},
		{"textDocument/codeAction", map[string]any{"textDocument": doc, "range": lsp.Range{Start: lsp.Position{}, End: p}, "context": map[string]any{"diagnostics": []any{}}}},
	} {
		var raw json.RawMessage
		err := s.c.Call(req.method, req.params, &raw)
		var rpcErr *jsonrpc.Error
		if errors.As(err, &rpcErr) && rpcErr.Code == jsonrpc.RequestFailed {
			continue // "only action IDs can be renamed" and the like
		}
		if err != nil {
			t.Fatalf("%s at %+v: %v\ntext: %q", req.method, p, err, s.c.Text(uri))
		}
	}
}

// A raw connection to a server, for messages no client sends.
type rawConn struct {
	w    *jsonrpc.Writer
	r    *jsonrpc.Reader
	in   *io.PipeWriter
	wait func() int
}

func newRaw(t *testing.T, opts lsp.Options) *rawConn {
	t.Helper()
	sr, cw := io.Pipe()
	cr, sw := io.Pipe()
	done := make(chan int, 1)
	go func() { done <- lsp.Serve(t.Context(), sr, sw, opts); _ = sw.Close() }()
	code, got := 0, false
	return &rawConn{w: jsonrpc.NewWriter(cw), r: jsonrpc.NewReader(cr, 0), in: cw, wait: func() int {
		if !got {
			code, got = <-done, true
		}
		return code
	}}
}

// next returns the next response, skipping notifications.
func (c *rawConn) next(t *testing.T) *jsonrpc.Message {
	t.Helper()
	for {
		m, err := c.r.Read()
		if err != nil {
			t.Fatal(err)
		}
		if m.IsResponse() {
			return m
		}
	}
}

func (c *rawConn) expectError(t *testing.T, id string, code int) {
	t.Helper()
	m := c.next(t)
	if string(m.ID) != id || m.Error == nil || m.Error.Code != code {
		t.Errorf("response %s: %+v (error %+v), want error %d", id, m, m.Error, code)
	}
}

// The lifecycle and the protocol's corner cases: requests before
// initialize, unknown methods, bad params and JSON, cancelled requests,
// requests after shutdown, exit statuses.
func TestProtocol(t *testing.T) {
	c := newRaw(t, lsp.Options{Analyzers: analyzers(), Dir: t.TempDir()})
	id := func(n int) json.RawMessage { return json.RawMessage(fmt.Sprint(n)) }
	_ = c.w.Request(id(1), "textDocument/hover", map[string]any{})
	c.expectError(t, "1", jsonrpc.ServerNotInitialized)
	_ = c.w.Request(id(2), "initialize", map[string]any{"capabilities": map[string]any{"general": map[string]any{"positionEncodings": []string{"utf-32", "utf-8"}}}})
	m := c.next(t)
	var res lsp.InitializeResult
	if m.Error != nil || json.Unmarshal(m.Result, &res) != nil || res.Capabilities.PositionEncoding != "utf-8" || res.Capabilities.TextDocumentSync.Change != 2 {
		t.Fatalf("initialize: %+v %s", m.Error, m.Result)
	}
	_ = c.w.Notify("initialized", map[string]any{})
	_ = c.w.Request(id(3), "initialize", map[string]any{})
	c.expectError(t, "3", jsonrpc.InvalidRequest)
	_ = c.w.Request(id(4), "textDocument/frobnicate", map[string]any{})
	c.expectError(t, "4", jsonrpc.MethodNotFound)
	_ = c.w.Notify("$/setTrace", map[string]any{"value": "off"})
	// LSP 3.17: a "$/" request the server does not implement gets
	// MethodNotFound (the notification above is ignored), and so does a
	// $/cancelRequest sent as a request.
	_ = c.w.Request(json.RawMessage(`"dollar"`), "$/frobnicate", map[string]any{})
	c.expectError(t, `"dollar"`, jsonrpc.MethodNotFound)
	_ = c.w.Request(json.RawMessage(`"cancel-as-request"`), "$/cancelRequest", map[string]any{"id": 1})
	c.expectError(t, `"cancel-as-request"`, jsonrpc.MethodNotFound)
	_ = c.w.Notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.md", "version": 2}, "contentChanges": []any{}})
	_ = c.w.Request(id(5), "textDocument/hover", "not an object")
	c.expectError(t, "5", jsonrpc.InvalidParams)
	_ = c.w.Request(id(6), "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.md"}, "position": map[string]int{"line": 0, "character": 0}})
	c.expectError(t, "6", jsonrpc.InvalidParams)
	if _, err := io.WriteString(c.in, "Content-Length: 9\r\n\r\n{\"bad\": }"); err != nil {
		t.Fatal(err)
	}
	c.expectError(t, "null", jsonrpc.ParseError)
	// A cancel of a request not received (yet) is dropped: request 7 is
	// answered (TestCancelIDsBounded cancels a queued request).
	_ = c.w.Notify("$/cancelRequest", map[string]any{"id": 7})
	_ = c.w.Request(id(7), "textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.md"}})
	c.expectError(t, "7", jsonrpc.InvalidParams)
	_ = c.w.Request(id(8), "shutdown", nil)
	if m := c.next(t); string(m.ID) != "8" || m.Error != nil || string(m.Result) != "null" {
		t.Errorf("shutdown: %+v", m)
	}
	_ = c.w.Request(id(9), "textDocument/hover", map[string]any{})
	c.expectError(t, "9", jsonrpc.InvalidRequest)
	_ = c.w.Notify("exit", nil)
	if code := c.wait(); code != 0 {
		t.Errorf("exit after shutdown: %d, want 0", code)
	}

	// exit without shutdown, and a closed stream, are failures.
	c = newRaw(t, lsp.Options{Analyzers: analyzers()})
	_ = c.w.Notify("exit", nil)
	if code := c.wait(); code != 1 {
		t.Errorf("exit without shutdown: %d, want 1", code)
	}
	c = newRaw(t, lsp.Options{Analyzers: analyzers()})
	_ = c.in.Close()
	if code := c.wait(); code != 1 {
		t.Errorf("end of input: %d, want 1", code)
	}
}

// blocker is a rule that waits, at every document containing "BLOCK",
// until the test lets it go: the lint of a version is still running when
// the next change arrives.
type blocker struct {
	started chan string
	release chan struct{}
}

func (b *blocker) analyzer() *lint.Analyzer {
	return &lint.Analyzer{Name: "blocker", Severity: lint.Error, Profile: lint.Core, Doc: lint.Doc{Title: "waits"},
		Run: func(p *lint.Pass) (any, error) {
			if strings.Contains(string(p.Doc.Src), "BLOCK") {
				b.started <- string(p.Doc.Src)
				<-b.release
			}
			return nil, nil
		}}
}

var shout = &lint.Analyzer{Name: "shout", Severity: lint.Error, Profile: lint.Core, Doc: lint.Doc{Title: "no shouting"},
	Run: func(p *lint.Pass) (any, error) {
		if i := strings.Index(string(p.Doc.Src), "LOUD"); i >= 0 {
			p.Reportf(p.Doc.Index.Span(i, i+4), "do not shout")
		}
		return nil, nil
	}}

// A change cancels the lint of the previous version: its remaining rules
// do not run, its findings are never published, the latest version's are.
func TestStaleLintCancelled(t *testing.T) {
	b := &blocker{started: make(chan string), release: make(chan struct{})}
	var mu sync.Mutex
	var after []string // the documents the rule after the blocker checked
	// a warning: an info rule, whose findings the editor does not show, is not run
	recorder := &lint.Analyzer{Name: "recorder", Severity: lint.Warning, Profile: lint.Core, Doc: lint.Doc{Title: "records"},
		Run: func(p *lint.Pass) (any, error) {
			mu.Lock()
			after = append(after, string(p.Doc.Src))
			mu.Unlock()
			return nil, nil
		}}
	s := newSession(t, nil, lsp.Options{Analyzers: []*lint.Analyzer{b.analyzer(), recorder, shout}}, nil)
	uri := s.uri("doc.md")
	if err := s.c.Open(uri, "BLOCK LOUD v1\n"); err != nil {
		t.Fatal(err)
	}
	if got := <-b.started; got != "BLOCK LOUD v1\n" {
		t.Fatalf("lint of %q", got)
	}
	v, _ := s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Text: "BLOCK quiet v2\n"})
	// Messages are handled in order: once this answer is back, the change
	// has been seen (and the v1 lint cancelled).
	var syms []lsp.DocumentSymbol
	if err := s.c.Call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms); err != nil {
		t.Fatal(err)
	}
	// The v2 lint waits at the blocker too; let both go.
	b.release <- struct{}{}
	select {
	case got := <-b.started:
		if got != "BLOCK quiet v2\n" {
			t.Fatalf("second lint of %q", got)
		}
	case <-time.After(lsptest.Timeout):
		t.Fatal("no lint of version 2")
	}
	b.release <- struct{}{}
	p, err := s.c.WaitDiagnostics(uri, 1)
	if err != nil {
		t.Fatal(err)
	}
	if *p.Version != v || len(p.Diagnostics) != 0 {
		t.Errorf("first publication: version %d with %d diagnostics, want version %d (v1 was superseded)", *p.Version, len(p.Diagnostics), v)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(after) != 1 || after[0] != "BLOCK quiet v2\n" {
		t.Errorf("rules run after the change on %q: the lint of v1 went on after it was superseded", after)
	}
}

// Closing a document clears its diagnostics.
func TestCloseClears(t *testing.T) {
	s := newSession(t, nil, lsp.Options{Analyzers: []*lint.Analyzer{shout}}, nil)
	uri := s.uri("doc.md")
	if p := s.open("doc.md", "LOUD\n"); len(p.Diagnostics) != 1 {
		t.Fatalf("open: %+v", p)
	}
	s.c.ForgetDiagnostics(uri)
	if err := s.c.Close(uri); err != nil {
		t.Fatal(err)
	}
	p, err := s.c.WaitDiagnostics(uri, 0)
	if err != nil || len(p.Diagnostics) != 0 {
		t.Errorf("after close: %+v %v", p, err)
	}
}
