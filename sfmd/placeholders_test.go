package sfmd

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
)

// dollarRefsOneByOne is DollarRefs as it was before its references
// shared an array: each one allocated on its own.
func dollarRefsOneByOne(d *Document, text string, span Span) []*VarRef {
	if !d.holds(text, span) {
		return nil
	}
	s, li := span.Start.Offset, d.Index
	if li == nil {
		li = NewLineIndex(d.Src)
	}
	var refs []*VarRef
	for i := strings.IndexByte(text, '$'); i >= 0; {
		end, invalid := ScanDollar(text, i)
		escaped := i > 0 && (text[i-1] == '$' || text[i-1] == '\\')
		if end > 0 && !invalid && !escaped {
			refs = append(refs, &VarRef{Kind: RefPersistent, Raw: text[i:end], Name: text[i+1 : end], Span: li.Span(s+i, s+end), Index: -1})
		}
		if end <= i {
			end = i + 1
		}
		next := strings.IndexByte(text[end:], '$')
		if next < 0 {
			break
		}
		i = end + next
	}
	return refs
}

// lineDollarRefsOneByOne is LineDollarRefs as it was.
func lineDollarRefsOneByOne(d *Document, l *TemplateLine) []*VarRef {
	refs := dollarRefsOneByOne(d, l.Line.Text, l.Line.Span)
	if l.Kind != LineAssign || !strings.HasPrefix(l.LHSRaw, "$") {
		return refs
	}
	out := refs[:0]
	for _, r := range refs {
		if r.Span.Start.Offset != l.LHSSpan.Start.Offset {
			out = append(out, r)
		}
	}
	return out
}

// placeholdersOneByOne is listPlaceholders as it was before the rescanned
// references shared one array: each text's rescanned on its own
// (dollarRefsOneByOne).
func placeholdersOneByOne(d *Document) []Placeholder {
	var out []Placeholder
	add := func(refs []*VarRef, p Placeholder) {
		for _, ref := range refs {
			p.Ref = ref
			out = append(out, p)
		}
	}
	for _, a := range d.Actions {
		at := Placeholder{Action: a, Line: -1}
		if a.Target != nil {
			add(a.Target.Refs, placedAt(at, PlaceTarget))
		}
		if !a.IsCLI() {
			for _, h := range a.Headers {
				if h.Value != nil {
					add(h.Value.Refs, placedAt(at, PlaceHeader))
				}
			}
		}
		if a.InlineBody != nil && a.InlineBody.Template != nil {
			add(a.InlineBody.Template.Refs, placedAt(at, PlaceInlineBody))
		}
		for _, b := range a.Bodies {
			if b.Template != nil {
				add(b.Template.Refs, placedAt(at, PlaceBody))
			}
		}
		for _, p := range a.Params {
			add(p.DefaultRefs, placedAt(at, PlaceParamDefault))
		}
	}
	owners := map[string]*Action{}
	for _, a := range d.Actions {
		if _, ok := owners[a.ID]; !ok {
			owners[a.ID] = a
		}
	}
	for _, r := range d.Responses {
		p := Placeholder{Place: PlaceResponse, Action: owners[r.ActionID], Response: r}
		for i, l := range r.Lines {
			p.Line, p.Rescan = i, false
			t := l.Template
			if l.Kind == LineAssign && l.RHS != nil {
				t = l.RHS
			}
			if t != nil {
				for _, ref := range t.Refs {
					if ref.Kind != RefPersistent {
						p.Ref = ref
						out = append(out, p)
					}
				}
			}
			p.Rescan = true
			add(lineDollarRefsOneByOne(d, l), p)
		}
	}
	for _, h := range d.Hints {
		add(h.Refs, Placeholder{Place: PlaceHint, Hint: h, Line: -1})
		add(dollarRefsOneByOne(d, h.Text, h.Span), Placeholder{Place: PlaceHint, Hint: h, Line: -1, Rescan: true})
	}
	add(d.ProseVars, Placeholder{Place: PlaceProse, Line: -1})
	for _, sc := range d.Shortcuts {
		add(dollarRefsOneByOne(d, sc.URL, sc.URLSpan), Placeholder{Place: PlaceDestination, Line: -1, Rescan: true})
	}
	for _, l := range d.Links {
		add(dollarRefsOneByOne(d, l.Dest, l.DestSpan), Placeholder{Place: PlaceDestination, Line: -1, Rescan: true})
	}
	return out
}

