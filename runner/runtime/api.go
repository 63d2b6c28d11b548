// Package runtime reproduces what the String reference runtime does when an
// agent calls an action (../shared/docs/runtime-semantics.md): invocation
// parsing, argument binding, request and command construction, response
// template rendering and the final SFMD render. It never touches the
// network or the real environment itself: HTTP goes through the injected
// *http.Client (an httpmock transport in tests), commands through the
// injected Executor, and files only inside Dir.
package runtime

import (
	"net/http"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// Result is what the runtime returns for one call (CommandResult).
type Result struct {
	OK      bool
	Code    string // "" when OK; INVALID_PAYLOAD, NOT_FOUND, LOAD_ERROR, EXIT_<n>, …
	Content string
	// Files lists the sandbox-relative paths written by to: lines.
	Files []string
	// Escape is set when a to: path (or a file read) resolved outside Dir;
	// the harness fails the step with this message.
	Escape string
}

// ExecResult is the outcome of one shell command.
type ExecResult struct {
	Stdout   string
	Stderr   string
	Combined string // stdout and stderr in arrival order
	Exit     int    // exit status; 1 on timeout or spawn error
	TimedOut bool
}

// Executor runs a CLI action's command line (/bin/bash -c command) in dir.
type Executor interface {
	Exec(command, dir string) (ExecResult, error)
}

// Session is the state of one topic that carries over between calls.
type Session struct {
	Vars map[string]string // session {var}s
	// Shortcuts registered by renders and value-shortcut lines: id → target
	// (a tuple value is stored as its elements).
	Shortcuts     map[string][]string
	ShortcutOrder []string
}

// NewSession returns an empty session.
func NewSession() *Session {
	return &Session{Vars: map[string]string{}, Shortcuts: map[string][]string{}}
}

// Env is the per-call environment.
type Env struct {
	Topic   string            // CURRENT_TARGET, e.g. "app:weather"
	DocURI  string            // file:///…/doc.md or the suite's document_url
	DocPath string            // CURRENT_FILE ("" for remote documents)
	Store   map[string]string // the topic's env store ($VAR values)
	Home    string            // the String home (context var HOME)
	Dir     string            // sandbox directory: cwd for to:, |file, CLI commands
	// RequirementsPath is the path shown in "Setup info: /open <path>", or "".
	RequirementsPath string
}

// Runtime executes calls against one document.
type Runtime struct {
	Doc     *sfmd.Document
	Session *Session
	Env     Env
	HTTP    *http.Client
	Exec    Executor
}
