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

const mod = "github.com/sfmd-dev/sfmd/"

// TestLayering keeps the dependencies pointing one way:
// cmd -> runner, lint, rules -> sfmd; rules -> lint; everything may use
// the leaves under internal/. The parser imports no other package of the
// module, the engine knows no rule, the rules know nothing of the runner
// (and the other way round), and the runner does not pull in the engine.
func TestLayering(t *testing.T) {
	forbidden := map[string][]string{
		"sfmd":           {"lint", "rules", "runner", "cmd"},
		"lint":           {"rules", "runner", "cmd"},
		"lint/format":    {"rules", "runner", "cmd"},
		"rules":          {"runner", "cmd"},
		"runner":         {"rules", "lint", "cmd"},
		"runner/runtime": {"rules", "lint", "cmd", "runner"},
	}
	for dir, bad := range forbidden {
		for f, paths := range moduleImports(t, dir) {
			for _, path := range paths {
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
	// Leaves import nothing of the module.
	for _, dir := range []string{"internal/safeio", "internal/suggest", "internal/udiff"} {
		for f, paths := range moduleImports(t, dir) {
			for _, path := range paths {
				t.Errorf("%s imports %s: %s is a leaf and must not depend on the module", f, path, dir)
			}
		}
	}
}

// moduleImports returns, per non-test Go file of dir, the packages of the
// module it imports.
func moduleImports(t *testing.T, dir string) map[string][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s (%v)", dir, err)
	}
	out := map[string][]string{}
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
			if path, _ := strconv.Unquote(imp.Path.Value); strings.HasPrefix(path, mod) {
				out[f] = append(out[f], path)
			}
		}
	}
	return out
}

// TestNoArchivedDependencies keeps the module off dependencies whose
// maintained continuation it moved to.
func TestNoArchivedDependencies(t *testing.T) {
	gomod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for old, now := range map[string]string{"gopkg.in/yaml.v3": "go.yaml.in/yaml/v3"} {
		if strings.Contains(string(gomod), old+" ") {
			t.Errorf("go.mod requires %s, which is archived: use %s", old, now)
		}
	}
}
