package testscripts

import (
	"os"
	"path"
	"regexp"
	"strings"
	"testing"
)

// TestReadmePackageMap: the README's Development section draws the package
// map (issue 23: which package owns what), and every directory of the
// module that holds a package is named in it, by its path or, for a
// package under another, by an ancestor's path or name (internal/lsp/lsptest
// under internal/lsp, the leaves of internal/* by name). A package added
// without a line in the map fails here, as one that breaks the direction
// of imports fails TestLayering.
func TestReadmePackageMap(t *testing.T) {
	src, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := readmePackageMap(t, string(src))
	words := map[string]bool{}
	for _, w := range regexp.MustCompile(`[a-z][a-z0-9/]*`).FindAllString(block, -1) {
		words[strings.TrimSuffix(w, "/")] = true
	}
	for _, dir := range moduleDirs(t) {
		if dir == "." {
			continue
		}
		if !mapNames(words, dir) {
			t.Errorf("the README's package map (## Development) does not name %s", dir)
		}
	}
}

// readmePackageMap returns the text block of the README's Development
// section.
func readmePackageMap(t *testing.T, readme string) string {
	t.Helper()
	_, sec, ok := strings.Cut(readme, "\n## Development\n")
	if !ok {
		t.Fatal("the README has no \"## Development\" section")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	_, block, ok := strings.Cut(sec, "```text\n")
	if !ok {
		t.Fatal("the README's Development section has no ```text block (the package map)")
	}
	block, _, _ = strings.Cut(block, "```")
	return block
}

// mapNames reports whether dir, or a directory above it other than
// internal, is a word of the map, by its path or its last element.
func mapNames(words map[string]bool, dir string) bool {
	for d := dir; d != "." && d != "/" && d != ""; d = path.Dir(d) {
		if d == "internal" {
			return false
		}
		if words[d] || words[path.Base(d)] {
			return true
		}
	}
	return false
}
