package rules

import (
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// The rules' shortcuts on large documents, each held to the walk it
// replaces on every corpus, the rules' archives and a generated document.

func bigDocTestDocs(t *testing.T) map[string][]byte {
	t.Helper()
	docs := droppedParamDocs(t)
	for k, v := range gatedDocs() {
		docs[k] = v
	}
	for k, v := range gatedTemplateDocs() {
		docs[k] = v
	}
	docs["generated.md"] = benchgen.Document(1 << 20)
	return docs
}

// TestAssignedHoldsSessionSetters: param-session-fallback and
// dryrun-placeholder-literal ask the symbol table's Assigned which
// session variables a template assigns, not a walk of their own
// (sessionSetters): the names must be the same, and the first span of
// each the line sessionSetters finds.
func TestAssignedHoldsSessionSetters(t *testing.T) {
	n := 0
	for name, src := range bigDocTestDocs(t) {
		doc := sfmd.Parse(name, src)
		assigned, set := buildSymbols(doc).Assigned, sessionSetters(doc)
		if len(assigned) != len(set) {
			t.Errorf("%s: %d names assigned, %d setters", name, len(assigned), len(set))
		}
		for k, s := range set {
			spans := assigned[k]
			if len(spans) == 0 || spans[0] != s.line.LHSSpan {
				t.Errorf("%s: {%s}: setter at %v, Assigned %v", name, k, s.line.LHSSpan, spans)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no session variable assigned: the documents test nothing")
	}
}

// shortcutMentionsByByte is shortcutMentions as a byte-by-byte loop.
func shortcutMentionsByByte(src []byte) map[string][]int {
	out := map[string][]int{}
	for i := 0; i < len(src); i++ {
		if src[i] != '@' {
			continue
		}
		j := i + 1
		for j < len(src) && (scIDByte(src[j]) || src[j] == '.') {
			j++
		}
		if id := strings.TrimRight(string(src[i+1:j]), "."); id != "" {
			out[id] = append(out[id], i)
		}
		i = j - 1
	}
	return out
}

// TestShortcutMentionsMatchesByteLoop: shortcutMentions skips to each '@'
// with bytes.IndexByte; it finds what a byte-by-byte loop finds.
func TestShortcutMentionsMatchesByteLoop(t *testing.T) {
	docs := bigDocTestDocs(t)
	rng := rand.New(rand.NewSource(21))
	alphabet := []byte("@@@a.-_9 \n.@")
	for i := range 300 {
		b := make([]byte, rng.Intn(40))
		for k := range b {
			b[k] = alphabet[rng.Intn(len(alphabet))]
		}
		docs["random"+string(rune('a'+i%26))+strings.Repeat("x", i/26)] = b
	}
	n := 0
	for name, src := range docs {
		got, want := shortcutMentions(src), shortcutMentionsByByte(src)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: shortcutMentions %v, byte by byte %v", name, got, want)
		}
		n += len(want)
	}
	if n == 0 {
		t.Fatal("no @id anywhere: the documents test nothing")
	}
}

// TestImpliedBodySlab: impliedBody's nodes come from a slab; the body it
// implies is the one built a node at a time (insert with a nil slab).
// tmplDryRuns builds every body of a document from one slab: each body,
// read once all of them are built, is still its own.
func TestImpliedBodySlab(t *testing.T) {
	n := 0
	for name, src := range bigDocTestDocs(t) {
		rs := sfmd.Parse(name, src).Responses
		shared := &shapeSlab{}
		bodies, conflicts := make([]*shapeNode, len(rs)), make([]bool, len(rs))
		for i, r := range rs {
			bodies[i], conflicts[i] = impliedBodyIn(shared, r)
		}
		for i, r := range rs {
			body, conflict := impliedBody(r)
			plain, plainConflict := impliedBodyOneByOne(r)
			var a, b, c strings.Builder
			body.json(&a)
			plain.json(&b)
			bodies[i].json(&c)
			if a.String() != b.String() || conflict != plainConflict {
				t.Errorf("%s: %q: slab %s %v, one by one %s %v", name, r.ActionID, a.String(), conflict, b.String(), plainConflict)
			}
			if c.String() != b.String() || conflicts[i] != plainConflict {
				t.Errorf("%s: %q: one slab for the document %s %v, one by one %s %v", name, r.ActionID, c.String(), conflicts[i], b.String(), plainConflict)
			}
			if body.fields.Len() > 0 {
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no body read: the documents test nothing")
	}
}

// impliedBodyOneByOne is impliedBody with every node allocated alone.
func impliedBodyOneByOne(r *sfmd.Response) (*shapeNode, bool) {
	return impliedBodyIn(nil, r)
}

// TestHintParamShortcuts: namedParams returns the named parameters in
// order (a.Params itself when all are, clipped so that an append copies),
// and FileFlag finds what Flag(name+"-file") finds, for every hint of
// every document and every parameter of its action.
func TestHintParamShortcuts(t *testing.T) {
	n := 0
	for name, src := range bigDocTestDocs(t) {
		doc := sfmd.Parse(name, src)
		for _, c := range buildHints(doc, buildSymbols(doc)).Calls {
			if c.Action == nil || c.Inv == nil {
				continue
			}
			var want []*sfmd.Param
			for _, p := range c.Action.Params {
				if p.Name != "" {
					want = append(want, p)
				}
				for _, k := range []string{p.Name, p.Name + "-fil", "x" + p.Name} {
					if got, want := c.Inv.FileFlag(k), c.Inv.Flag(k+"-file"); got != want {
						t.Errorf("%s: FileFlag(%q) = %v, Flag = %v", name, k, got, want)
					}
				}
				if c.Inv.Flag(p.Name+"-file") != nil {
					n++
				}
			}
			got := namedParams(c.Action)
			if len(got) != len(want) || len(want) > 0 && !reflect.DeepEqual(got, want) || cap(got) != len(got) {
				t.Errorf("%s: namedParams %v (cap %d), want %v", name, got, cap(got), want)
			}
		}
	}
	if n == 0 {
		t.Fatal("no --field-file flag in any hint: the documents test nothing")
	}
	a := &sfmd.Action{Params: append(make([]*sfmd.Param, 0, 8), &sfmd.Param{Name: "a"}, &sfmd.Param{Name: "b"})}
	if got := namedParams(a); cap(got) != 2 {
		t.Errorf("namedParams of a slice with room: capacity %d, an append would write into the action's", cap(got))
	}
}

// TestSymbolsResponsesGroupInOrder: param-unused reads the symbol table's
// templates of an action (templatesOf), response-duplicate whether an ID
// has two (dupResponses), the rules' did-you-means its sorted IDs
// (actionIDs): every template of the id, in source order, as the
// document lists them, whether by ownTemplates' list, made without a
// map, or by the map (responses), on documents where ownTemplates holds
// and where it does not (templates before, between and after actions of
// random IDs).
func TestSymbolsResponsesGroupInOrder(t *testing.T) {
	docs := bigDocTestDocs(t)
	for k, v := range symDocs(200) {
		docs[k] = v
	}
	r := rand.New(rand.NewSource(21))
	for i := range 400 {
		var b strings.Builder
		for range 1 + r.Intn(6) {
			id := string(rune('a' + r.Intn(4)))
			if r.Intn(2) == 0 {
				fmt.Fprintf(&b, "```act.%s\nGET https://example.com/%s\n```\n\n", id, id)
			} else {
				fmt.Fprintf(&b, "```act.%s.response\nOK {Response.body}\n```\n\n", id)
			}
		}
		docs[fmt.Sprintf("random%d.md", i)] = []byte(b.String())
	}
	n, listed, mapped := 0, 0, 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		want := map[string][]*sfmd.Response{}
		dup := false
		for _, r := range doc.Responses {
			want[r.ActionID] = append(want[r.ActionID], r)
			dup = dup || len(want[r.ActionID]) > 1
			n++
		}
		var ids []string
		for _, a := range doc.Actions {
			ids = append(ids, a.ID)
		}
		slices.Sort(ids)
		ids = slices.Compact(ids)
		s := buildSymbols(doc)
		if s.tmplOf != nil {
			listed++
		} else {
			mapped++
		}
		if s.dupResponses != dup {
			t.Errorf("%s: dupResponses %v, want %v", name, s.dupResponses, dup)
		}
		for i, a := range doc.Actions {
			if got := s.templatesOf(i, a); !reflect.DeepEqual(got, want[a.ID]) {
				t.Errorf("%s: the templates of action %d (%q): %d, want %d", name, i, a.ID, len(got), len(want[a.ID]))
			}
		}
		if got := s.actionIDs(); !slices.Equal(got, ids) {
			t.Errorf("%s: actionIDs %q, want %q", name, got, ids)
		}
		if len(want) == 0 {
			want = nil // the table makes no map for a document without responses
		}
		if got := s.responses(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: symbols' responses differ from the document's, grouped by id", name)
		}
	}
	if n == 0 || listed < 10 || mapped < 10 {
		t.Fatalf("%d templates, %d documents by the list, %d by the map: the documents test too little", n, listed, mapped)
	}
}
