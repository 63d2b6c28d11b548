package model

import (
	"reflect"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
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

// TestParseSized: Parse, which makes the reference parse's lists for the
// linter's counts (docSizes), reads what parseRef reads of every upstream
// document, generated ones and documents whose runtime reads more or
// fewer blocks and shortcuts than the linter; on a generated document,
// where the counts agree, no list grew (each made once, for its count).
func TestParseSized(t *testing.T) {
	docs := map[string]string{
		"more.md":  "<!-- #a -->\n<!-- #b -->\n<!-- /a -->\n[@x One](u) [@x Two](v) [@x Three](w)\n<!-- #c --> x\n",
		"fewer.md": "```md\n<!-- #a -->\n[@x One](u)\n```\n" + act("a", "GET https://x.com/") + act("a", "GET https://y.com/"),
	}
	addUpstream(t, docs)
	gen := string(benchgen.Document(256 << 10))
	docs["gen.md"] = gen
	for name, src := range docs {
		doc := sfmd.Parse(name, []byte(src))
		if got, want := Parse(doc).ref, parseRef(src); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the sized parse differs", name)
		}
	}
	d := Parse(sfmd.Parse("gen.md", []byte(gen))).ref
	if len(d.Actions) == 0 || len(d.Blocks) == 0 || len(d.Shortcuts) == 0 {
		t.Fatal("the generated document has no action, block or shortcut")
	}
	for what, lc := range map[string][2]int{"actions": {len(d.Actions), cap(d.Actions)}, "blocks": {len(d.Blocks), cap(d.Blocks)}, "block lines": {len(d.BlockLines), cap(d.BlockLines)}, "shortcuts": {len(d.Shortcuts), cap(d.Shortcuts)}} {
		if lc[0] != lc[1] {
			t.Errorf("%s: %d of room for %d: the list grew or was made for another count", what, lc[0], lc[1])
		}
	}
}
