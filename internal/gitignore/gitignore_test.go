package gitignore

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// tree is a work tree: ignore files and the paths to ask about (a
// trailing "/" marks a directory).
var tree = map[string]string{
	".gitignore": `# comment
*.log
!keep.log
/build
out/
docs/**/draft.md
**/cache
a?c.md
[xy]z.md
\#hash.md
trailing.md   
dir-only/
!negated-dir/
`,
	"sub/.gitignore": `
local.md
/anchored.md
!*.log
deep/**
`,
	".git/info/exclude": "excluded.md\n",
}

var paths = []string{
	"a.md", "x.log", "keep.log", "sub/x.log", "build/", "build", "sub/build/", "out/", "sub/out/", "out",
	"docs/draft.md", "docs/a/draft.md", "docs/a/b/draft.md", "cache/", "sub/cache/", "x/y/cache",
	"abc.md", "abbc.md", "xz.md", "yz.md", "zz.md", "#hash.md", "trailing.md", "dir-only/", "dir-only",
	"sub/local.md", "local.md", "sub/anchored.md", "sub/x/anchored.md", "anchored.md",
	"sub/deep/", "sub/deep/x.md", "excluded.md", "sub/excluded.md",
}

// TestAgainstGit compares the answers with git check-ignore on the same
// tree.
func TestAgainstGit(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	if out, err := exec.Command(git, "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	for name, data := range tree {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// git check-ignore looks at the file system for directories.
	for _, p := range paths {
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(p)), 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	var args []string
	for _, p := range paths {
		args = append(args, strings.TrimSuffix(p, "/"))
	}
	cmd := exec.Command(git, append([]string{"check-ignore", "--no-index", "--"}, args...)...)
	cmd.Dir = dir
	out, _ := cmd.Output() // status 1 when nothing is ignored
	want := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if l != "" {
			want[l] = true
		}
	}
	s := New()
	var got, exp []string
	for _, p := range paths {
		clean := strings.TrimSuffix(p, "/")
		fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(clean)))
		isDir := err == nil && fi.IsDir()
		if s.Ignored(filepath.Join(dir, filepath.FromSlash(clean)), isDir) {
			got = append(got, clean)
		}
		if want[clean] {
			exp = append(exp, clean)
		}
	}
	sort.Strings(got)
	sort.Strings(exp)
	if strings.Join(got, "\n") != strings.Join(exp, "\n") {
		t.Errorf("ignored:\n%s\ngit check-ignore says:\n%s", strings.Join(got, "\n"), strings.Join(exp, "\n"))
	}
	if len(exp) < 15 {
		t.Errorf("git ignored only %d paths; the tree does not exercise the patterns", len(exp))
	}
}

// TestOutsideWorkTree: without a .git nothing is ignored.
func TestOutsideWorkTree(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("*.md\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if New().Ignored(filepath.Join(dir, "a.md"), false) {
		t.Error("a.md ignored outside a work tree")
	}
}

// TestLinkedWorkTree reads info/exclude from the common directory of a
// linked work tree (.git is a file).
func TestLinkedWorkTree(t *testing.T) {
	dir := t.TempDir()
	common := filepath.Join(dir, "repo.git")
	gitdir := filepath.Join(common, "worktrees", "wt")
	wt := filepath.Join(dir, "wt")
	for _, d := range []string{filepath.Join(common, "info"), gitdir, wt} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(common, "info", "exclude"), "secret.md\n")
	write(filepath.Join(gitdir, "commondir"), "../..\n")
	write(filepath.Join(wt, ".git"), "gitdir: "+gitdir+"\n")
	s := New()
	if !s.Ignored(filepath.Join(wt, "secret.md"), false) {
		t.Error("secret.md not ignored through the common info/exclude")
	}
	if s.Ignored(filepath.Join(wt, "public.md"), false) {
		t.Error("public.md ignored")
	}
}

// TestListed: with Listed set, a directory's listing decides whether it
// has a .git entry or a .gitignore to read, without asking the disk; a
// directory without a listing is looked at as before.
func TestListed(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{".git", "sub"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, ".gitignore"), []byte("*.draft.md\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "sub", "a.draft.md")
	real := func(dir string) ([]fs.DirEntry, bool) {
		entries, err := os.ReadDir(dir)
		return entries, err == nil
	}
	without := func(name string) func(string) ([]fs.DirEntry, bool) {
		return func(dir string) ([]fs.DirEntry, bool) {
			entries, ok := real(dir)
			return slices.DeleteFunc(entries, func(e fs.DirEntry) bool { return e.Name() == name }), ok
		}
	}
	for _, c := range []struct {
		name   string
		listed func(string) ([]fs.DirEntry, bool)
		want   bool
	}{
		{"no listings", nil, true},
		{"the directories' listings", real, true},
		{"listings without .gitignore", without(".gitignore"), false},
		{"listings without .git", without(".git"), false},
		{"no directory listed", func(string) ([]fs.DirEntry, bool) { return nil, false }, true},
	} {
		s := New()
		s.Listed = c.listed
		if got := s.Ignored(file, false); got != c.want {
			t.Errorf("%s: Ignored(%s) = %v, want %v", c.name, file, got, c.want)
		}
	}
}
