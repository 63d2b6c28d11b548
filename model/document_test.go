package model

import (
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestParsedIsShared: a Runtime uses the Parsed made from its document
// instead of parsing again, and ignores one made from another document.
func TestParsedIsShared(t *testing.T) {
	doc := &sfmd.Document{Path: "/sandbox/app.md", Src: []byte(act("a", "GET https://x.com/a"))}
	p := Parse(doc)
	if Parse(nil) != nil {
		t.Error("Parse(nil) is not nil")
	}
	rt := &Runtime{Doc: doc, Parsed: p}
	if first := rt.refDoc(); first != p.ref || rt.refDoc() != first {
		t.Error("the runtime parsed its document again")
	}
	other := &sfmd.Document{Path: "/sandbox/b.md", Src: []byte(act("b", "GET https://x.com/b"))}
	rt.Doc = other
	if d := rt.refDoc(); d == p.ref || len(d.Actions) != 1 || d.Actions[0].ID != "b" {
		t.Error("the runtime used the parse of another document")
	}
	rt.Doc = nil
	if rt.refDoc() != nil {
		t.Error("a parse without a document")
	}
}
