package rules

import (
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
