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

// TestLayering keeps the dependencies pointing one way (the README's "Development" section, its
// package map): cmd/sfmd, playground -> internal/cli -> runner,
// internal/lsp, lint, rules -> model -> sfmd; rules -> lint; everything may
// use the leaves under internal/. The parser imports no other package of
// the module, the runtime model knows no tool built on it, the engine
// knows no rule and no runtime, the rules know nothing of the runner (and
// the other way round), and the runner does not pull in the engine. The
// language server (internal/lsp) sits beside the CLI: it may use lint,
// rules, sfmd, model, the suite format and the leaves, and only the CLI
// (internal/cli) imports it (internal/lsp/lsptest, its test client, is for
// tests only). The reference CLI's drop-in (internal/refcli) reads
// documents through the model only; the docs generator (internal/docgen)
// reads the rules' data through lint; the suite format
// (internal/suitespec) imports only leaves (the virtual paths it shares
// with the model are the leaf internal/vpath), so that lint can read the
// fixtures a suite names through it. The packages with
// no library role (the CLI, the drop-in, the language server) are under
// internal/: only lint, lint/format, rules, sfmd, model, runner and
// schema are importable from outside the module.
func TestLayering(t *testing.T) {
	const cli, refcli, lsp, lsptest = "internal/cli", "internal/refcli", "internal/lsp", "internal/lsp/lsptest"
	forbidden := map[string][]string{
		"sfmd":            {"lint", "rules", "runner", "cmd", cli, refcli, lsp, "model"},
		"lint":            {"rules", "runner", "cmd", cli, refcli, lsp, "model"},
		"lint/format":     {"rules", "runner", "cmd", cli, refcli, lsp, "model"},
		refcli:            {"lint", "rules", "runner", lsp, cli},
		"internal/docgen": {"runner", "cmd", cli, refcli, lsp, "model"},
		"rules":           {"runner", "cmd", cli, refcli, lsp},
		"runner":          {"rules", "lint", "cmd", cli, refcli, lsp},
		"model":           {"rules", "lint", "cmd", cli, refcli, "runner", lsp},
		lsp:               {"runner", "cmd", cli, refcli},
		lsptest:           {"runner", "cmd", cli, refcli, "rules"},
		"playground":      {cli, refcli, lsp},
		// The suite format: read by the runner, the language server and lint.
		"internal/suitespec": {"lint", "rules", "runner", "cmd", cli, refcli, lsp, "model", "sfmd"},
	}
	for dir, bad := range forbidden {
		for f, paths := range moduleImports(t, dir) {
			for _, path := range paths {
				for _, b := range bad {
					if path == mod+b || strings.HasPrefix(path, mod+b+"/") {
						if dir == lsptest && path == mod+lsp {
							continue // the test client drives the server
						}
						t.Errorf("%s imports %s: %s must not depend on %s", f, path, dir, b)
					}
				}
			}
		}
	}
	// Only the CLI imports the language server and the drop-in; nothing
	// imports the language server's test client outside tests.
	for _, dir := range moduleDirs(t) {
		for f, paths := range moduleImports(t, dir) {
			for _, path := range paths {
				switch {
				case (path == mod+lsp || path == mod+refcli) && dir != cli && dir != lsptest:
					t.Errorf("%s imports %s: only the CLI (%s) wires it", f, path, cli)
				case path == mod+cli && dir != "cmd/sfmd":
					t.Errorf("%s imports %s: only the main package (cmd/sfmd) runs the CLI", f, path)
				case path == mod+lsptest:
					t.Errorf("%s imports %s: the LSP test client is for tests only", f, path)
				}
			}
		}
	}
	// Leaves import nothing of the module, but a leaf that reads files
	// reads them through internal/safeio (TestOneReader), a leaf that
	// reads YAML nodes reads them with internal/yamlpos, and a leaf that
	// asks whether a path is clean asks internal/cleanpath: all three are
	// leaves themselves.
	for _, dir := range []string{"internal/ansi", "internal/cleanpath", "internal/confine", "internal/gctune", "internal/gitignore", "internal/jsonrpc", "internal/jsonschema", "internal/lazyre", "internal/safeio", "internal/suggest", "internal/udiff", "internal/version", "internal/vpath", "internal/yamlpos"} {
		for f, paths := range moduleImports(t, dir) {
			for _, path := range paths {
				if (path == mod+"internal/safeio" || path == mod+"internal/yamlpos" || path == mod+"internal/cleanpath") && dir != "internal/safeio" && dir != "internal/yamlpos" && dir != "internal/cleanpath" {
					continue
				}
				t.Errorf("%s imports %s: %s is a leaf and must not depend on the module", f, path, dir)
			}
		}
	}
}

// moduleDirs lists the module's directories holding non-test Go files
// (relative, slash-separated), skipping testdata and hidden directories.
func moduleDirs(t *testing.T) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != ".." && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			rel, _ := filepath.Rel("..", filepath.Dir(p))
			if len(dirs) == 0 || dirs[len(dirs)-1] != filepath.ToSlash(rel) {
				dirs = append(dirs, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
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
