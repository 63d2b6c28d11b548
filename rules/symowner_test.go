package rules

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestTemplateActions holds templateActions to the map of actions by ID
// (the same list: the same actions in the same order) for every
// template of the rule archives, a generated document, 400 random
// symbol documents and documents whose templates precede their action,
// share an ID with two actions, follow another action or have none; and
// checks that the walk finds the action of most templates of the
// generated document (its templates each follow their action).
func TestTemplateActions(t *testing.T) {
	docs := symCheapDocs(t)
	for name, src := range map[string]string{
		"before.md":   "```act.b.response\nx\n```\n\n```act.b\nGET https://example.com/b\n  q: string \"Q\"\n```\n",
		"dup.md":      "```act.d\nGET https://example.com/1\n  a: string \"A\"\n```\n\n```act.d.response\nx\n```\n\n```act.d\nGET https://example.com/2\n  b: string \"B\"\n```\n\n```act.d.response\ny\n```\n",
		"other.md":    "```act.a\nGET https://example.com/a\n  a: string \"A\"\n```\n\n```act.b\nGET https://example.com/b\n```\n\n```act.a.response\nx\n```\n\n```act.b.response\ny\n```\n\n```act.b.response\nz\n```\n",
		"orphan.md":   "```act.none.response\nx\n```\n\n```act.a\nGET https://example.com/a\n```\n\n```act.zz.response\ny\n```\n",
		"twice.md":    "```act.a\nGET https://example.com/a\n  a: string \"A\"\n```\n\n```act.a.response\nx\n```\n\n```act.a.response\ny\n```\n",
		"noaction.md": "```act.a.response\nx\n```\n",
	} {
		docs[name] = sfmd.Parse(name, []byte(src))
	}
	defer func(old bool) { symFast = old }(symFast)
	symFast = true
	for name, doc := range docs {
		if len(doc.Responses) == 0 {
			continue
		}
		s := buildSymbols(doc)
		s.templateParams(doc, 0) // makes soleAct (the templates asked of first)
		found := 0
		for k, r := range doc.Responses {
			got, want := s.templateActions(doc, k), s.Actions[r.ActionID]
			if len(got) != len(want) {
				t.Fatalf("%s: template %d (%s): %d actions, want %d", name, k, r.ActionID, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s: template %d (%s): action %d is another", name, k, r.ActionID, i)
				}
			}
			if s.soleAct[k] >= 0 {
				found++
			}
		}
		if name == "big.md" {
			if found < len(doc.Responses)*9/10 {
				t.Errorf("big.md: the walk found the action of %d of %d templates", found, len(doc.Responses))
			}
		}
	}
}

// TestHyphenID holds appendHyphenID to sanitizeID(s, '-', false) on the IDs of
// every marker, action and directive of the documents, on strings with
// letters that lower-case to ASCII ones (the Kelvin sign, İ), longer
// than its buffer, and on random strings of letters, digits, '-', '_',
// other ASCII, multi-byte and invalid UTF-8; and checks that a plain
// one appends without an allocation (appendHyphenID).
func TestHyphenID(t *testing.T) {
	ids := []string{"", "-", "_", "--a--", "9a", "-9-_a-", "Quick_Start", "section-d9_5", "99_x_1", "a\u212ab", "\u212a9", "İd", "x\xffy",
		strings.Repeat("Ab_9-", 40), strings.Repeat("9", 70) + "z"}
	for _, doc := range symCheapDocs(t) {
		for _, m := range doc.Markers {
			ids = append(ids, m.ID)
		}
		for _, a := range doc.Actions {
			ids = append(ids, a.ID)
		}
		for _, d := range doc.Directives {
			ids = append(ids, d.Name)
		}
	}
	ids = append(ids, randomStrings(23, 20000, "aZz09-_-_ .\xc3\xa9\xe2\x84\xaa\xff")...)
	for _, s := range ids {
		if got, want := string(appendHyphenID(nil, s)), sanitizeID(s, '-', false); got != want {
			t.Fatalf("appendHyphenID(%q) = %q, want %q", s, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() {
		var buf [64]byte
		appendHyphenID(buf[:0], "Section-d9_5")
	}); n != 0 {
		t.Errorf("appendHyphenID: %v allocations, want none", n)
	}
}

// TestFirstAssigns holds firstAssigns to a map of each name's first
// line (and their last line) on random templates' assignments, of up to
// 60 names (past firstAssignsListed: the map), reset between them.
func TestFirstAssigns(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	var f firstAssigns
	for range 2000 {
		want, last := map[string]int{}, 0
		for i := range r.IntN(80) {
			name := fmt.Sprintf("v%d", r.IntN(60))
			if _, ok := want[name]; !ok {
				want[name], last = i, max(last, i)
			}
			if f.find(name) < 0 {
				f.add(name, i)
			}
		}
		for j := range 70 {
			name := fmt.Sprintf("v%d", j)
			at, ok := want[name]
			if got := f.find(name); !ok && got >= 0 || ok && (got < 0 || f.list[got].line != at || f.list[got].name != name) {
				t.Fatalf("find(%q) = %d, want line %d (%v)", name, got, at, ok)
			}
		}
		if f.last != last || len(f.list) != len(want) {
			t.Fatalf("last %d, %d names; want %d, %d", f.last, len(f.list), last, len(want))
		}
		f.reset()
	}
}
