package sfmd

import (
	"fmt"
	"math/rand"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
)

// sortedNames returns the names of docs in order, so that an arena sees
// the same sequence of documents on every run.
func sortedNames(docs map[string][]byte) []string {
	names := make([]string, 0, len(docs))
	for n := range docs {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// TestArenaParseMatches parses every document of the corpora, generated
// and random documents one after the other from one arena, poisoning
// what it releases or zeroing it, one and three documents per release
// (lint's fix rounds parse several), and checks that each reads exactly as Parse
// reads it: memory reused after a release is as good as new.
func TestArenaParseMatches(t *testing.T) {
	docs := comparedDocuments(t)
	if len(docs) < 300 {
		t.Fatalf("read %d documents, want the corpora", len(docs))
	}
	r := rand.New(rand.NewSource(5))
	for i := range 2000 {
		switch i % 3 {
		case 0:
			docs[fmt.Sprintf("random/block%d", i)] = randomBlockDocument(r)
		case 1:
			docs[fmt.Sprintf("random/list%d", i)] = randomListDocument(r)
		default: // a generated document of random size
			docs[fmt.Sprintf("random/gen%d", i)] = randomGenerated(r)
		}
	}
	names := sortedNames(docs)
	for _, run := range []struct {
		poison     bool
		perRelease int
	}{{true, 1}, {true, 3}, {false, 1}} {
		perRelease := run.perRelease
		a := NewArena()
		if run.poison {
			a.PoisonOnRelease()
		}
		for i := 0; i < len(names); i += perRelease {
			batch := names[i:min(i+perRelease, len(names))]
			parsed := make([]*Document, len(batch))
			for k, name := range batch {
				parsed[k] = a.Parse(name, docs[name])
			}
			for k, name := range batch {
				plain := Parse(name, docs[name])
				if got, want := DumpText(parsed[k]), DumpText(plain); got != want {
					t.Fatalf("%s (%+v): the arena's parse differs:\n%s\nParse:\n%s", name, run, got, want)
				}
				if got, want := placeholdersText(parsed[k]), placeholdersText(plain); got != want {
					t.Fatalf("%s (%+v): the arena's placeholders differ:\n%s\nParse's:\n%s", name, run, got, want)
				}
			}
			a.Release()
		}
	}
}

// randomGenerated is one document, picked at random, of a generated app
// of one to three documents of a random seed.
func randomGenerated(r *rand.Rand) []byte {
	gen := benchgen.Generate(1+r.Intn(3), r.Int63())
	return gen[r.Intn(len(gen))]
}

// placeholdersText renders d.Placeholders() (built lazily, from the
// arena's memory too).
func placeholdersText(d *Document) string {
	var b strings.Builder
	for _, p := range d.Placeholders() {
		fmt.Fprintf(&b, "%s %v %d %d %v %v %v %v\n", p.Ref.Raw, p.Ref.Span, p.Line, p.Place, p.Rescan,
			p.Action != nil, p.Response != nil, p.Hint != nil)
	}
	return b.String()
}

// TestArenaReleaseEndsDocuments is the poisoning's own check: a document
// read after its arena's release no longer reads as parsed, poisoned or
// not (its memory then holds the next document's nodes), so that a
// reader that keeps a document past its release shows as a difference.
func TestArenaReleaseEndsDocuments(t *testing.T) {
	docs := benchgen.Generate(4, benchgen.DefaultSeed)
	for _, poison := range []bool{true, false} {
		a := NewArena()
		if poison {
			a.PoisonOnRelease()
		}
		doc := a.Parse("a.md", docs[0])
		before := DumpText(doc)
		if len(doc.Actions) == 0 || len(doc.Fences) == 0 {
			t.Fatal("the generated document has no actions")
		}
		fence := doc.Fences[0]
		a.Release()
		next := a.Parse("b.md", docs[1])
		if !poison && next.Fences[0] != fence {
			t.Errorf("the next document's first fence is not carved where the released one was: no memory reused")
		}
		if after := dumpNoPanic(doc); after == before {
			t.Errorf("poison=%v: the released document still reads as parsed", poison)
		}
	}
}

// dumpNoPanic is DumpText, or the panic a released document causes.
func dumpNoPanic(doc *Document) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprint("panic: ", r)
		}
	}()
	return DumpText(doc)
}

// TestArenaAllocates: once an arena has parsed a document, parsing
// documents of its size again allocates less than half the bytes Parse
// allocates (allocation bytes do not depend on the machine's load).
func TestArenaAllocates(t *testing.T) {
	docs := benchgen.Generate(20, benchgen.DefaultSeed)
	measure := func(parse func(string, []byte) *Document, release func()) uint64 {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		for range 3 {
			for _, d := range docs {
				parse("a.md", d)
				release()
			}
		}
		runtime.ReadMemStats(&m1)
		return m1.TotalAlloc - m0.TotalAlloc
	}
	a := NewArena()
	measure(a.Parse, a.Release) // warm: the arena's chunks, the parse's scratch
	plain := measure(Parse, func() {})
	arena := measure(a.Parse, a.Release)
	t.Logf("bytes per document: Parse %d, from an arena %d", plain/60, arena/60)
	if arena > plain/2 {
		t.Errorf("from an arena a document allocates %d bytes, Parse %d: want at most half", arena/60, plain/60)
	}
}

// TestArenaKeepsBounded: after a large document, an arena keeps at most
// maxPoolBytes (and the quarter more it reserves) of each type.
func TestArenaKeepsBounded(t *testing.T) {
	a := NewArena()
	a.Parse("big.md", benchgen.Document(4<<20))
	a.Release()
	kept := map[string]int{
		"refs": chunkBytes(&a.refs), "lines": chunkBytes(&a.lines), "fences": chunkBytes(&a.fences),
		"fenceLines": chunkBytes(&a.fenceLines), "starts": chunkBytes(&a.starts), "templates": chunkBytes(&a.templates),
		"hints": chunkBytes(&a.hints), "refPtrs": chunkBytes(&a.refPtrs),
	}
	for name, n := range kept {
		if n > maxPoolBytes*5/4 {
			t.Errorf("the arena keeps %d bytes of %s, want at most %d", n, name, maxPoolBytes*5/4)
		}
	}
	// and a small document after it still parses as Parse reads it
	src := benchgen.Generate(1, 2)[0]
	if got, want := DumpText(a.Parse("a.md", src)), DumpText(Parse("a.md", src)); got != want {
		t.Errorf("after a large document the arena's parse differs:\n%s\nParse:\n%s", got, want)
	}
}

func chunkBytes[T any](p *arenaPool[T]) int {
	var zero T
	return cap(p.chunk) * int(unsafe.Sizeof(zero))
}
