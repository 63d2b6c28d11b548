package model

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestFirstActions: FirstActions gives, for each action Actions lists,
// the first action of as with its id (a search of as), on every upstream
// document, a generated one and 2,000 random ones with repeated ids,
// actions only one of the two parsers reads and CRLF; and nil whenever
// the two lists of ids differ, which the random documents make happen.
func TestFirstActions(t *testing.T) {
	docs := map[string]string{
		"dup.md":   act("a", "GET https://x.com/1") + act("b", "GET https://x.com/2") + act("a", "GET https://x.com/3"),
		"fewer.md": "```md\n<!-- #a -->\n```\n" + act("a", "GET https://x.com/") + "````\n" + act("b", "GET https://y.com/") + "````\n" + act("c", "GET https://z.com/"),
	}
	_ = filepath.WalkDir(upstreamRoot(t), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				docs[p] = string(src)
			}
		}
		return nil
	})
	docs["gen.md"] = string(benchgen.Document(256 << 10))
	r := rand.New(rand.NewPCG(21, 18))
	pieces := []func(id string) string{
		func(id string) string { return act(id, "GET https://x.com/"+id, "  q: string") },
		func(id string) string { return act(id, "POST https://x.com/ -d '{}'") },
		func(id string) string { return act(id, "not a first line") },                                  // the runtime drops it
		func(id string) string { return "    ```act." + id + "\n    GET https://x.com/\n    ```\n\n" }, // an indented fence
		func(id string) string { return "````\n" + act(id, "GET https://x.com/") + "````\n\n" },        // inside another fence
		func(id string) string { return resp(id, "{Response.body}") },
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
	alike, differ := 0, 0
	for name, src := range docs {
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
