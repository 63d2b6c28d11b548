package sfmd

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
)

// TestCountSlabsCapped holds sizeSlabs' capped counting to counting every
// line: the same fence kinds and the same reservations (each count up to
// maxReserve) on every compared document and on a generated document
// large enough to pass the cap.
func TestCountSlabsCapped(t *testing.T) {
	docs := comparedDocuments(t)
	docs["generated/big.md"] = benchgen.Document(2 << 20)
	passed := false
	for name, src := range docs {
		doc := Parse(name, src)
		p := &docParser{doc: doc, src: doc.Src, li: doc.Index}
		kinds, got := p.countSlabs(true, nil)
		kinds2, want := p.countSlabs(false, nil)
		if len(kinds) != len(kinds2) {
			t.Fatalf("%s: %d fence kinds capped, %d not", name, len(kinds), len(kinds2))
		}
		for i := range kinds {
			if kinds[i] != kinds2[i] {
				t.Fatalf("%s: fence %d is %v capped, %v not", name, i, kinds[i], kinds2[i])
			}
		}
		g := []int{got.act, got.resp, got.tLines, got.params, got.cons, got.headers, got.templates, got.refs}
		w := []int{want.act, want.resp, want.tLines, want.params, want.cons, want.headers, want.templates, want.refs}
		for i := range g {
			if min(g[i], maxReserve) != min(w[i], maxReserve) {
				t.Errorf("%s: count %d reserves %d capped, %d counting every line", name, i, min(g[i], maxReserve), min(w[i], maxReserve))
			}
		}
		passed = passed || got != want
	}
	if !passed {
		t.Fatal("no document stopped counting early: the test reads nothing of the cap")
	}
}

// TestRefsStartAtRefMarks: every reference appendRefs reads, in every
// context, starts at a byte mayStartRef counts, so that refMarks bounds
// the references of a block. Texts: every line of the compared
// documents' fences and random lines of the bytes that decide it.
func TestRefsStartAtRefMarks(t *testing.T) {
	var texts []string
	for _, src := range comparedDocuments(t) {
		for _, f := range Parse("a.md", src).Fences {
			for _, l := range f.Lines {
				texts = append(texts, l.Text)
			}
		}
	}
	r := rand.New(rand.NewPCG(13, 14))
	atoms := []string{"$", "{", "}", "\"", "'", "a", "_", "1", " ", "{{fetch:", "}}", "|", ".", "[0]", "@", "Response.", "...args", ":", ","}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(atoms[r.IntN(len(atoms))])
		}
		texts = append(texts, b.String())
	}
	for _, text := range texts {
		src := []byte(text)
		p := &docParser{src: src, li: NewLineIndex(src)}
		for ctx := refsURL; ctx <= refsHint; ctx++ {
			for _, ref := range p.appendRefs(nil, text, 0, ctx) {
				if i := ref.Span.Start.Off(); !mayStartRef(src, i) {
					t.Fatalf("%q (context %d): reference %q at %d starts where refMarks does not count", text, ctx, ref.Raw, i)
				}
			}
		}
	}
}

// TestSplitModsIsSplit holds nodes.splitMods to strings.Split(s, "|") on
// every line of the corpora and generated documents and on random
// strings, and checks that appending to one result leaves the next alone
// (no spare capacity, as strings.Split's).
func TestSplitModsIsSplit(t *testing.T) {
	var n nodes
	check := func(s string) {
		t.Helper()
		got, want := n.splitMods(s), strings.Split(s, "|")
		if !slices.Equal(got, want) || cap(got) != len(got) {
			t.Fatalf("splitMods(%q) = %q (cap %d), want %q", s, got, cap(got), want)
		}
	}
	for _, l := range strictParamLines(t) {
		check(l)
	}
	r := rand.New(rand.NewPCG(21, 12))
	for range 100000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = "a|b "[r.IntN(4)]
		}
		check(string(b))
	}
	first := n.splitMods("a|b")
	second := n.splitMods("c|d")
	_ = append(first, "x")
	if second[0] != "c" {
		t.Fatalf("appending to one result changed the next: %q", second)
	}
}

// TestNodeSizes: the nodes a document has many of keep their small
// fields (bools, bytes, a kind) together, so that no padding word lies
// between them (fieldalignment's optimal sizes), and their kinds are bytes
// and a template line's loop an int32: the generated 10 MB document has
// 51,300 parameters, 127,116 references and 68,196 template lines.
func TestNodeSizes(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"Param", unsafe.Sizeof(Param{}), 360},
		{"VarRef", unsafe.Sizeof(VarRef{}), 152},
		{"TemplateLine", unsafe.Sizeof(TemplateLine{}), 200},
		{"Fence", unsafe.Sizeof(Fence{}), 152},
		{"Header", unsafe.Sizeof(Header{}), 120},
		{"Marker", unsafe.Sizeof(Marker{}), 72},
		{"Link", unsafe.Sizeof(Link{}), 168},
	} {
		if c.got > c.want {
			t.Errorf("%s is %d bytes, want %d at most", c.name, c.got, c.want)
		}
	}
}

// TestTakeFillsAllocation: a slice take makes (without a pool, or an
// arena pool's new chunk) has room for all its allocation holds: past 32 KB (a slab's chunks of 256 nodes, its
// first reservations) the runtime allocates whole 8 KB pages, and no
// element more fits in those the slice's capacity needs. Fails with the
// capacity left at n (a 256-reference chunk: 256 of the 269 that fit).
func TestTakeFillsAllocation(t *testing.T) {
	check := func(name string, size uintptr, n int, c int) {
		t.Helper()
		if c < n {
			t.Errorf("take(%s, %d): capacity %d", name, n, c)
		}
		const page = 8192
		if bytes := uintptr(n) * size; bytes > 32<<10 {
			pages := (bytes + page - 1) / page * page
			if uintptr(c+1)*size <= pages {
				t.Errorf("take(%s, %d): capacity %d, but %d fit in the %d bytes allocated", name, n, c, pages/size, pages)
			}
		}
	}
	for _, n := range []int{1, 7, 8, 100, 256, 269, 270, 1000, 4096} {
		check("VarRef", unsafe.Sizeof(VarRef{}), n, cap(take[VarRef](nil, n)))
		check("TemplateLine", unsafe.Sizeof(TemplateLine{}), n, cap(take[TemplateLine](nil, n)))
		check("Param", unsafe.Sizeof(Param{}), n, cap(take[Param](nil, n)))
		check("Line", unsafe.Sizeof(Line{}), n, cap(take[Line](nil, n)))
		check("*VarRef", unsafe.Sizeof((*VarRef)(nil)), n, cap(take[*VarRef](nil, n)))
		check("int", unsafe.Sizeof(0), n, cap(take[int](nil, n)))
		// an arena's new chunk (the lint's parses carve from one)
		var refs arenaPool[VarRef]
		check("VarRef from an arena", unsafe.Sizeof(VarRef{}), n, cap(take(&refs, n)))
		var lines arenaPool[TemplateLine]
		check("TemplateLine from an arena", unsafe.Sizeof(TemplateLine{}), n, cap(take(&lines, n)))
	}
	if s := take[VarRef](nil, 0); s == nil || cap(s) != 0 {
		t.Errorf("take(VarRef, 0) = %v (capacity %d), want empty and not nil", s, cap(s))
	}
	var r slab[VarRef]
	r.new()
	for range 2000 {
		r.new()
	}
	if c, want := cap(r.buf), int(40960/unsafe.Sizeof(VarRef{})); c != want {
		t.Errorf("a reference slab's chunk of 256 holds %d, want %d", c, want)
	}
}
