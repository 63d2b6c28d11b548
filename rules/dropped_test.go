package rules

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// upstreamCorpus holds the real documents next to the repository
// (../shared/corpus/upstream from its root); tests skip it when absent.
const upstreamCorpus = "../../shared/corpus/upstream"

// upstreamPresent reports whether the upstream corpus is there: a test's
// floor on how much it compared holds only with it (a clone without
// ../shared has the archives and corpus/err alone).
func upstreamPresent() bool {
	_, err := os.Stat(upstreamCorpus)
	return err == nil
}

// droppedParamDocs returns every Markdown document of the rule archives
// and corpus/err, and of the upstream corpus when it exists.
func droppedParamDocs(t *testing.T) map[string][]byte {
	t.Helper()
	docs := map[string][]byte{}
	for _, n := range archiveNames(t) {
		ar, err := txtar.ParseFile(archivePath(n))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".md") {
				docs[n+".txtar/"+f.Name] = f.Data
			}
		}
	}
	for _, root := range []string{"../corpus/err", upstreamCorpus} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return err
			}
			b, err := os.ReadFile(p)
			docs[p] = b
			return err
		})
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	return docs
}

// TestDroppedParamIsAnError checks the promise of the severity principle
// for the most common silent failure: every parameter line the reference
// runtime drops (sfmd.Param.Strict is false, or the line ends in CRLF:
// sfmd.Param.CR) carries at least one error on
// that line, whatever made the runtime drop it; a dropped field is never
// only an info or a warning.
func TestDroppedParamIsAnError(t *testing.T) {
	for name, src := range droppedParamDocs(t) {
		doc := sfmd.Parse(name, src)
		diags, err := lint.Check(doc, All())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		errLines := map[int]bool{}
		for _, d := range diags {
			if d.Severity == lint.Error {
				for l := int(d.Span.Start.Line); l <= int(d.Span.End.Line); l++ {
					errLines[l] = true
				}
			}
		}
		for _, a := range doc.Actions {
			for _, p := range a.Params {
				if l := int(p.Line.Span.Start.Line); (!p.Strict || p.CR) && !errLines[l] {
					t.Errorf("%s:%d: the runtime drops parameter line %q but no error says so", name, l, strings.TrimSpace(p.Line.Text))
				}
			}
		}
	}
}
