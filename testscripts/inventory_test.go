package testscripts

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRuntimeInventory checks docs/runtime-inventory.md, the table of the
// runtime's branches that drop, rewrite or misread what an author wrote:
// every row cites a runtime source file and function, names the rules that
// report it (each with its file and archive) or says why none does, and
// names tests that exist (a model test function, a rule archive).
func TestRuntimeInventory(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "docs", "runtime-inventory.md"))
	if err != nil {
		t.Fatal(err)
	}
	modelTests := goTestFuncs(t, filepath.Join("..", "model"))
	reSource := regexp.MustCompile("^`packages/[a-z-]+/src/[a-z/-]+\\.ts` [a-zA-Z]+")
	reTick := regexp.MustCompile("`([^`]+)`")
	rows := 0
	for _, line := range strings.Split(string(src), "\n") {
		if !regexp.MustCompile(`^\| \d+ \|`).MatchString(line) {
			continue
		}
		rows++
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) != 5 {
			t.Errorf("row %q: %d cells, want 5", line, len(cells))
			continue
		}
		num, source, by, tests := cells[0], cells[1], cells[3], cells[4]
		if !reSource.MatchString(source) {
			t.Errorf("row %s: source %q does not name a runtime file and function", num, source)
		}
		if strings.HasPrefix(by, "none: ") {
			if len(by) < 30 {
				t.Errorf("row %s: no rule and no reason", num)
			}
		} else {
			for _, m := range reTick.FindAllStringSubmatch(by, -1) {
				for _, f := range []string{filepath.Join("..", "rules", m[1]+".go"), filepath.Join("..", "rules", "testdata", m[1]+".txtar")} {
					if _, err := os.Stat(f); err != nil {
						t.Errorf("row %s: rule %s: %v", num, m[1], err)
					}
				}
			}
		}
		ts := reTick.FindAllStringSubmatch(tests, -1)
		if len(ts) == 0 {
			t.Errorf("row %s has no test", num)
		}
		for _, m := range ts {
			switch name, isModel := strings.CutPrefix(m[1], "model."); {
			case isModel:
				if !modelTests[name] {
					t.Errorf("row %s: no test func %s in model", num, name)
				}
			case strings.HasPrefix(m[1], "rules/testdata/"):
				if _, err := os.Stat(filepath.Join("..", m[1])); err != nil {
					t.Errorf("row %s: %v", num, err)
				}
			default:
				t.Errorf("row %s: test %q is neither model.TestX nor rules/testdata/…", num, m[1])
			}
		}
	}
	if rows < 30 {
		t.Errorf("the inventory has %d rows", rows)
	}
}

// goTestFuncs lists the Test functions of the _test.go files in dir.
func goTestFuncs(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\)`)
	out := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			out[m[1]] = true
		}
	}
	return out
}
