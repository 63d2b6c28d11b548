// Package lsp is `sfmd lsp`: a Language Server Protocol 3.17 server over
// stdio that puts the linter (diagnostics as you type, quick fixes, fix
// all), the document's structure (definition, references, symbols,
// rename of action IDs) and the rules' documentation (hover, completion)
// into any LSP editor. It speaks JSON-RPC through internal/jsonrpc, a
// small layer of our own, and lints through lint.BufferLinter, so an
// editor shows exactly what `sfmd lint` prints.
package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sfmd-dev/sfmd/internal/jsonrpc"
	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Options configure a server (the flags of `sfmd lsp`).
type Options struct {
	// Analyzers are the rules (the CLI passes the same set as sfmd lint).
	Analyzers []*lint.Analyzer
	// Selection, Config and MinSeverity are --enable/--disable, --config
	// and --min-severity of sfmd lint.
	Selection   lint.Selection
	Config      string
	MinSeverity lint.Severity
	// ShowSelected publishes the findings of the rules Selection enables
	// whatever their severity (as sfmd lint without --min-severity);
	// initializationOptions.minSeverity turns it off.
	ShowSelected bool
	// ConfigMinSeverity lets the min-severity of a document's .sfmd.yaml
	// take the place of MinSeverity (as sfmd lint without
	// --min-severity); initializationOptions.minSeverity turns it off.
	ConfigMinSeverity bool
	// Debounce delays the linting of a changed document; changes made
	// while a lint runs cancel it either way (0: lint at once).
	Debounce time.Duration
	// Dir is the working directory when the client names no workspace
	// root ("" means the process's).
	Dir string
	// Version is reported in serverInfo.
	Version string
	// Log receives internal errors (stderr for the CLI); nil discards.
	Log io.Writer
	// View renders the page an agent sees (CommandView); nil: the server
	// offers no commands. The CLI wires the runner's (lsp may not import
	// it).
	View ViewFunc
}

// Serve runs a server on in and out until the client sends exit or
// closes in. It returns the process exit status LSP prescribes: 0 after
// shutdown then exit, 1 otherwise.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) int {
	s := newServer(ctx, out, opts)
	defer s.stop()
	return s.loop(jsonrpc.NewReader(in, 0))
}

// server is one session with one client.
type server struct {
	opts   Options
	w      *jsonrpc.Writer
	ctx    context.Context // of the lints: done at shutdown
	cancel context.CancelFunc
	quit   chan struct{} // closed when Serve returns
	log    io.Writer

	// Set by initialize, read-only afterwards.
	linter      *lint.BufferLinter
	enc         encoding
	root        string
	initialized bool
	shutdown    bool
	markdown    bool // hover and docs in Markdown

	mu   sync.Mutex
	docs map[string]*document // by URI
	// shared is the open buffers by path (overlay), built once per state
	// of docs and never modified: nil after an open, change or close.
	shared map[string][]byte
	// relintDue asks the loop to lint the open documents again once the
	// messages queued are handled (a closed buffer differed from its
	// file): a burst of closes costs one pass.
	relintDue bool
	// work counts lints scheduled and overlay entries built (tests check
	// that closing documents does not grow worse than linearly).
	work atomic.Int64

	// pending counts the queued requests by ID, cancelled the IDs among
	// them the client cancelled: a $/cancelRequest of an ID not pending
	// is dropped, so both stay within the queue's bound.
	cancelMu  sync.Mutex
	pending   map[string]int
	cancelled map[string]bool

	lintSlots chan struct{} // bounds the lints running at once
	lints     sync.WaitGroup
	reqID     int
}

func newServer(ctx context.Context, out io.Writer, opts Options) *server {
	ctx, cancel := context.WithCancel(ctx)
	s := &server{
		opts: opts, w: jsonrpc.NewWriter(out), ctx: ctx, cancel: cancel, quit: make(chan struct{}), log: opts.Log,
		docs: map[string]*document{}, pending: map[string]int{}, cancelled: map[string]bool{},
		lintSlots: make(chan struct{}, max(1, runtime.GOMAXPROCS(0))),
	}
	if s.log == nil {
		s.log = io.Discard
	}
	return s
}

func (s *server) stop() {
	close(s.quit)
	s.cancel()
	s.lints.Wait()
}

