// Package lsptest drives a language server the way an editor does, for
// tests and benchmarks (as net/http/httptest does for HTTP): it keeps its
// own copy of each open document, sends changes, applies the edits the
// server returns, and collects the diagnostics the server publishes. It
// works over any pair of streams: an `sfmd lsp` process's stdin and
// stdout, or lsp.Serve in the same process.
package lsptest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/jsonrpc"
	"github.com/sfmd-dev/sfmd/internal/lsp"
)

// Timeout bounds every wait of the client.
var Timeout = 30 * time.Second

// Client is an editor.
type Client struct {
	rpc *jsonrpc.Client

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced on every publication
	diags    map[string]lsp.PublishDiagnosticsParams
	texts    map[string]string
	versions map[string]int
	encoding string
	logs     []string
	requests []string // methods of the server's requests
}

// New connects to a server reading r (its output) and writing w (its
// input).
func New(r io.Reader, w io.Writer) *Client {
	c := &Client{changed: make(chan struct{}), diags: map[string]lsp.PublishDiagnosticsParams{},
		texts: map[string]string{}, versions: map[string]int{}, encoding: "utf-16"}
	c.rpc = jsonrpc.NewClient(r, w, c.handle)
	return c
}

// InProcess runs lsp.Serve with opts over pipes and connects to it;
// wait blocks until Serve returns and gives its exit status (it may be
// called any number of times).
func InProcess(opts lsp.Options) (c *Client, wait func() int) {
	sr, cw := io.Pipe()
	cr, sw := io.Pipe()
	done := make(chan struct{})
	code := 0
	go func() {
		code = lsp.Serve(context.Background(), sr, sw, opts)
		_ = sw.Close()
		_ = sr.Close()
		close(done)
	}()
	return New(cr, cw), func() int { <-done; return code }
}

func (c *Client) handle(m *jsonrpc.Message) (any, *jsonrpc.Error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if m.IsRequest() {
		c.requests = append(c.requests, m.Method)
	}
	switch m.Method {
	case "textDocument/publishDiagnostics":
		var p lsp.PublishDiagnosticsParams
		if json.Unmarshal(m.Params, &p) == nil {
			c.diags[p.URI] = p
			close(c.changed)
			c.changed = make(chan struct{})
		}
	case "window/logMessage", "window/showMessage":
		var p lsp.LogMessageParams
		if json.Unmarshal(m.Params, &p) == nil {
			c.logs = append(c.logs, p.Message)
		}
	}
	return nil, nil
}

// Logs returns the server's log messages so far.
func (c *Client) Logs() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.logs...)
}

// ServerRequests returns the methods of the requests the server sent.
func (c *Client) ServerRequests() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.requests...)
}

// Call sends a request and decodes its result into result.
func (c *Client) Call(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	return c.rpc.Call(ctx, method, params, result)
}

// Notify sends a notification.
func (c *Client) Notify(method string, params any) error { return c.rpc.Notify(method, params) }

// Initialize runs the handshake (initialize, initialized) with the
// workspace root rootURI and the given client capabilities.
func (c *Client) Initialize(rootURI string, capabilities map[string]any) (*lsp.InitializeResult, error) {
	var res lsp.InitializeResult
	params := map[string]any{"processId": nil, "rootUri": rootURI, "capabilities": capabilities}
	if err := c.Call("initialize", params, &res); err != nil {
		return nil, err
	}
	c.mu.Lock()
	if res.Capabilities.PositionEncoding != "" {
		c.encoding = res.Capabilities.PositionEncoding
	}
	c.mu.Unlock()
	return &res, c.Notify("initialized", map[string]any{})
}

// Shutdown sends shutdown then exit.
func (c *Client) Shutdown() error {
	if err := c.Call("shutdown", nil, nil); err != nil {
		return err
	}
	return c.Notify("exit", nil)
}

// Open opens a document at version 1.
func (c *Client) Open(uri, text string) error {
	c.mu.Lock()
	c.texts[uri], c.versions[uri] = text, 1
	c.mu.Unlock()
	return c.Notify("textDocument/didOpen", lsp.DidOpenTextDocumentParams{TextDocument: lsp.TextDocumentItem{URI: uri, LanguageID: "markdown", Version: 1, Text: text}})
}

// Close closes a document.
func (c *Client) Close(uri string) error {
	c.mu.Lock()
	delete(c.texts, uri)
	c.mu.Unlock()
	return c.Notify("textDocument/didClose", lsp.DidCloseTextDocumentParams{TextDocument: lsp.TextDocumentIdentifier{URI: uri}})
}

// Text returns the client's copy of a document.
func (c *Client) Text(uri string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.texts[uri]
}