// checkPlaceholders compares d's list with placeholdersOneByOne's, each
// reference by value, and returns how many were rescanned.
func checkPlaceholders(t *testing.T, where string, d *Document) int {
	t.Helper()
	got, want := d.listPlaceholders(), placeholdersOneByOne(d)
	for _, l := range d.Links { // the exported rescans read as listPlaceholders does
		if a, b := d.DollarRefs(l.Dest, l.DestSpan), dollarRefsOneByOne(d, l.Dest, l.DestSpan); !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: DollarRefs(%q) = %v, want %v", where, l.Dest, a, b)
		}
	}
	for _, r := range d.Responses {
		for _, l := range r.Lines {
			if a, b := d.LineDollarRefs(l), lineDollarRefsOneByOne(d, l); !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: LineDollarRefs(%q) = %v, want %v", where, l.Line.Text, a, b)
			}
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d placeholders, want %d", where, len(got), len(want))
	}
	rescans := 0
	for i := range got {
		g, w := got[i], want[i]
		if !reflect.DeepEqual(*g.Ref, *w.Ref) {
			t.Fatalf("%s: placeholder %d: ref %+v, want %+v", where, i, *g.Ref, *w.Ref)
		}
		if w.Rescan {
			rescans++
		} else if g.Ref != w.Ref {
			t.Fatalf("%s: placeholder %d: not the parser's reference", where, i)
		}
		g.Ref, w.Ref = nil, nil
		if g != w {
			t.Fatalf("%s: placeholder %d: %+v, want %+v", where, i, g, w)
		}
	}
	return rescans
}

// randomRescanDoc builds a document of actions, response templates, hints
// and links with $NAME (and near misses) in the texts the rescans read.
func randomRescanDoc(r *rand.Rand) []byte {
	dollars := []string{"$A", "$b_1", "$$C", `\$D`, "$5", "$", "$2X", "$_", "{$E}", "x$F", "$G.h"}
	w := func() string { return dollars[r.IntN(len(dollars))] }
	var b strings.Builder
	for n := r.IntN(6); n >= 0; n-- {
		id := []string{"a", "b", "c"}[r.IntN(3)]
		b.WriteString("```act:" + id + "\nGET https://x/" + w() + "\n  q: string = \"" + w() + "\"\n```\n\n")
		b.WriteString("```response:" + id + "\n")
		for k := r.IntN(5); k >= 0; k-- {
			switch r.IntN(5) {
			case 0:
				b.WriteString(w() + " = {Response.x} " + w() + "\n")
			case 1:
				b.WriteString("save: " + w() + " " + w() + "\n")
			case 2:
				b.WriteString("for: item in " + w() + "\n")
			case 3:
				b.WriteString("X = " + w() + "\n")
			default:
				b.WriteString("text " + w() + " {v} " + w() + "\n")
			}
		}
		b.WriteString("```\n\n")
		b.WriteString("> hint " + w() + " {x} " + w() + "\n\n")
		b.WriteString("[l](https://x/" + w() + ") [@s](https://y/" + w() + ") " + w() + "\n\n")
	}
	return []byte(b.String())
}

// TestPlaceholdersRescansShareOneArray holds listPlaceholders, whose
// rescanned references share one array, to the lists built text by text
// through the exported rescans, on every document of the corpora, the
// generated ones and random ones.
func TestPlaceholdersRescansShareOneArray(t *testing.T) {
	rescans := 0
	for _, root := range []string{"../corpus/ok", "../corpus/err", "../corpus/fuzz", "testdata", "../../shared/corpus/upstream"} {
		if _, err := os.Stat(root); err != nil {
			t.Logf("%s not found, skipped", root)
			continue
		}
		err := filepath.WalkDir(root, func(path string, de fs.DirEntry, err error) error {
			if err != nil || de.IsDir() || !strings.HasSuffix(path, ".md") {
				return err
			}
			src, err := os.ReadFile(path)
			if err == nil {
				rescans += checkPlaceholders(t, path, Parse(path, src))
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range benchgen.Generate(200, benchgen.DefaultSeed) {
		rescans += checkPlaceholders(t, "benchgen", Parse("b.md", d))
	}
	rescans += checkPlaceholders(t, "benchgen.Document", Parse("big.md", benchgen.Document(1<<20)))
	r := rand.New(rand.NewPCG(21, 12))
	for range 3000 {
		rescans += checkPlaceholders(t, "random", Parse("r.md", randomRescanDoc(r)))
	}
	t.Logf("%d rescanned references compared", rescans)
	if rescans < 1000 {
		t.Errorf("only %d rescanned references: the documents hold too few", rescans)
	}
}
