package lint

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func names(t *testing.T, ws *Workspace, path string) []string {
	t.Helper()
	entries, err := ws.ListDir(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestListDirOncePerRun: the documents of one run share a directory's
// listing (a file created after the first listing is not seen), another
// run lists the directory again, and ListDir agrees with ReadDir.
func TestListDirOncePerRun(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b.md", "a.md"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := newWorkspaceShared(nil, dir)
	doc1 := &Workspace{shared: run, dir: dir}
	doc2 := &Workspace{shared: run, dir: filepath.Join(dir, "sub")}
	if got, want := names(t, doc1, "."), []string{"a.md", "b.md"}; !slices.Equal(got, want) {
		t.Fatalf("ListDir = %q, want %q", got, want)
	}
	if err := os.WriteFile(filepath.Join(dir, "c.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := names(t, doc2, ".."), []string{"a.md", "b.md"}; !slices.Equal(got, want) {
		t.Errorf("same run, same directory by another path: ListDir = %q, want the first listing %q", got, want)
	}
	next := &Workspace{shared: newWorkspaceShared(nil, dir), dir: dir}
	if got, want := names(t, next, "."), []string{"a.md", "b.md", "c.md"}; !slices.Equal(got, want) {
		t.Errorf("next run: ListDir = %q, want %q", got, want)
	}
	if _, err := doc1.ListDir("missing"); !os.IsNotExist(err) {
		t.Errorf("ListDir(missing) error = %v, want not-exist", err)
	}
	if _, err := doc1.ListDir("missing"); !os.IsNotExist(err) {
		t.Errorf("second ListDir(missing) error = %v, want not-exist", err)
	}
}
