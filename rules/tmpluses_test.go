package rules

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestListTemplateUsesRandom is TestTemplateUsesMemo on generated
// documents and symDocs' random ones, in source order and backwards:
// listTemplateUses reads the uses at response sites, templateUses each
// line of a template.
func TestListTemplateUsesRandom(t *testing.T) {
	docs := symDocs(400)
	for i, d := range benchgen.Generate(40, 5) {
		docs[fmt.Sprintf("gen%d.md", i)] = d
	}
	type call struct {
		i   int
		l   *sfmd.TemplateLine
		ref *sfmd.VarRef
	}
	uses := 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		syms := buildSymbols(doc)
		for k := range doc.Responses {
			var want, got []call
			templateUses(doc, doc.Responses[k], func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) { want = append(want, call{i, l, ref}) })
			syms.templateUses(doc, k, func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) { got = append(got, call{i, l, ref}) })
			if !slices.Equal(got, want) {
				t.Fatalf("%s: response %d: %d uses, want %d", name, k, len(got), len(want))
			}
			uses += len(want)
		}
	}
	if uses < 1000 {
		t.Errorf("only %d uses compared", uses)
	}
}

// TestUsesAt holds usesAt to the uses it stands for: for every range of
// sites, the part holds each use at those sites of the whole list, on the
// rule archives, corpus/err, upstream, generated, hint and random
// documents.
func TestUsesAt(t *testing.T) {
	docs := droppedParamDocs(t)
	for k, v := range symDocs(400) {
		docs[k] = v
	}
	for i, d := range benchgen.Generate(40, 5) {
		docs[fmt.Sprintf("gen%d.md", i)] = d
	}
	docs["hints.md"] = benchgen.HintDocument(200)
	seen := map[site]int{}
	for name, src := range docs {
		s := buildSymbols(sfmd.Parse(name, src))
		for lo := siteTarget; lo <= siteProse; lo++ {
			for hi := lo; hi <= siteProse; hi++ {
				in := func(uses []use) (n int) {
					for _, u := range uses {
						if u.Site >= lo && u.Site <= hi {
							n++
						}
					}
					return n
				}
				if got, want := in(s.usesAt(lo, hi)), in(s.Uses); got != want {
					t.Fatalf("%s: sites %d to %d: %d uses in the part, %d in all", name, lo, hi, got, want)
				}
			}
		}
		for _, u := range s.Uses {
			seen[u.Site]++
		}
	}
	for st := siteTarget; st <= siteProse; st++ {
		if seen[st] == 0 {
			t.Errorf("no use at site %d", st)
		}
	}
}