// Change applies changes to the client's copy and sends them; it returns
// the new version.
func (c *Client) Change(uri string, changes ...lsp.TextDocumentContentChangeEvent) (int, error) {
	c.mu.Lock()
	text := c.texts[uri]
	for _, ch := range changes {
		if ch.Range == nil {
			text = ch.Text
			continue
		}
		start, end := c.offset(text, ch.Range.Start), c.offset(text, ch.Range.End)
		if end < start {
			start, end = end, start
		}
		text = text[:start] + ch.Text + text[end:]
	}
	c.versions[uri]++
	v := c.versions[uri]
	c.texts[uri] = text
	c.mu.Unlock()
	return v, c.Notify("textDocument/didChange", lsp.DidChangeTextDocumentParams{
		TextDocument: lsp.VersionedTextDocumentIdentifier{URI: uri, Version: v}, ContentChanges: changes})
}

// ApplyEdits applies the edits of a WorkspaceEdit for uri as an editor
// does: to its copy and, as incremental changes, to the server.
func (c *Client) ApplyEdits(uri string, edits []lsp.TextEdit) (int, error) {
	sorted := append([]lsp.TextEdit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return less(sorted[j].Range.Start, sorted[i].Range.Start) })
	changes := make([]lsp.TextDocumentContentChangeEvent, len(sorted))
	for i, e := range sorted {
		r := e.Range
		changes[i] = lsp.TextDocumentContentChangeEvent{Range: &r, Text: e.NewText}
	}
	return c.Change(uri, changes...)
}

func less(a, b lsp.Position) bool {
	return a.Line < b.Line || (a.Line == b.Line && a.Character < b.Character)
}

// WaitDiagnostics waits for the diagnostics of uri at version (or a later
// one; version 0 accepts any publication, for closed documents).
func (c *Client) WaitDiagnostics(uri string, version int) (lsp.PublishDiagnosticsParams, error) {
	deadline := time.NewTimer(Timeout)
	defer deadline.Stop()
	for {
		c.mu.Lock()
		p, ok := c.diags[uri]
		ch := c.changed
		c.mu.Unlock()
		if ok && (version == 0 || (p.Version != nil && *p.Version >= version)) {
			return p, nil
		}
		select {
		case <-ch:
		case <-c.rpc.Done():
			return p, errors.New("the server closed the connection")
		case <-deadline.C:
			return p, fmt.Errorf("no diagnostics for %s at version %d within %v", uri, version, Timeout)
		}
	}
}

// ForgetDiagnostics drops what was published for uri (to wait for the
// next publication).
func (c *Client) ForgetDiagnostics(uri string) {
	c.mu.Lock()
	delete(c.diags, uri)
	c.mu.Unlock()
}

// Position returns the position of the n-th (0-based) occurrence of
// needle in uri's text, plus delta characters, in the negotiated
// encoding. It panics when needle is missing (a broken test).
func (c *Client) Position(uri, needle string, n, delta int) lsp.Position {
	c.mu.Lock()
	defer c.mu.Unlock()
	text := c.texts[uri]
	off := -1
	for i := 0; i <= n; i++ {
		j := strings.Index(text[off+1:], needle)
		if j < 0 {
			panic(fmt.Sprintf("lsptest: %q occurs fewer than %d times", needle, n+1))
		}
		off += 1 + j
	}
	return c.position(text, off, delta)
}

// lineStarts returns where the lines of text start; lines end at "\n",
// "\r\n" or a lone "\r", as LSP counts them.
func lineStarts(text string) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return starts
}

// position converts a byte offset plus delta characters (an offset
// between "\r" and "\n" is the end of its line).
func (c *Client) position(text string, off, delta int) lsp.Position {
	starts := lineStarts(text)
	line := sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1
	end := off
	if end > 0 && end < len(text) && text[end-1] == '\r' && text[end] == '\n' {
		end--
	}
	return lsp.Position{Line: line, Character: c.units(text[starts[line]:end]) + delta}
}

// Offset is the byte offset of p in the client's text of uri.
func (c *Client) Offset(uri string, p lsp.Position) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.offset(c.texts[uri], p)
}

func (c *Client) offset(text string, p lsp.Position) int {
	starts := lineStarts(text)
	if p.Line >= len(starts) {
		return len(text)
	}
	ls := starts[p.Line]
	le := len(text)
	if p.Line+1 < len(starts) {
		le = starts[p.Line+1]
		for le > ls && (text[le-1] == '\n' || text[le-1] == '\r') {
			le--
			if text[le] == '\r' {
				break
			}
		}
	}
	n, i := 0, ls
	for i < le && n < p.Character {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		n += c.runeUnits(r, size)
	}
	return i
}

func (c *Client) units(s string) int {
	n := 0
	for _, r := range s {
		n += c.runeUnits(r, utf8.RuneLen(r))
	}
	return n
}

func (c *Client) runeUnits(r rune, size int) int {
	switch c.encoding {
	case "utf-8":
		return size
	case "utf-32":
		return 1
	}
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// URI returns the file: URI of an absolute path.
func URI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// PositionAt converts a byte offset of uri's text to a position in the
// negotiated encoding.
func (c *Client) PositionAt(uri string, off int) lsp.Position {
	c.mu.Lock()
	defer c.mu.Unlock()
	text := c.texts[uri]
	return c.position(text, min(max(off, 0), len(text)), 0)
}