// loop reads messages in its own goroutine (so that $/cancelRequest is
// seen while a request runs) and handles them in order.
func (s *server) loop(r *jsonrpc.Reader) int {
	queue := make(chan *jsonrpc.Message, 256)
	go func() {
		defer close(queue)
		for {
			m, err := r.Read()
			var fe *jsonrpc.FrameError
			if errors.As(err, &fe) {
				fmt.Fprintf(s.log, "sfmd lsp: skipped a message: %v\n", fe)
				_ = s.w.Reply(fe.ID, nil, jsonrpc.Errorf(jsonrpc.ParseError, "%s", fe.Msg))
				continue
			}
			if err != nil {
				if !errors.Is(err, io.EOF) {
					fmt.Fprintf(s.log, "sfmd lsp: reading: %v\n", err)
				}
				return
			}
			if m.Method == "$/cancelRequest" && m.IsNotification() {
				s.noteCancel(m.Params)
				continue
			}
			if m.IsRequest() {
				s.cancelMu.Lock()
				s.pending[string(m.ID)]++
				s.cancelMu.Unlock()
			}
			select {
			case queue <- m:
			case <-s.quit:
				return
			}
		}
	}()
	for m := range queue {
		if m.Method == "exit" {
			if s.shutdown {
				return 0
			}
			return 1
		}
		s.handle(m)
		s.mu.Lock()
		due := s.relintDue && len(queue) == 0
		s.mu.Unlock()
		if due {
			s.relintOthers("")
		}
	}
	return 1 // the stream ended without exit
}

func (s *server) noteCancel(params json.RawMessage) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(params, &p) == nil && p.ID != nil {
		s.cancelMu.Lock()
		if s.pending[string(p.ID)] > 0 {
			s.cancelled[string(p.ID)] = true
		}
		s.cancelMu.Unlock()
	}
}

// takeCancelled reports (and forgets) whether the client cancelled id,
// a request taken from the queue.
func (s *server) takeCancelled(id json.RawMessage) bool {
	s.cancelMu.Lock()
	defer s.cancelMu.Unlock()
	k := string(id)
	if s.pending[k]--; s.pending[k] <= 0 {
		delete(s.pending, k)
	}
	c := s.cancelled[k]
	delete(s.cancelled, k)
	return c
}

// handler answers one method; notifications ignore the result.
type handler func(s *server, params json.RawMessage) (any, error)

var handlers = map[string]handler{
	"initialize":                      (*server).initialize,
	"initialized":                     func(*server, json.RawMessage) (any, error) { return nil, nil },
	"shutdown":                        (*server).shutdownRequest,
	"textDocument/didOpen":            (*server).didOpen,
	"textDocument/didChange":          (*server).didChange,
	"textDocument/didClose":           (*server).didClose,
	"textDocument/didSave":            (*server).didSave,
	"workspace/didChangeWatchedFiles": (*server).didChangeWatchedFiles,
	"textDocument/codeAction":         (*server).codeAction,
	"textDocument/definition":         (*server).definition,
	"textDocument/references":         (*server).references,
	"textDocument/documentHighlight":  (*server).documentHighlight,
	"textDocument/documentSymbol":     (*server).documentSymbol,
	"textDocument/hover":              (*server).hover,
	"textDocument/completion":         (*server).completion,
	"textDocument/prepareRename":      (*server).prepareRename,
	"textDocument/rename":             (*server).rename,
	"workspace/executeCommand":        (*server).executeCommand,
}

// handle dispatches one message. A failing or panicking handler never
// takes the server down: the request gets an error response.
func (s *server) handle(m *jsonrpc.Message) {
	if m.IsResponse() {
		return // answers to our registerCapability requests
	}
	if m.IsRequest() && s.takeCancelled(m.ID) {
		_ = s.w.Reply(m.ID, nil, jsonrpc.Errorf(jsonrpc.RequestCancelled, "request cancelled"))
		return
	}
	result, rpcErr := s.call(m)
	switch {
	case m.IsRequest():
		_ = s.w.Reply(m.ID, result, rpcErr)
	case rpcErr != nil && rpcErr.Code != jsonrpc.ServerNotInitialized:
		// A notification has no response: its error goes to the log.
		s.logf(1, "sfmd lsp: %s: %s", m.Method, rpcErr.Message)
	}
}

