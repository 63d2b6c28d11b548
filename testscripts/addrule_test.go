package testscripts

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestAddRule follows the three steps for adding a rule of
// docs/development.md literally, on a copy of the module: it writes the
// page's .go file and .txtar archive, adds its catalogue line in name order, and
// then the rule's tests and the catalogue checks must pass and `sfmd
// rules` must list the new rule.
func TestAddRule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a copy of the module")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	readme, err := os.ReadFile("../docs/development.md")
	if err != nil {
		t.Fatal(err)
	}
	start := bytes.Index(readme, []byte("## Rules: one file each"))
	if start < 0 {
		t.Fatal("docs/development.md has no \"## Rules: one file each\" section")
	}
	section := readme[start:]
	if i := regexp.MustCompile(`\n#{1,2} `).FindIndex(section[2:]); i != nil {
		section = section[:i[0]+2]
	}
	blocks := codeBlocks(string(section))
	if len(blocks) != 3 {
		t.Fatalf("docs/development.md's rule section has %d code blocks, want 3 (the .go file, the .txtar, the catalogue line)", len(blocks))
	}
	goFile, archive, line := blocks[0], blocks[1], blocks[2]
	m := regexp.MustCompile(`Name:\s+"([a-z0-9-]+)"`).FindStringSubmatch(goFile)
	if m == nil {
		t.Fatal("docs/development.md's rule file has no Name")
	}
	name := m[1]

	mod := t.TempDir()
	copyModule(t, "..", mod)
	// step 1 and 2
	write(t, filepath.Join(mod, "rules", name+".go"), goFile)
	write(t, filepath.Join(mod, "rules", "testdata", name+".txtar"), archive)
	// step 3: the catalogue line, in name order
	catPath := filepath.Join(mod, "rules", "catalogue.go")
	cat, err := os.ReadFile(catPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(cat), "\n")
	entry := regexp.MustCompile(`^\t\{"([a-z0-9-]+)",`)
	at := -1
	for i, l := range lines {
		if e := entry.FindStringSubmatch(l); e != nil && e[1] < name {
			at = i + 1
		}
	}
	if at < 0 {
		t.Fatal("no catalogue lines found in rules/catalogue.go")
	}
	lines = append(lines[:at], append([]string{strings.TrimRight(line, "\n")}, lines[at:]...)...)
	write(t, catPath, strings.Join(lines, "\n"))

	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "CI=")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	if out := run("test", "-v", "./rules", "-run", "^TestRules$/^"+name+"$"); !strings.Contains(out, "--- PASS: TestRules/"+name+" ") {
		t.Errorf("the new rule's test did not run:\n%s", out)
	}
	run("test", "./rules", "-run", "^(TestCatalogue|TestDocs|TestFixDocs)$")
	// step 4: its page
	run("generate", "./internal/docgen")
	run("test", "./internal/docgen")
	if _, err := os.Stat(filepath.Join(mod, "docs", "rules", name+".md")); err != nil {
		t.Errorf("go generate ./internal/docgen wrote no page for %s: %v", name, err)
	}
	if out := run("run", "./cmd/sfmd", "rules"); !strings.Contains(out, name) {
		t.Errorf("sfmd rules does not list %s:\n%s", name, out)
	}
}

// codeBlocks returns the contents of the fenced code blocks of a Markdown
// text, with the indentation of the list item they sit in removed.
func codeBlocks(md string) []string {
	var out []string
	var cur []string
	indent, in := "", false
	for _, l := range strings.Split(md, "\n") {
		t := strings.TrimLeft(l, " ")
		switch {
		case !in && strings.HasPrefix(t, "```"):
			in, indent, cur = true, l[:len(l)-len(t)], nil
		case in && strings.TrimSpace(l) == "```":
			in = false
			out = append(out, strings.Join(cur, "\n")+"\n")
		case in:
			cur = append(cur, strings.TrimPrefix(l, indent))
		}
	}
	return out
}

// copyModule copies the module at src to dst, without .git and the CI
// tool directory.
func copyModule(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() && (d.Name() == ".git" || rel == filepath.Join(".ci", "bin")) {
			return filepath.SkipDir
		}
		if !d.Type().IsRegular() && !d.IsDir() {
			return nil
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
