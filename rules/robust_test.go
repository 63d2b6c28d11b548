package rules

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestCRLF checks that every rule reports the same findings, at the same
// lines and columns, when bad.md uses CRLF line endings, and that its safe
// fixes still apply cleanly.
func TestCRLF(t *testing.T) {
	for _, a := range All() {
		if a.Name == FileContainsNUL.Name || a.Name == FileNotUTF8.Name || a.Name == FileCRLineEndings.Name {
			continue // (file-cr-line-endings: CRLF is what it tells lone CRs from)
		}
		ar := loadArchive(t, a.Name)
		for _, name := range []string{"bad.md", "fix.md"} {
			lf, ok := ar.files[name]
			if !ok {
				continue
			}
			path := a.Name + "/" + name
			crlf := bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))
			want := check(t, path, lf, a)
			got := check(t, path, crlf, a)
			if len(got) != len(want) {
				t.Errorf("%s %s: %d findings with CRLF, %d with LF", a.Name, name, len(got), len(want))
				continue
			}
			for i := range got {
				if g, w := format(got[i]), format(want[i]); g != w {
					t.Errorf("%s %s with CRLF:\n  %s\nwant\n  %s", a.Name, name, g, w)
				}
			}
			fixedLF, _ := lint.ApplyFixes(lf, want, lint.FixSafe)
			fixedCRLF, _ := lint.ApplyFixes(crlf, got, lint.FixSafe)
			if !bytes.Equal(bytes.ReplaceAll(fixedLF, []byte("\n"), []byte("\r\n")), fixedCRLF) {
				t.Errorf("%s %s: fixes differ between LF and CRLF:\n%q\n%q", a.Name, name, fixedLF, fixedCRLF)
			}
		}
	}
}

// FuzzRules runs every rule on arbitrary input: no rule may fail or
// panic, every fix must stay inside the file with non-overlapping edits,
// and a document with the safe fixes applied must lint without failure.
func FuzzRules(f *testing.F) {
	docs := archiveDocs(f)
	for _, p := range sortedKeys(docs) {
		f.Add(docs[p])
	}
	for _, a := range All() {
		f.Add([]byte(a.Doc.Bad))
	}
	all := All()
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := parseOrSkip(t, src)
		diags, err := lint.Check(doc, all)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range diags {
			for _, fx := range d.Fixes {
				edits := append([]lint.Edit(nil), fx.Edits...)
				sort.Slice(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
				for i, e := range edits {
					if e.Start < 0 || e.End > len(src) || e.Start > e.End {
						t.Fatalf("%s: edit out of range: %+v", d.Rule, e)
					}
					if i > 0 && e.Start < edits[i-1].End {
						t.Fatalf("%s: overlapping edits", d.Rule)
					}
				}
			}
		}
		fixed, _ := lint.ApplyFixes(src, diags, lint.FixSafe)
		if _, err := lint.Check(parseOrSkip(t, fixed), all); err != nil {
			t.Fatal(err)
		}
	})
}

// parseOrSkip parses src and skips the input when the parser panics:
// parser crashes are FuzzParse's findings (package sfmd), this target
// checks the rules.
func parseOrSkip(t *testing.T, src []byte) (doc *sfmd.Document) {
	defer func() {
		if r := recover(); r != nil {
			t.Skipf("sfmd.Parse panics on this input (a parser bug): %v", r)
		}
	}()
	return sfmd.Parse("fuzz.md", src)
}

// TestLoneCR: a file with CR line endings is one line to the runtime (and
// to sfmd): one finding says so; a stray CR in an LF file is named as
// such; CRLF line endings are not lone CRs.
func TestLoneCR(t *testing.T) {
	for src, want := range map[string]string{
		"---\rname: x\r---\r":        "1:4: the file uses CR",
		"a\rb\rc\n":                  "1:2: the file uses CR",
		"# T\n\nSee.\rThen.\n\nx\n":  "3:5: lone CR (\"\\r\"): editors show a line break here",
		"# T\n\ra\r\rb\n\nc\nd\ne\n": "2:1: lone CR (\"\\r\") (the first of 3)",
		"# T\r\n\r\na\r\n":           "",
		"# T\r\r\n":                  "1:4: the file uses CR",
	} {
		var got string
		for _, d := range check(t, "x.md", []byte(src), FileCRLineEndings) {
			got = fmt.Sprintf("%d:%d: %s", d.Span.Start.Line, d.Span.Start.Col, d.Message)
		}
		if !strings.HasPrefix(got, want) || (want == "") != (got == "") {
			t.Errorf("%q: %q, want %q...", src, got, want)
		}
	}
}