func (s *server) call(m *jsonrpc.Message) (result any, rpcErr *jsonrpc.Error) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(s.log, "sfmd lsp: internal error in %s: %v\n%s", m.Method, r, debug.Stack())
			result, rpcErr = nil, jsonrpc.Errorf(jsonrpc.InternalError, "internal error in %s: %v (please report it with the document)", m.Method, r)
		}
	}()
	switch {
	case !s.initialized && m.Method != "initialize":
		return nil, jsonrpc.Errorf(jsonrpc.ServerNotInitialized, "the server is not initialized")
	case s.initialized && m.Method == "initialize":
		return nil, jsonrpc.Errorf(jsonrpc.InvalidRequest, "the server is already initialized")
	case s.shutdown && m.IsRequest():
		return nil, jsonrpc.Errorf(jsonrpc.InvalidRequest, "the server is shutting down")
	}
	h := handlers[m.Method]
	if h == nil {
		// LSP 3.17: a request the server does not implement, "$/" ones
		// included, gets MethodNotFound; such a notification is ignored.
		if m.IsRequest() {
			return nil, jsonrpc.Errorf(jsonrpc.MethodNotFound, "method %q is not supported", m.Method)
		}
		return nil, nil
	}
	res, err := h(s, m.Params)
	if err != nil {
		var re *jsonrpc.Error
		if errors.As(err, &re) {
			return nil, re
		}
		return nil, jsonrpc.Errorf(jsonrpc.RequestFailed, "%v", err)
	}
	return res, nil
}

// decode reads params into v, as an InvalidParams error when they do not
// fit.
func decode(params json.RawMessage, v any) error {
	if len(params) == 0 {
		return jsonrpc.Errorf(jsonrpc.InvalidParams, "missing params")
	}
	if err := json.Unmarshal(params, v); err != nil {
		return jsonrpc.Errorf(jsonrpc.InvalidParams, "invalid params: %v", err)
	}
	return nil
}

// initializationOptions are read from initialize (all optional).
type initializationOptions struct {
	MinSeverity string `json:"minSeverity"`
}

func (s *server) initialize(params json.RawMessage) (any, error) {
	var p InitializeParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if p.Capabilities.General != nil {
		s.enc = chooseEncoding(p.Capabilities.General.PositionEncodings)
	}
	if td := p.Capabilities.TextDocument; td != nil && td.Hover != nil {
		for _, f := range td.Hover.ContentFormat {
			if f == "markdown" {
				s.markdown = true
			}
		}
	} else {
		s.markdown = true
	}
	var opt initializationOptions
	if len(p.InitializationOptions) > 0 && json.Unmarshal(p.InitializationOptions, &opt) == nil && opt.MinSeverity != "" {
		sev, err := lint.ParseSeverity(opt.MinSeverity)
		if err != nil {
			return nil, jsonrpc.Errorf(jsonrpc.InvalidParams, "initializationOptions.minSeverity: %v", err)
		}
		s.opts.MinSeverity, s.opts.ShowSelected, s.opts.ConfigMinSeverity = sev, false, false
	}
	s.root = s.opts.Dir
	switch {
	case len(p.WorkspaceFolders) > 0 && uriToPath(p.WorkspaceFolders[0].URI) != "":
		s.root = uriToPath(p.WorkspaceFolders[0].URI)
	case uriToPath(p.RootURI) != "":
		s.root = uriToPath(p.RootURI)
	case p.RootPath != "":
		s.root = p.RootPath
	}
	if s.root == "" {
		s.root, _ = os.Getwd()
	}
	// what is below the minimum severity is neither published nor fixed
	linter, err := lint.NewBufferLinter(s.opts.Analyzers, lint.BufferOptions{Dir: s.root, Config: s.opts.Config, Selection: s.opts.Selection,
		MinSeverity: s.opts.MinSeverity, ShowSelected: s.opts.ShowSelected, ConfigMinSeverity: s.opts.ConfigMinSeverity})
	if err != nil {
		return nil, jsonrpc.Errorf(jsonrpc.RequestFailed, "sfmd lsp: %v", err)
	}
	s.linter = linter
	s.initialized = true
	if w := p.Capabilities.Workspace; w != nil && w.DidChangeWatchedFiles != nil && w.DidChangeWatchedFiles.DynamicRegistration {
		s.watchConfigs()
	}
	return InitializeResult{
		Capabilities: ServerCapabilities{
			PositionEncoding:          s.enc.String(),
			TextDocumentSync:          TextDocumentSyncOptions{OpenClose: true, Change: 2, Save: true},
			HoverProvider:             true,
			CompletionProvider:        &CompletionOptions{TriggerCharacters: []string{".", ":", "-", "{", "("}},
			DefinitionProvider:        true,
			ReferencesProvider:        true,
			DocumentHighlightProvider: true,
			DocumentSymbolProvider:    true,
			CodeActionProvider:        &CodeActionOptions{CodeActionKinds: []string{KindQuickFix, KindFixAllSFMD}},
			RenameProvider:            &RenameOptions{PrepareProvider: true},
			ExecuteCommandProvider:    s.commands(),
		},
		ServerInfo: &ServerInfo{Name: "sfmd", Version: s.opts.Version},
	}, nil
}

