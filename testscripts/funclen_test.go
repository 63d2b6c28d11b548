package testscripts

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// maxFuncLines is the longest a function (or function literal) of the
// module's non-test code may be. A function that needs more has seams
// (its own section comments) where it wants to be split.
const maxFuncLines = 120

// tooLong lists the functions that are still over maxFuncLines, by
// "dir/file.go:Name". Remove an entry when its function is split; the
// test fails on a stale entry too.
var tooLong = map[string]bool{}

// TestFunctionLength keeps every function of the module short enough to
// read in one screen or two.
func TestFunctionLength(t *testing.T) {
	seen := map[string]bool{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != ".." && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", path)
		rel = filepath.ToSlash(rel)
		ast.Inspect(af, func(n ast.Node) bool {
			var name string
			switch f := n.(type) {
			case *ast.FuncDecl:
				name = f.Name.Name
			case *ast.FuncLit:
				name = "func literal at line " + strconv.Itoa(fset.Position(f.Pos()).Line)
			default:
				return true
			}
			lines := fset.Position(n.End()).Line - fset.Position(n.Pos()).Line + 1
			key := rel + ":" + name
			if lines > maxFuncLines {
				seen[key] = true
				if !tooLong[key] {
					t.Errorf("%s is %d lines long (at most %d): split it where its sections are", key, lines, maxFuncLines)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for k := range tooLong {
		if !seen[k] {
			t.Errorf("%s is no longer over %d lines: remove it from tooLong", k, maxFuncLines)
		}
	}
}
