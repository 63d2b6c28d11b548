package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// menuRule reports, in every document naming "see: FILE", a finding in
// FILE (as the nav menu rules report in a menu file).
var menuRule = &Analyzer{
	Name: "menu-entry", Severity: Warning, Profile: Core,
	Doc: Doc{Title: "menu entry"},
	Run: func(pass *Pass) (any, error) {
		src := string(pass.Doc.Src)
		if i := strings.Index(src, "see: "); i >= 0 {
			file := strings.TrimSpace(src[i+5:])
			pass.Report(Diagnostic{Path: file, Span: pass.Doc.Index.Span(0, 1), Message: "the menu lacks an entry"})
		}
		return nil, nil
	},
}

// TestOutputOrder: the batches Output receives, concatenated, are
// Report.Diagnostics of the same run without Output, although the walk
// finds a/b.md before a-c.md, which sorts first, and two documents
// report the same finding in a menu file that sorts after them.
func TestOutputOrder(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a/b.md":   "BAD\nsee: m.md\n",
		"a-c.md":   "TODO\n",
		"b.md":     "xx BAD\nsee: m.md\n",
		"m.md":     "- BAD entry\n",
		"z/z.md":   "BAD TODO\n",
		"clean.md": "fine\n",
	})
	set := append([]*Analyzer{menuRule}, testSet...)
	want, err := Run(Options{Dir: dir, Parse: fakeParse, Jobs: 2}, set)
	if err != nil {
		t.Fatal(err)
	}
	var got []Diagnostic
	var sources []string
	rep, err := Run(Options{Dir: dir, Parse: fakeParse, Jobs: 2, Output: func(ds []Diagnostic, src func(string) []byte) {
		got = append(got, ds...)
		sources = append(sources, fmt.Sprintf("%s=%q", ds[0].Path, src(ds[0].Path)))
	}}, set)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Diagnostics) != 0 {
		t.Errorf("Report.Diagnostics holds %d findings with Output", len(rep.Diagnostics))
	}
	if g, w := lines(got), lines(want.Diagnostics); g != w {
		t.Errorf("Output gave\n%s\nReport.Diagnostics is\n%s", g, w)
	}
	if !strings.Contains(strings.Join(sources, "\n"), `m.md="- BAD entry\n"`) {
		t.Errorf("sources of the batches: %v", sources)
	}
}

// TestOutputMemoryBounded: with Output, what the run keeps does not grow
// with the files linted. 5,000 documents of 20 findings each are linted;
// the live heap after a collection, measured from Output after 500 and
// after 4,500 documents, must not have grown by what keeping the 4,000
// documents' findings in between would take (80,000 diagnostics, well
// over 10 MB).
func TestOutputMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 5,000 files")
	}
	files := map[string]string{}
	for i := range 5000 {
		files[fmt.Sprintf("d%02d/f%04d.md", i%50, i)] = strings.Repeat("BAD line\n", 20)
	}
	dir := writeTree(t, files)
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	batches, total := 0, 0
	var early, late uint64
	_, err := Run(Options{Dir: dir, Parse: fakeParse, Jobs: 2, Output: func(ds []Diagnostic, _ func(string) []byte) {
		batches++
		total += len(ds)
		switch batches {
		case 500:
			early = heap()
		case 4500:
			late = heap()
		}
	}}, testSet)
	if err != nil {
		t.Fatal(err)
	}
	if batches != 5000 || total != 100000 {
		t.Fatalf("%d batches, %d findings, want 5000 and 100000", batches, total)
	}
	if late > early && late-early > 4<<20 {
		t.Errorf("live heap grew from %d to %d bytes between the 500th and the 4,500th document", early, late)
	}
}

// TestOutputLateForeign: a finding in a file already written (the menu
// 0.md sorts before the documents naming it) comes after the reporting
// document's own findings, once, however many documents report it.
func TestOutputLateForeign(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"0.md": "- entry\n",
		"a.md": "BAD\nsee: 0.md\n",
		"b.md": "BAD\nsee: 0.md\n",
	})
	var got []Diagnostic
	_, err := Run(Options{Dir: dir, Parse: fakeParse, Jobs: 2, Output: func(ds []Diagnostic, _ func(string) []byte) {
		got = append(got, ds...)
	}}, append([]*Analyzer{menuRule}, testSet...))
	if err != nil {
		t.Fatal(err)
	}
	want := "a.md:1:1: error: found \"BAD\" [no-bad]\n" +
		"0.md:1:1: warning: the menu lacks an entry [menu-entry]\n" +
		"b.md:1:1: error: found \"BAD\" [no-bad]\n"
	if g := lines(got); g != want {
		t.Errorf("got\n%s\nwant\n%s", g, want)
	}
}

// TestOutputSourceIsTextLinted: Output's source of a file's findings is
// the file's text as it is on disk after the lint (as fixed by --fix, as
// read with --diff or without fixes), kept from the lint instead of read
// again: the file removed before the source is asked still has it.
func TestOutputSourceIsTextLinted(t *testing.T) {
	for _, c := range []struct {
		name string
		opts Options
		want string
	}{
		{"no fixes", Options{}, "BAD TODO\n"},
		{"fix", Options{Fix: FixSafe}, "good TODO\n"},
		{"diff", Options{Diff: true}, "BAD TODO\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"a.md": "BAD TODO\n"})
			opts := c.opts
			opts.Dir, opts.Parse, opts.Jobs = dir, fakeParse, 1
			var got []string
			opts.Output = func(ds []Diagnostic, src func(string) []byte) {
				disk, err := os.ReadFile(filepath.Join(dir, "a.md"))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.Remove(filepath.Join(dir, "a.md")); err != nil {
					t.Fatal(err)
				}
				if s := string(src(ds[0].Path)); s != string(disk) {
					t.Errorf("source %q, the file on disk %q", s, disk)
				}
				got = append(got, string(src(ds[0].Path)))
			}
			if _, err := Run(opts, testSet); err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0] != c.want {
				t.Errorf("sources %q, want [%q]", got, c.want)
			}
		})
	}
}
