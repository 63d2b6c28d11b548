package testscripts

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOneReader keeps every file sfmd opens going through internal/safeio
// (regular files only, opened non-blocking, reads bounded; docs/linting.md
// "Hostile input"): no non-test Go file of the module outside
// internal/safeio calls a function of package os that opens a file by
// name (Open, OpenFile, ReadFile, Create, OpenInRoot, DirFS), anything of
// io/ioutil, or syscall's and x/sys/unix's open calls. Before issue 20,
// internal/gitignore read .gitignore, .git and info/exclude with os.Open
// and os.ReadFile, so a named pipe there hung the walk and a .git linked
// to /dev/zero was read until memory ran out.
//
// It looks at package functions only: the methods of an *os.Root
// (model's sandbox writes) are not calls this test can tell
// apart without type-checking.
func TestOneReader(t *testing.T) {
	opens := map[string]map[string]bool{
		"os":                    {"Open": true, "OpenFile": true, "ReadFile": true, "Create": true, "OpenInRoot": true, "DirFS": true},
		"io/ioutil":             nil, // every function
		"syscall":               {"Open": true, "Openat": true},
		"golang.org/x/sys/unix": {"Open": true, "Openat": true, "Openat2": true},
	}
	// allowed are the few calls that are no read of a document, a
	// config or an ignore file, each with why (file: function).
	allowed := map[string]string{
		// sfmd lint --format github appends its summary to the file the
		// CI runner names in GITHUB_STEP_SUMMARY: an append, which
		// safeio's replacing writes would turn into a loss of what the
		// earlier steps wrote.
		"internal/cli/lint.go: os.OpenFile": "the job summary",
	}
	used := map[string]bool{}
	for _, dir := range moduleDirs(t) {
		if dir == "internal/safeio" || strings.HasPrefix(dir, "corpus/bench/") {
			continue // the reader itself; benchmark programs reading the corpus their user names
		}
		files, err := filepath.Glob(filepath.Join("..", dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			af, err := parser.ParseFile(fset, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			names := map[string]string{} // local name -> import path, for the packages above
			for _, imp := range af.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if _, ok := opens[path]; !ok {
					continue
				}
				name := path[strings.LastIndex(path, "/")+1:]
				if imp.Name != nil {
					name = imp.Name.Name
				}
				names[name] = path
			}
			rel := filepath.ToSlash(strings.TrimPrefix(f, "../"))
			ast.Inspect(af, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				x, ok := sel.X.(*ast.Ident)
				if !ok || x.Obj != nil { // a local variable, not a package
					return true
				}
				path, ok := names[x.Name]
				if !ok {
					return true
				}
				if fns := opens[path]; fns != nil && !fns[sel.Sel.Name] {
					return true
				}
				key := rel + ": " + x.Name + "." + sel.Sel.Name
				if _, ok := allowed[key]; ok {
					used[key] = true
					return true
				}
				t.Errorf("%s: %s.%s opens a file without internal/safeio: read with safeio.ReadFile, safeio.Read or safeio.ReadHead (regular files only, bounded)",
					fset.Position(sel.Pos()), x.Name, sel.Sel.Name)
				return true
			})
		}
	}
	for key := range allowed {
		if !used[key] {
			t.Errorf("allowed call %q is no longer made: drop it from the list", key)
		}
	}
}
