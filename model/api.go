// Package model is sfmd's one model of the String runtime: the single place
// where sfmd knows what the runtime does. sfmd test runs suites through it,
// sfmd view renders pages with it, and lint rules that state a runtime
// fact are held to it by tests. (It was runner/runtime; the name no longer
// shadows Go's runtime package.) It reproduces what the String reference
// runtime does when an agent opens a page or calls an action
// (../shared/docs/runtime-semantics.md): invocation
// parsing, argument binding, request and command construction, response
// template rendering and the final SFMD render. It never touches the
// network or the real environment itself: HTTP goes through the injected
// *http.Client (an httpmock transport in tests), commands through the
// injected Executor, and files through the injected FS, a host directory
// that stands for "/" (vfs.go): every path the runtime shows is a path of
// that virtual tree.
//
// The runtime reads Doc.Src with its own port of the reference parser
// (refparse.go) rather than the linter's AST, because the reference parser
// decides what the runtime sees: fences on trimmed lines, one strict regexp
// per field line, double-quoted -H only. The multi-line `body:` section of
// spec.md §1.9.6 is not implemented by the runtime, so it means nothing
// here either: POST, PUT and PATCH without -d send the caller's fields as
// flat JSON (runtime-semantics.md §1.1, §6.2).
//
// JavaScript semantics the output depends on are reproduced in jsvalue.go
// (object key order, JSON.parse/stringify, String(number), trim) and urls.go
// (encodeURIComponent, WHATWG URL and URLSearchParams).
package model

import (
	"net/http"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// Result is what the runtime returns for one call (CommandResult).
type Result struct {
	OK      bool
	Code    string // "" when OK; INVALID_PAYLOAD, NOT_FOUND, LOAD_ERROR, EXIT_<n>, …
	Content string
	// files lists the virtual paths written by to: lines.
	files []string
	// Escape is set when the runtime would have read or written through a
	// symbolic link out of the FS, or a FIFO, socket or device (which could
	// block); the harness fails the step with this message.
	Escape string
	// Limit is set when a response template produced more than
	// MaxTemplateOutput (a bound of sfmd, not of the reference runtime);
	// the harness fails the step with this message.
	Limit string
	// Requests lists the HTTP requests sent, in order, exactly as the
	// runtime built them (URL byte for byte, before net/http touches it).
	Requests []Request
	// commands lists the shell command lines run, in order.
	commands []string
	// ResponsePaths are the Response paths the response template read
	// (the array of a for: loop, {Response.…} and {x} = {Response.…}),
	// each true when the response had it (not undefined; an empty array
	// is there): a path absent from every response is most likely
	// misspelt, as the loop then renders nothing.
	ResponsePaths map[string]bool
}

// Request is one HTTP request the runtime sent.
type Request struct {
	method string
	URL    string
	header http.Header
	body   string
	// hasBody is false for GET and DELETE (no body is sent).
	hasBody bool
}

// ExecResult is the outcome of one shell command.
type ExecResult struct {
	Stdout   string
	Stderr   string
	Combined string // stdout and stderr in arrival order
	Exit     int    // exit status; 1 on timeout or spawn error
	TimedOut bool
}

// Replayed is what a command answered by a recorded exec fixture does, as
// sfmd test replays it (runner/execfix.go execStep.Exec): its stdout, then
// its stderr, and its exit status.
func Replayed(stdout, stderr string, exit int) ExecResult {
	return ExecResult{Stdout: stdout, Stderr: stderr, Combined: stdout + stderr, Exit: exit}
}

// Executor runs a CLI action's command line (/bin/bash -c command) in dir,
// a virtual path of the FS.
type Executor interface {
	Exec(command, dir string) (ExecResult, error)
}

// Session is the state of one topic that carries over between calls.
type Session struct {
	Vars map[string]string // session {var}s
	// shortcuts registered by renders and value-shortcut lines: id → target
	// (a tuple value is stored as its elements). This is the merged,
	// read-only view of valueShortcuts and autoShortcuts (a value shortcut
	// wins over an auto-shortcut of the same id), rebuilt after every call
	// (Session.syncView; not in a PageRun, Runtime.noView).
	viewShortcuts map[string][]string
	viewOrder     []string

	// valueShortcuts are registered by {@name} = … template lines. A scalar
	// is stored as one element; a tuple as any other number of elements
	// (the runtime turns a one-element tuple into a scalar).
	valueShortcuts map[string][]string
	valueOrder     []string
	// autoShortcuts are links a template's render turned into [label][@slug]:
	// slug → href.
	autoShortcuts map[string]string
	autoOrder     []string

	// nav is the current document and the history (nav.go).
	nav navState
	// varKeys is the order the session variables were set in (a JS Map's);
	// storeAdded the env store names /set added, in order.
	varKeys    []string
	storeAdded []string
}

// NewSession returns an empty session.
func NewSession() *Session {
	return &Session{
		Vars:           map[string]string{},
		viewShortcuts:  map[string][]string{},
		valueShortcuts: map[string][]string{},
		autoShortcuts:  map[string]string{},
	}
}

// Env is the per-call environment.
type Env struct {
	Topic   string            // CURRENT_TARGET, e.g. "app:weather"
	DocURI  string            // file:///…/doc.md or the suite's document_url
	DocPath string            // CURRENT_FILE, a virtual path ("" for remote documents)
	Store   map[string]string // the topic's env store ($VAR values)
	// StoreKeys is the order of Store's names (as the suite lists them).
	StoreKeys []string
	Home      string // the String home (context var HOME), a virtual path
	// Cwd is the runtime process's working directory, a virtual path:
	// relative to: and |file paths resolve against it.
	Cwd string
	// FS is the filesystem; nil means an empty one (every read fails
	// with ENOENT, every write too).
	FS *FS
	// RequirementsPath is the path shown in "Setup info: /open <path>", or "".
	RequirementsPath string
}

// Runtime executes calls against one document.
type Runtime struct {
	// Doc is the suite's document; its Src must not change while the
	// runtime holds it (the page shown and the parse read it uncopied).
	Doc *sfmd.Document
	// Parsed is Parse(Doc), made once for all the calls against Doc; when
	// nil (or made from another document), each call parses Doc itself.
	Parsed  *Parsed
	Session *Session
	Env     Env
	HTTP    *http.Client
	Exec    Executor
	// Cover, when set, records what the calls reach (cover.go).
	Cover *Coverage
	// Shown, when set, records the pages, blocks and menus the session
	// shows, whatever document is current (Cover follows the suite's
	// document only).
	Shown *Coverage
	// NoDefault keeps /open, /back and /refresh from running the page's
	// default action (sfmd view shows the page alone).
	NoDefault bool
	// templateLimit replaces MaxTemplateOutput when > 0 (tests).
	templateLimit int64
	// probe stops /open once it found the target (PageRun.Opens): a
	// regular file for a target without a block, else the page read and
	// its block extracted; nothing is shown and the session stays.
	probe bool
	// noView keeps Run from rebuilding the session's merged view of its
	// shortcuts (Session.syncView) after each command: a PageRun's
	// session, which nothing reads it of (DrySession.State alone does,
	// TestShortcutViewReaders).
	noView bool
}
