package rules

import (
	"fmt"
	"slices"
	"strings"
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
		n := len(doc.Responses)
		for _, back := range []bool{false, true} {
			syms := buildSymbols(doc) // a table of its own for each order
			for j := range n {
				k := j
				if back {
					k = n - 1 - j
				}
				var want, got []call
				templateUses(doc, doc.Responses[k], func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) { want = append(want, call{i, l, ref}) })
				syms.templateUses(doc, k, func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) { got = append(got, call{i, l, ref}) })
				if !slices.Equal(got, want) {
					t.Fatalf("%s: response %d (backwards %v): %d uses, want %d", name, k, back, len(got), len(want))
				}
				uses += len(want)
			}
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

// TestResponseRootsShared holds responseRoots to its lists without an
// allocation a call.
func TestResponseRootsShared(t *testing.T) {
	doc := sfmd.Parse("a.md", []byte("```act.c\nCLI echo hi\n```\n\n```act.h\nGET https://example.com\n```\n"))
	want := map[string][]string{"c": {"body", "status", "exit_code", "stdout", "stderr"}, "h": {"body", "status"}}
	for _, a := range doc.Actions {
		var got []string
		if n := testing.AllocsPerRun(100, func() { got = responseRoots(a) }); n != 0 {
			t.Errorf("act.%s: %v allocations a call", a.ID, n)
		}
		if !slices.Equal(got, want[a.ID]) {
			t.Errorf("act.%s: %q, want %q", a.ID, got, want[a.ID])
		}
	}
}

// TestAppendSavePipelines holds appendSavePipelines, appending to a
// buffer that holds other pipelines, to the pipelines of each template
// found afresh, on the rule archives, corpus/err, upstream and random
// documents; and defaultHasDollar to the default's text.
func TestAppendSavePipelines(t *testing.T) {
	docs := droppedParamDocs(t)
	for k, v := range symDocs(400) {
		docs[k] = v
	}
	pipes, defaults := 0, 0
	for name, text := range docs {
		doc := sfmd.Parse(name, text)
		buf := [][2]int{{-1, -1}}
		for _, r := range doc.Responses {
			var want [][2]int
			for i, l := range r.Lines {
				if l.Kind != sfmd.LineSave {
					continue
				}
				end := len(r.Lines)
				for j := i + 1; j < len(r.Lines); j++ {
					if r.Lines[j].Kind == sfmd.LineSave {
						end = j
						break
					}
				}
				want = append(want, [2]int{i, end})
			}
			if got := appendSavePipelines(buf[:1], r); !slices.Equal(got[1:], want) || got[0] != [2]int{-1, -1} {
				t.Fatalf("%s: %v, want %v after the buffer's first", name, got, want)
			}
			pipes += len(want)
		}
		for _, a := range doc.Actions {
			for _, p := range a.Params {
				if p.HasDefault {
					if got, want := defaultHasDollar(doc, p.DefaultSpan), strings.Contains(src(doc, p.DefaultSpan), "$"); got != want {
						t.Fatalf("%s: default %q: defaultHasDollar %v", name, src(doc, p.DefaultSpan), got)
					}
					defaults++
				}
			}
		}
	}
	if pipes == 0 || defaults == 0 {
		t.Errorf("%d pipelines, %d defaults compared", pipes, defaults)
	}
}
