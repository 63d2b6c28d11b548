package lsp

import (
	"encoding/json"

	"github.com/sfmd-dev/sfmd/internal/jsonrpc"
)

// CommandView is the workspace/executeCommand command that returns the
// page an agent sees on /open of a document, rendered by sfmd's runtime
// model from the editor's text (sfmd view, updated as you type).
// Arguments: the document's URI, and optionally a block id.
const CommandView = "sfmd.view"

// ViewFunc renders the page an agent sees on /open of the document at
// path whose text is src (block: one of its blocks, or ""): ok is false
// when the runtime refuses it (content is then its error), defaultAction
// names the action /open would run, which is not run.
type ViewFunc func(path string, src []byte, block string) (content string, ok bool, defaultAction string, err error)

// ViewResult is the answer to CommandView.
type ViewResult struct {
	// Page is what the agent sees, or the runtime's error when OK is
	// false.
	Page string `json:"page"`
	OK   bool   `json:"ok"`
	// DefaultAction is the action /open would run after showing the
	// page; the view does not run it.
	DefaultAction string `json:"defaultAction,omitempty"`
}

// ExecuteCommandParams are the params of workspace/executeCommand.
type ExecuteCommandParams struct {
	Command   string            `json:"command"`
	Arguments []json.RawMessage `json:"arguments,omitempty"`
}

func (s *server) executeCommand(params json.RawMessage) (any, error) {
	var p ExecuteCommandParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if p.Command != CommandView || s.opts.View == nil {
		return nil, jsonrpc.Errorf(jsonrpc.InvalidParams, "unknown command %q", p.Command)
	}
	var uri, block string
	if len(p.Arguments) == 0 || json.Unmarshal(p.Arguments[0], &uri) != nil {
		return nil, jsonrpc.Errorf(jsonrpc.InvalidParams, "%s takes the document's URI", CommandView)
	}
	if len(p.Arguments) > 1 && json.Unmarshal(p.Arguments[1], &block) != nil {
		return nil, jsonrpc.Errorf(jsonrpc.InvalidParams, "%s: the second argument is a block id", CommandView)
	}
	snap, err := s.snapshot(uri)
	if err != nil {
		return nil, err
	}
	if s.linter.TooLarge(snap.d.path, len(snap.text.src)) {
		return nil, jsonrpc.Errorf(jsonrpc.RequestFailed, "the document is over the size limit; it is not rendered")
	}
	content, ok, def, err := s.opts.View(snap.d.path, snap.text.src, block)
	if err != nil {
		return nil, jsonrpc.Errorf(jsonrpc.RequestFailed, "%v", err)
	}
	return ViewResult{Page: content, OK: ok, DefaultAction: def}, nil
}
