package sfmd

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestActLinkDestsMatchRegexp: the byte scan finds what the regular
// expression it replaced finds.
func TestActLinkDestsMatchRegexp(t *testing.T) {
	re := regexp.MustCompile(`\]\((act:[^)\s]*)`)
	alphabet := []string{"", "a", "]", "(", ")", " ", "\t", "\f", "\r", "\n", "act:", "](act:", "é", "\xff", "?", "#", "`"}
	var inputs []string
	for _, a := range alphabet {
		for _, b := range alphabet {
			for _, c := range alphabet {
				inputs = append(inputs, a+b+c)
			}
		}
	}
	inputs = append(inputs, "[a](act:x) [b](act:y?k=v#f)", "](act:", "](act:x](act:y)", "x](act:é\xff z", "[a](act:x\ty)", "](act:a\f](act:b\r", "no link")
	for _, s := range inputs {
		for _, in := range []string{s, "](act:" + s + "](act:" + s} {
			var want [][2]int
			for _, m := range re.FindAllStringSubmatchIndex(in, -1) {
				want = append(want, [2]int{m[2], m[3]})
			}
			if got, w := fmt.Sprint(actLinkDests(in)), fmt.Sprint(want); got != w {
				t.Errorf("actLinkDests(%q) = %s, the regexp finds %s", in, got, w)
			}
		}
	}
}

// TestTemplateActLinks: the act: links of response templates' output
// lines are found (not those in inline code, not in assignments), with
// their query, and their action IDs are action sites that a rename edits.
func TestTemplateActLinks(t *testing.T) {
	src := "```act.Search\nGET https://x\n```\n\n```act.Search.response\nMore: [next](act:Search?page=2) `[no](act:Search)`\n{x} = {Response.body.x}\n```\n"
	doc := Parse("t.md", []byte(src))
	ls := doc.TemplateActLinks()
	if len(ls) != 1 || ls[0].ActID != "Search" || len(ls[0].ActQuery) != 1 || ls[0].ActQuery[0].Key != "page" || ls[0].Response != doc.Responses[0] {
		t.Fatalf("TemplateActLinks: %+v", ls)
	}
	var sites []string
	for _, o := range doc.Names().Of(NameAction, "", "Search") {
		sites = append(sites, fmt.Sprintf("%d:%s", strings.Count(src[:o.Start], "\n")+1, src[o.Start:o.End]))
	}
	if got, want := strings.Join(sites, " "), "1:Search 5:Search 6:Search"; got != want {
		t.Errorf("occurrences of Search: %s, want %s", got, want)
	}
	if q := doc.Names().Of(NameParam, "Search", "page"); len(q) != 1 {
		t.Errorf("query key page: %d occurrences, want 1", len(q))
	}
}
