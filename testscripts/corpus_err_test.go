package testscripts

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/cli"
)

// TestCorpusErr is the regression suite of realistic broken documents
// (actionlint's examples): every corpus/err/NAME.md, linted with every
// default rule and infos shown, must print exactly corpus/err/NAME.out.
// `go test ./testscripts -run TestCorpusErr -update` rewrites the .out
// files; review the diff.
func TestCorpusErr(t *testing.T) {
	dir := filepath.Join("..", "corpus", "err")
	docs, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("no documents in %s (%v)", dir, err)
	}
	for _, doc := range docs {
		name := filepath.Base(doc)
		t.Run(strings.TrimSuffix(name, ".md"), func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := cli.Main([]string{"lint", "--format", "line", "--min-severity", "info", name}, cli.Stdio{
				Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
				Getenv: func(string) string { return "" }, Dir: dir,
			})
			if status != cli.ExitFindings {
				t.Errorf("exit status %d, want %d (these documents have errors)\n%s", status, cli.ExitFindings, errOut.String())
			}
			want := strings.TrimSuffix(doc, ".md") + ".out"
			if *update {
				if err := os.WriteFile(want, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			b, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("%v (create it with -update)", err)
			}
			if out.String() != string(b) {
				t.Errorf("lint output differs from %s:\n--- got\n%s--- want\n%s", want, out.String(), b)
			}
		})
	}
}
