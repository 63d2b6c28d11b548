package lsp_test

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/lint"
)

// syncBuffer is an io.Writer for Options.Log that the test reads while
// the server writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// A change with a position that is no LSP uinteger (a huge UTF-8
// character offset once overflowed and panicked the handler) is refused
// with an error the editor sees, together with the other changes of its
// notification, and the document keeps its text.
func TestChangeOutOfRangeRefused(t *testing.T) {
	var log syncBuffer
	s := newSession(t, nil, lsp.Options{Analyzers: []*lint.Analyzer{shout}, Log: &log}, map[string]any{"general": map[string]any{"positionEncodings": []string{"utf-8"}}})
	uri := s.uri("doc.md")
	s.open("doc.md", "first\nsecond LOUD\n")
	for _, bad := range []lsp.Position{
		{Line: 1, Character: math.MaxInt64},
		{Line: 1, Character: -1},
		{Line: -1, Character: 0},
		{Line: 1 << 31, Character: 0},
	} {
		at := lsp.Position{Line: 0, Character: 0}
		err := s.c.Notify("textDocument/didChange", lsp.DidChangeTextDocumentParams{
			TextDocument: lsp.VersionedTextDocumentIdentifier{URI: uri, Version: 2},
			ContentChanges: []lsp.TextDocumentContentChangeEvent{
				{Range: &lsp.Range{Start: at, End: at}, Text: "LOUD "}, // valid, but refused with the next
				{Range: &lsp.Range{Start: bad, End: lsp.Position{Line: 1, Character: 0}}, Text: "x"},
			}})
		if err != nil {
			t.Fatal(err)
		}
	}
	// The server's text is still the one opened: one finding, on line 1.
	var syms json.RawMessage
	if err := s.c.Call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms); err != nil {
		t.Fatal(err)
	}
	v, err := s.c.Change(uri, lsp.TextDocumentContentChangeEvent{Range: &lsp.Range{Start: lsp.Position{Line: 2}, End: lsp.Position{Line: 2}}, Text: "third\n"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.c.WaitDiagnostics(uri, v)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Range.Start.Line != 1 {
		t.Errorf("after the refused changes: %+v, want the one finding of line 1 (the text as opened)", p.Diagnostics)
	}
	logs := s.c.Logs()
	if len(logs) != 4 {
		t.Errorf("the editor was told of %d refusals, want 4: %q", len(logs), logs)
	}
	for _, l := range logs {
		if !strings.Contains(l, "change 2 of 2 to "+uri+" refused, the document keeps the text of version 1") {
			t.Errorf("log: %s", l)
		}
	}
	if strings.Contains(log.String(), "internal error") {
		t.Errorf("the change handler failed:\n%s", log.String())
	}
}

// A document over the size cap `sfmd lint` applies to the file (here the
// max-size option of rule file-too-large) gets file-too-large alone, as
// from sfmd lint, and is not parsed for requests either.
func TestDocumentOverSizeCap(t *testing.T) {
	s := newSession(t, map[string]string{
		".sfmd.yaml": "rules:\n  file-too-large:\n    options: {max-size: 200}\n",
	}, lsp.Options{}, nil)
	doc := weatherDoc + "\n```act.orphan\nGET https://example.com\n```\n" // over 200 bytes, with findings
	p := s.open("big.md", doc)
	if codes(p) != "file-too-large" {
		t.Fatalf("diagnostics of a document over the cap: %q, want file-too-large alone", codes(p))
	}
	if !strings.Contains(p.Diagnostics[0].Message, "larger than the 200 bytes limit, so it was not checked") || p.Diagnostics[0].Range.Start.Line != 0 {
		t.Errorf("file-too-large: %+v", p.Diagnostics[0])
	}
	var syms []lsp.DocumentSymbol
	if err := s.c.Call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": s.uri("big.md")}}, &syms); err != nil || len(syms) != 0 {
		t.Errorf("symbols of a document over the cap: %v, %+v", err, syms)
	}
	// Within the cap again, it is checked.
	v, err := s.c.Change(s.uri("big.md"), lsp.TextDocumentContentChangeEvent{Text: "# Small\n\nSee [x](act:nowhere).\n"})
	if err != nil {
		t.Fatal(err)
	}
	if p, err = s.c.WaitDiagnostics(s.uri("big.md"), v); err != nil || codes(p) == "file-too-large" || codes(p) == "" {
		t.Errorf("a document within the cap: %v %q", err, codes(p))
	}
}

// Closing a document whose buffer differs from its file lints the others
// again: their cross-file rules now read the file (here, none).
func TestCloseUnsavedRelintsOthers(t *testing.T) {
	s := newSession(t, nil, lsp.Options{}, nil)
	s.open("part.md", "# Part\n\n<!-- #alpha -->\nText.\n<!-- /alpha -->\n")
	if p := s.open("main.md", "# Main\n\n[!include:alpha](part.md#alpha)\n"); strings.Contains(codes(p), "include-") {
		t.Fatalf("main.md with part.md open: %s", codes(p))
	}
	s.c.ForgetDiagnostics(s.uri("main.md"))
	if err := s.c.Close(s.uri("part.md")); err != nil {
		t.Fatal(err)
	}
	p, err := s.c.WaitDiagnostics(s.uri("main.md"), 0)
	if err != nil || !strings.Contains(codes(p), "include-target-not-found") {
		t.Errorf("main.md after part.md (on no disk) was closed: %v %s", err, codes(p))
	}
}
