package sfmd

import (
	"cmp"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// codeSpanReading parses src with sfmd's goldmark parser and returns the
// bounds of every code span sfmd reads (goldmark's first text segment's
// start and last one's stop) and the code structure of the tree (see
// codeStructure, without its code spans); with own, the code spans
// codeParagraphs reads itself are included, and how many they are.
func codeSpanReading(src []byte, own bool) (spans []byteRange, structure string, owned int) {
	var sink codeSpanSink
	pc := parser.NewContext()
	if own {
		pc.Set(codeSpanSinkKey, &sink)
	}
	root := mdParser.Parse(text.NewReader(src), parser.WithContext(pc))
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if cs, ok := n.(*ast.CodeSpan); ok && entering {
			first, _ := cs.FirstChild().(*ast.Text)
			last, _ := cs.LastChild().(*ast.Text)
			if first != nil && last != nil {
				spans = append(spans, byteRange{first.Segment.Start, last.Segment.Stop})
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	spans = append(spans, sink.spans...)
	slices.SortFunc(spans, func(a, b byteRange) int { return cmp.Compare(a.start, b.start) })
	var kept []string
	for _, l := range strings.Split(codeStructure(root), "\n") {
		if !strings.HasPrefix(l, "span") {
			kept = append(kept, l)
		}
	}
	return spans, strings.Join(kept, "\n"), len(sink.spans)
}

// compareCodeSpanReadings fails when the two readings of src differ.
func compareCodeSpanReadings(t *testing.T, name string, src []byte) int {
	t.Helper()
	want, wantStructure, _ := codeSpanReading(src, false)
	got, gotStructure, owned := codeSpanReading(src, true)
	if !slices.Equal(got, want) {
		t.Errorf("%s: code spans read by sfmd %v, by goldmark %v", name, got, want)
	}
	if gotStructure != wantStructure {
		t.Errorf("%s: code structure with sfmd's code spans:\n%s\nwith goldmark's:\n%s", name, gotStructure, wantStructure)
	}
	return owned
}

// comparedDocuments are the documents TestOwnCodeSpansMatchGoldmark
// reads: every .md and .txtar file of the repository (corpus/err, the
// fuzz seeds and the golden inputs among them), ../shared/corpus/upstream
// when present, and generated documents.
func comparedDocuments(t *testing.T) map[string][]byte {
	t.Helper()
	docs := map[string][]byte{}
	for _, root := range []string{"..", filepath.Join("..", "..", "shared", "corpus", "upstream")} {
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err // a corpus that is not there is skipped
			}
			if d.IsDir() || (filepath.Ext(path) != ".md" && filepath.Ext(path) != ".txtar") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			docs[path] = src
			return nil
		})
	}
	for i, d := range benchgen.Generate(200, benchgen.DefaultSeed) {
		docs[fmt.Sprintf("generated/%d.md", i)] = d
	}
	docs["generated/hints.md"] = benchgen.HintDocument(500)
	return docs
}

// TestOwnCodeSpansMatchGoldmark compares the code spans sfmd reads
// itself (codespans.go) with goldmark's inline pass over the same
// paragraphs: on every document of comparedDocuments and on random
// documents made of the pieces that decide code spans (backtick runs,
// escapes, hard line breaks, CRLF, tabs, containers, setext underlines,
// HTML), the same code spans at the same offsets and the same blocks;
// and sfmd.Parse's whole reading (DumpText) is the same with and
// without them.
func TestOwnCodeSpansMatchGoldmark(t *testing.T) {
	owned := 0
	docs := comparedDocuments(t)
	if len(docs) < 300 {
		t.Fatalf("read %d documents, want the corpora", len(docs))
	}
	for name, src := range docs {
		owned += compareCodeSpanReadings(t, name, src)
		got := DumpText(Parse(name, src))
		ownCodeSpans = false
		want := DumpText(Parse(name, src))
		ownCodeSpans = true
		if got != want {
			t.Errorf("%s: Parse differs with sfmd's code spans:\n%s\nwith goldmark's:\n%s", name, got, want)
		}
	}
	atoms := append(slices.Clip(markdownAtoms), "\\\\\\\n", "\\\n", "\\\\\n", "  \n", "\\\r\n", "  \r\n", "\r\n",
		"x\n", "`x\n", "\n`", "` `", "`\n`", " `` ", "\t`a`", "- `a`\n", "> `", "a\n===\n", "`a`\n---\n", "\\\\`",
		"<a\n", "<a href='`'\n>", "<?", "?>", "<!X", "<![CDATA[", "]]>", "<a@b.c>", "a@b.c>", "</a\n>", "\\<", "# `a` #\n", "## b `c`\n", "#\t`` x ``\\\n")
	r := rand.New(rand.NewSource(2))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		var b strings.Builder
		for range 5 + r.Intn(60) {
			b.WriteString(atoms[r.Intn(len(atoms))])
		}
		owned += compareCodeSpanReadings(t, fmt.Sprintf("%q", b.String()), []byte(b.String()))
		if t.Failed() {
			t.FailNow()
		}
	}
	// the comparison means something only if sfmd read many code spans
	if owned < 10000 {
		t.Errorf("sfmd read %d code spans itself, want the corpora's", owned)
	}
}

// TestInlinePassLeftEmpty: with a codeSpanSink, goldmark's inline pass
// finds nothing to read in paragraphs and headings with code spans (sfmd
// read them; see codespans.go), so it makes no node for them; without
// one, it makes the code spans and the text around them.
func TestInlinePassLeftEmpty(t *testing.T) {
	src := []byte("# A `b` heading\n\nSome `code` and <b>html</b>,\na line with `more`\nand `a span\nover lines`.\n\n- an item with `code`\n")
	for _, own := range []bool{true, false} {
		var sink codeSpanSink
		pc := parser.NewContext()
		if own {
			pc.Set(codeSpanSinkKey, &sink)
		}
		root := mdParser.Parse(text.NewReader(src), parser.WithContext(pc))
		inline := 0
		_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if entering && n.Type() == ast.TypeInline {
				inline++
			}
			return ast.WalkContinue, nil
		})
		switch {
		case own && (inline != 0 || len(sink.spans) != 5):
			t.Errorf("with a sink: %d inline nodes, %d code spans read by sfmd; want 0 and 5", inline, len(sink.spans))
		case !own && inline == 0:
			t.Errorf("without a sink: no inline node, want goldmark's")
		}
	}
}

// TestParseScratchRecycled: the buffers a parse drops (the list of
// goldmark's nodes sfmd reads, the code spans, the lines to skip, the
// bracket pairs) come from a recycled parseScratch: parsing a document
// that uses them all again allocates at least one allocation fewer for
// each than with a new scratch every time. The collector is off and there
// is one P, so that the pool gives back its scratch between the parses.
func TestParseScratchRecycled(t *testing.T) {
	src := []byte("---\nname: a\n---\n\n# A `b`\n\nSee [the docs](https://x.example) and `c`.\n\n" +
		"```act.x\nGET https://api.example.com/{q}\n  q: string\n```\n\n    indented code\n")
	// one P, and no collection: the pool gives back the scratch it got
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	count := func() float64 { return testing.AllocsPerRun(20, func() { Parse("a.md", src) }) }
	recycled := count()
	recycleScratch = false
	fresh := count()
	recycleScratch = true
	if recycled > fresh-5 {
		t.Errorf("a parse allocates %.0f times with a recycled scratch, %.0f with a new one: want 5 fewer at least", recycled, fresh)
	}
}
