package model

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestFirstActions: FirstActions gives, for each action Actions lists,
// the first action of as with its id (a search of as), on the documents
// of actionListDocs; and nil whenever the two lists of ids differ, which
// the random documents make happen.
func TestFirstActions(t *testing.T) {
	alike, differ := 0, 0
	for name, src := range actionListDocs(t) {
		doc := sfmd.Parse(name, []byte(src))
		p := Parse(doc)
		got := p.FirstActions(doc.Actions)
		infos := p.Actions()
		same := len(p.ref.Actions) == len(doc.Actions)
		for i := 0; same && i < len(doc.Actions); i++ {
			same = p.ref.Actions[i].ID == doc.Actions[i].ID
		}
		if !same {
			differ++
			if got != nil {
				t.Fatalf("%s: %d actions for ids the parse read otherwise", name, len(got))
			}
			continue
		}
		alike++
		if len(got) != len(infos) {
			t.Fatalf("%s: %d actions for %d listed", name, len(got), len(infos))
		}
		for i, info := range infos {
			var want *sfmd.Action
			for _, a := range doc.Actions {
				if a.ID == info.ID {
					want = a
					break
				}
			}
			if got[i] != want {
				t.Fatalf("%s: action %d (%s) is not the first of its id", name, i, info.ID)
			}
		}
	}
	if alike < 100 || differ < 100 {
		t.Fatalf("%d documents read alike, %d not: the documents test little", alike, differ)
	}
}

// TestSameTemplates: SameTemplates tells whether the parse read the
// linter's response templates (as many, the same ids in the same order),
// and each ActionSource's Template is the place of the last template of
// its id among those the parse read, on the documents of
// TestFirstActions.
func TestSameTemplates(t *testing.T) {
	alike, differ, placed := 0, 0, 0
	for name, src := range actionListDocs(t) {
		doc := sfmd.Parse(name, []byte(src))
		p := Parse(doc)
		same := len(p.ref.templates) == len(doc.Responses)
		for i := 0; same && i < len(doc.Responses); i++ {
			same = p.ref.templates[i].id == doc.Responses[i].ActionID
		}
		if got := p.SameTemplates(doc.Responses); got != same {
			t.Fatalf("%s: SameTemplates %v, want %v", name, got, same)
		}
		if same {
			alike++
		} else {
			differ++
		}
		srcs := p.Sources()
		for i, info := range p.Actions() {
			want := -1
			for j, r := range p.ref.templates {
				if r.id == info.ID {
					want = j
				}
			}
			if got := srcs[i].Template(); got != want {
				t.Fatalf("%s: the template of %s is at %d, want %d", name, info.ID, got, want)
			}
			if want >= 0 {
				placed++
			}
		}
	}
	if alike < 100 || differ < 100 || placed < 1000 {
		t.Fatalf("%d documents read alike, %d not, %d templates placed: the documents test little", alike, differ, placed)
	}
}

// TestSources: each ActionSource Sources lists answers as the methods of
// Parsed that look up the id of the action Actions lists at its place
// (URI, body, headers, MaySendSession with and without arguments, with
// and without a store), on the documents of TestFirstActions.
func TestSources(t *testing.T) {
	stores := []map[string]string{nil, {"API_KEY": "k", "LANG": "{q}", "BODY": "{q}"}}
	n := 0
	for name, src := range actionListDocs(t) {
		p := Parse(sfmd.Parse(name, []byte(src)))
		infos, srcs := p.Actions(), p.Sources()
		if len(srcs) != len(infos) {
			t.Fatalf("%s: %d sources for %d actions", name, len(srcs), len(infos))
		}
		for i, info := range infos {
			s, id := srcs[i], info.ID
			b, hb := s.Body()
			wb, whb := p.ActionBody(id)
			var hs [][2]string
			for j := range s.NumHeaders() {
				k, v := s.Header(j)
				hs = append(hs, [2]string{k, v})
			}
			if s.URI() != p.ActionURI(id) || b != wb || hb != whb || !reflect.DeepEqual(hs, nilIfEmpty(p.ActionHeaders(id))) {
				t.Fatalf("%s: action %d (%s): URI %q, body %q, headers %v; by its id %q, %q, %v", name, i, id, s.URI(), b, hs, p.ActionURI(id), wb, p.ActionHeaders(id))
			}
			names := []string{"q", "x"}
			for _, f := range info.Fields {
				names = append(names, f.Name)
			}
			for _, store := range stores {
				for _, nm := range names {
					for _, args := range []string{"", "--q '{" + nm + "}'"} {
						if s.MaySendSession(args, nm, store) != p.MaySendSession(id, args, nm, store) {
							t.Fatalf("%s: %s: MaySendSession(%q, %q) differs from its id's", name, id, args, nm)
						}
					}
					m, e := s.MaySendSessionUnnamed(nm, store)
					wm, we := p.MaySendSessionUnnamed(id, nm, store)
					if m != wm || e != we {
						t.Fatalf("%s: %s: MaySendSessionUnnamed(%q) differs from its id's", name, id, nm)
					}
				}
			}
			n++
		}
	}
	if n < 1000 {
		t.Fatalf("only %d actions compared", n)
	}
}

func nilIfEmpty(h [][2]string) [][2]string {
	if len(h) == 0 {
		return nil
	}
	return h
}

// actionListDocs are the upstream documents, a generated one and 2,000
// random ones with repeated ids, actions only one of the reference parse
// and the linter's reads, and CRLF.
func actionListDocs(t *testing.T) map[string]string {
	docs := map[string]string{
		"dup.md":   act("a", "GET https://x.com/1") + act("b", "GET https://x.com/2") + act("a", "GET https://x.com/3"),
		"fewer.md": "```md\n<!-- #a -->\n```\n" + act("a", "GET https://x.com/") + "````\n" + act("b", "GET https://y.com/") + "````\n" + act("c", "GET https://z.com/"),
	}
	addUpstream(t, docs)
	docs["gen.md"] = string(benchgen.Document(256 << 10))
	r := rand.New(rand.NewPCG(21, 18))
	pieces := []func(id string) string{
		func(id string) string { return act(id, "GET https://x.com/"+id, "  q: string") },
		func(id string) string { return act(id, "POST https://x.com/ -d '{}'") },
		func(id string) string { return act(id, "not a first line") },                                  // the runtime drops it
		func(id string) string { return "    ```act." + id + "\n    GET https://x.com/\n    ```\n\n" }, // an indented fence
		func(id string) string { return "````\n" + act(id, "GET https://x.com/") + "````\n\n" },        // inside another fence
		func(id string) string { return resp(id, "{Response.body}") },
		func(id string) string { return "    ```act." + id + ".response\n    ok\n    ```\n\n" }, // a template only the runtime reads
		func(id string) string { return "- ```act." + id + ".response\n  ok\n  ```\n\n" },       // and one only the linter reads
		func(string) string { return "Some prose.\n\n" },
	}
	for i := range 2000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))](string(rune('a' + r.IntN(5)))))
		}
		src := b.String()
		if r.IntN(5) == 0 {
			src = strings.ReplaceAll(src, "\n", "\r\n")
		}
		docs["rand"+itoa(i)+".md"] = src
	}
	return docs
}
