package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

// sourceFile is one non-test file of the package, parsed.
type sourceFile struct {
	name string // the file's name without .go
	f    *ast.File
}

func parseRuleFiles(t *testing.T) []sourceFile {
	t.Helper()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var out []sourceFile
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sourceFile{strings.TrimSuffix(p, ".go"), f})
	}
	return out
}

// lintSeverity is the severity a lint.Error, lint.Warning or lint.Info
// expression names (0 for anything else).
func lintSeverity(e ast.Expr) lint.Severity {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return 0
	}
	if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "lint" {
		return 0
	}
	switch sel.Sel.Name {
	case "Error":
		return lint.Error
	case "Warning":
		return lint.Warning
	case "Info":
		return lint.Info
	}
	return 0
}

// gradedIn returns the highest severity the code of f gives a finding:
// `x.Severity = v` and `Severity: v` in a lint.Diagnostic literal, where
// v is a lint severity or a variable, which counts as every lint
// severity the file assigns to a variable of its name.
func gradedIn(f *ast.File) lint.Severity {
	varSev := map[string]lint.Severity{} // the highest lint severity assigned to each name
	var vars []string                    // names a finding is graded by
	var top lint.Severity
	grade := func(v ast.Expr) {
		if s := lintSeverity(v); s != 0 {
			top = max(top, s)
		} else if id, ok := v.(*ast.Ident); ok {
			vars = append(vars, id.Name)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if i >= len(n.Rhs) {
					break
				}
				switch l := lhs.(type) {
				case *ast.SelectorExpr:
					if l.Sel.Name == "Severity" {
						grade(n.Rhs[i])
					}
				case *ast.Ident:
					if s := lintSeverity(n.Rhs[i]); s != 0 {
						varSev[l.Name] = max(varSev[l.Name], s)
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if i < len(n.Values) {
					if s := lintSeverity(n.Values[i]); s != 0 {
						varSev[name.Name] = max(varSev[name.Name], s)
					}
				}
			}
		case *ast.CompositeLit:
			if sel, ok := n.Type.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Diagnostic" {
				return true
			}
			for _, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Severity" {
						grade(kv.Value)
					}
				}
			}
		}
		return true
	})
	for _, v := range vars {
		top = max(top, varSev[v])
	}
	return top
}

// spenders returns the names of the package's functions and methods
// that draw from the budget of optional work: that call Spend, or call
// (by name) a function that does.
func spenders(files []sourceFile) map[string]bool {
	calls := map[string][]string{} // function name -> the names it calls
	for _, sf := range files {
		for _, d := range sf.f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			calls[fd.Name.Name] = append(calls[fd.Name.Name], calledNames(fd.Body)...)
		}
	}
	spend := map[string]bool{"Spend": true}
	for changed := true; changed; {
		changed = false
		for fn, cs := range calls {
			if spend[fn] {
				continue
			}
			for _, c := range cs {
				if spend[c] {
					spend[fn], changed = true, true
					break
				}
			}
		}
	}
	return spend
}

// calledNames are the names of the functions and methods n calls.
func calledNames(n ast.Node) []string {
	var out []string
	ast.Inspect(n, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			switch fn := c.Fun.(type) {
			case *ast.Ident:
				out = append(out, fn.Name)
			case *ast.SelectorExpr:
				out = append(out, fn.Sel.Name)
			}
		}
		return true
	})
	return out
}

// TestMaxSeverity reads the rules' code: a rule whose file grades a
// finding above its Severity declares that grade (Analyzer.MaxSeverity),
// and one whose file calls what draws from the budget of optional work
// (Pass.Spend, directly or through the package's functions) says so
// (Analyzer.SpendsWork). The engine leaves a rule out of a document
// where its Ceiling is hidden, unless it spends (lint.Options.
// NoHiddenCount). Grading is allowed only in a rule's own file (this
// test knows no other file's rule).
func TestMaxSeverity(t *testing.T) {
	files := parseRuleFiles(t)
	spend := spenders(files)
	for _, sf := range files {
		a := Lookup(sf.name)
		graded := gradedIn(sf.f)
		if a == nil {
			if graded != 0 {
				t.Errorf("%s.go grades a finding %v outside a rule's own file", sf.name, graded)
			}
			continue
		}
		if graded > a.Ceiling() {
			t.Errorf("%s grades a finding %v above its ceiling %v: set MaxSeverity", sf.name, graded, a.Ceiling())
		}
		spends := false
		for _, c := range calledNames(sf.f) {
			spends = spends || spend[c]
		}
		if spends != a.SpendsWork {
			t.Errorf("%s: draws from the budget of optional work: %v, SpendsWork: %v", sf.name, spends, a.SpendsWork)
		}
	}
}
