package rules

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestCorpus lints every Markdown file under $SFMD_CORPUS (skipped when
// unset) with all rules and prints the findings. It fails only when a rule
// errors or panics: the corpus is real documents with real defects.
func TestCorpus(t *testing.T) {
	root := os.Getenv("SFMD_CORPUS")
	if root == "" {
		t.Skip("set SFMD_CORPUS to a directory of SFMD documents")
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		diags, err := lint.Check(sfmd.Parse(rel, b), All())
		if err != nil {
			t.Errorf("%s: %v", rel, err)
		}
		for _, d := range diags {
			fmt.Printf("%s:%d:%d: %s: %s [%s]\n", d.Path, d.Span.Start.Line, d.Span.Start.Col, d.Severity, d.Message, d.Rule)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
