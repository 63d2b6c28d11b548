package rules

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestAutoShortcutIDsOneMap holds autoShortcutIDs, which keeps the IDs it
// generated and each slug's next number in one map, to the two maps it
// asked in turn (autoShortcutIDsRef), on the corpora, the archives, a
// generated document and 2,000 random documents of links whose labels
// repeat and collide with generated IDs ("a", "a 2", "a-2", "link 1"). It
// fails with a slug's number kept when it is first seen or a generated
// ID not marked.
func TestAutoShortcutIDsOneMap(t *testing.T) {
	docs := bigDocTestDocs(t)
	r := rand.New(rand.NewPCG(8, 12))
	labels := []string{"a", "A", "a 2", "a-2", "a-2-2", "a  2", "link 1", "link-1", "link-2", "b", "é", "a very long label that is longer than twenty", ""}
	dests := []string{"https://x.example/", "http://y.example/z", "act:run", "page.md", "./" + strings.Repeat("d", 41)}
	for i := range 2000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString("[" + labels[r.IntN(len(labels))] + "](" + dests[r.IntN(len(dests))] + ")\n\n")
		}
		docs["random"+strconv.Itoa(i)+".md"] = []byte(b.String())
	}
	repeats := 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		got, want := autoShortcutIDs(doc), autoShortcutIDsRef(doc)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: autoShortcutIDs\n%q\nwant\n%q", name, got, want)
		}
		for _, id := range got {
			if strings.HasSuffix(id, "-2-2") || strings.HasSuffix(id, "-3") {
				repeats++
			}
		}
	}
	if repeats < 100 {
		t.Errorf("only %d numbered repeats: the documents test little", repeats)
	}
}

// autoShortcutIDsRef is autoShortcutIDs with a map of the IDs generated
// and a map of each slug's next number.
func autoShortcutIDsRef(doc *sfmd.Document) []string {
	var out []string
	seen := map[string]bool{}
	counts := map[string]int{}
	n := 1
	for _, l := range doc.Links {
		d := l.Dest
		if !(strings.HasPrefix(d, "http://") || strings.HasPrefix(d, "https://") || strings.HasPrefix(d, "act:") || len([]rune(d)) > 40) {
			continue
		}
		slug := autoSlug(l.Label)
		var id string
		if slug != "" && len([]rune(l.Label)) <= 20 {
			if !seen[slug] {
				id = slug
				counts[slug] = 2
			} else {
				c := counts[slug]
				if c == 0 {
					c = 2
				}
				id = slug + "-" + strconv.Itoa(c)
				counts[slug] = c + 1
			}
		} else {
			id = sfmd.AutoShortcutPrefix + strconv.Itoa(n)
			n++
		}
		seen[id] = true
		out = append(out, id)
	}
	return out
}
