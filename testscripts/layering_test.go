package testscripts

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLayering keeps the dependencies pointing one way:
// cmd -> runner, lint, rules -> sfmd; rules -> lint; runner -> lint.
// The parser imports no other package of the module, the engine knows no
// rule, and the rules know nothing of the runner (and the other way round).
func TestLayering(t *testing.T) {
	const mod = "github.com/sfmd-dev/sfmd/"
	forbidden := map[string][]string{
		"sfmd":           {"lint", "rules", "runner", "cmd"},
		"lint":           {"rules", "runner", "cmd"},
		"lint/format":    {"rules", "runner", "cmd"},
		"rules":          {"runner", "cmd"},
		"runner":         {"rules", "cmd"},
		"runner/runtime": {"rules", "lint", "cmd", "runner"},
	}
	for dir, bad := range forbidden {
		files, err := filepath.Glob(filepath.Join("..", dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s (%v)", dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue // tests may exercise neighbours (e.g. rules tests through lint.Run)
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				for _, b := range bad {
					if path == mod+b || strings.HasPrefix(path, mod+b+"/") {
						if dir == "runner" && path == mod+"runner/runtime" {
							continue // the harness drives its runtime
						}
						t.Errorf("%s imports %s: %s must not depend on %s", f, path, dir, b)
					}
				}
			}
		}
	}
}