// commands are the commands the server offers (CommandView when it can
// render pages), or nil.
func (s *server) commands() *ExecuteCommandOptions {
	if s.opts.View == nil {
		return nil
	}
	return &ExecuteCommandOptions{Commands: []string{CommandView}}
}

// watchConfigs asks the client to report changes of .sfmd.yaml files,
// after which the configs are read again.
func (s *server) watchConfigs() {
	s.reqID++
	id := json.RawMessage(fmt.Sprintf(`"sfmd-watch-%d"`, s.reqID))
	_ = s.w.Request(id, "client/registerCapability", RegistrationParams{Registrations: []Registration{{
		ID: "sfmd-config-watch", Method: "workspace/didChangeWatchedFiles",
		RegisterOptions: map[string]any{"watchers": []map[string]any{{"globPattern": "**/.sfmd.{yaml,yml}"}}},
	}}})
}

func (s *server) shutdownRequest(json.RawMessage) (any, error) {
	s.shutdown = true
	s.cancel() // stop the lints in flight
	return nil, nil
}

// document is one open document.
type document struct {
	uri     string
	path    string // absolute file path the document lints as
	version int
	text    *text

	// lint state: gen counts the lints scheduled; cancel stops the one in
	// flight; diags are the last published (of diagText).
	gen       int
	cancel    context.CancelFunc
	diags     []lint.Diagnostic
	diagText  *text
	pubMu     sync.Mutex
	published int // gen of the last publication

	// the parse for requests, of astText
	ast     *sfmd.Document
	astText *text
	idx     *index
}

func (s *server) docPath(uri string) string {
	if p := uriToPath(uri); p != "" {
		return p
	}
	// untitled: and other schemes lint as a file in the workspace root.
	name := uri
	if i := strings.LastIndexAny(name, "/:"); i >= 0 {
		name = name[i+1:]
	}
	if !strings.HasSuffix(strings.ToLower(name), ".md") {
		name += ".md"
	}
	return filepath.Join(s.root, name)
}

func (s *server) didOpen(params json.RawMessage) (any, error) {
	var p DidOpenTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	d := &document{uri: p.TextDocument.URI, path: s.docPath(p.TextDocument.URI), version: p.TextDocument.Version, text: newText([]byte(p.TextDocument.Text))}
	s.mu.Lock()
	if old := s.docs[d.uri]; old != nil && old.cancel != nil {
		old.cancel()
	}
	s.docs[d.uri] = d
	s.shared = nil
	s.scheduleLint(d, 0)
	s.mu.Unlock()
	s.configTouched(d.path)
	return nil, nil
}

func (s *server) didChange(params json.RawMessage) (any, error) {
	var p DidChangeTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return nil, nil // a change of a document never opened
	}
	// The changes apply all or none: one refused keeps the text as it was.
	t := d.text
	for i, c := range p.ContentChanges {
		var err error
		if t, err = t.apply(c, s.enc); err != nil {
			return nil, jsonrpc.Errorf(jsonrpc.InvalidParams, "change %d of %d to %s refused, the document keeps the text of version %d: %v", i+1, len(p.ContentChanges), d.uri, d.version, err)
		}
	}
	d.text, d.version = t, p.TextDocument.Version
	s.shared = nil
	s.scheduleLint(d, s.opts.Debounce)
	return nil, nil
}

func (s *server) didClose(params json.RawMessage) (any, error) {
	var p DidCloseTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d != nil {
		if d.cancel != nil {
			d.cancel()
		}
		delete(s.docs, d.uri)
		s.shared = nil
	}
	s.mu.Unlock()
	if d == nil {
		return nil, nil
	}
	d.pubMu.Lock()
	d.published = int(^uint(0) >> 1) // no lint of this document publishes any more
	_ = s.w.Notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: d.uri, Diagnostics: []Diagnostic{}})
	d.pubMu.Unlock()
	// The cross-file rules of the other documents read this buffer; now
	// they read the file. When the two are the same text, nothing they
	// see changes.
	if !sameAsFile(d.path, d.text.src) {
		s.mu.Lock()
		s.relintDue = true
		s.mu.Unlock()
	}
	return nil, nil
}

// sameAsFile reports whether the file at path holds exactly src (read no
// further than one byte past len(src)).
func sameAsFile(path string, src []byte) bool {
	disk, _, err := safeio.ReadFile(path, int64(len(src))+1)
	return err == nil && bytes.Equal(disk, src)
}

func (s *server) didSave(params json.RawMessage) (any, error) {
	var p DidSaveTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	// The disk changed: configs may have, other documents read this one.
	s.linter.Reload()
	s.relintOthers(p.TextDocument.URI)
	return nil, nil
}

func (s *server) didChangeWatchedFiles(json.RawMessage) (any, error) {
	s.linter.Reload()
	s.relintOthers("")
	return nil, nil
}

// configTouched reloads the configs when the document opened is one.
func (s *server) configTouched(path string) {
	if b := filepath.Base(path); b == ".sfmd.yaml" || b == ".sfmd.yml" {
		s.linter.Reload()
	}
}

// relintOthers lints every open document but except again.
func (s *server) relintOthers(except string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if except == "" {
		s.relintDue = false // this is the pass a close asked for
	}
	for uri, d := range s.docs {
		if uri != except {
			s.scheduleLint(d, s.opts.Debounce)
		}
	}
}

// doc returns the open document uri, or an error for the client.
func (s *server) doc(uri string) (*document, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	if d == nil {
		return nil, jsonrpc.Errorf(jsonrpc.InvalidParams, "document %s is not open", uri)
	}
	return d, nil
}

// snapshot is a document's current text, parsed, with its index, for
// one request.
type snapshot struct {
	d    *document
	text *text
	doc  *sfmd.Document
	idx  *index
}

// snapshot parses the current version of uri once; later requests on the
// same version reuse the parse.
func (s *server) snapshot(uri string) (*snapshot, error) {
	d, err := s.doc(uri)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	t, ast, idx := d.text, d.ast, d.idx
	if d.astText != t {
		ast, idx = nil, nil
	}
	s.mu.Unlock()
	if ast == nil || idx == nil {
		switch {
		case ast != nil:
		case s.linter.TooLarge(d.path, len(t.src)):
			// Over the size cap: not parsed for requests either (as
			// for the lint, file-too-large is all there is).
			ast = sfmd.Parse(d.path, nil)
		default:
			ast = sfmd.Parse(d.path, t.src)
		}
		idx = newIndex(ast)
		s.mu.Lock()
		if d.text == t {
			d.ast, d.astText, d.idx = ast, t, idx
		}
		s.mu.Unlock()
	}
	return &snapshot{d: d, text: t, doc: ast, idx: idx}, nil
}

// overlay returns the open buffers by path (called with s.mu held), a
// map shared until the next open, change or close: callers only read it.
func (s *server) overlay() map[string][]byte {
	if s.shared != nil {
		return s.shared
	}
	m := make(map[string][]byte, len(s.docs))
	for _, d := range s.docs {
		m[d.path] = d.text.src
	}
	s.work.Add(int64(len(m)))
	s.shared = m
	return m
}

// uriFor returns the URI of the file at path: the client's own URI when
// the document is open.
func (s *server) uriFor(path string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		if d.path == path {
			return d.uri
		}
	}
	return pathToURI(path)
}
