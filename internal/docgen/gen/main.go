// Command gen writes the generated documentation of package docgen into
// docs/ at the root of the module (go generate runs it in
// internal/docgen). It replaces the files it generates and removes the
// generated rule pages of rules that no longer exist; a file that does
// not start with docgen.Generated is never touched.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/docgen"
	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/rules"
)

func main() {
	if err := run(filepath.Join("..", "..", "docs")); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	files := docgen.Generate(rules.All())
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if !generated(p, true) {
			return fmt.Errorf("%s exists and was not generated; not replacing it", p)
		}
		if err := safeio.WriteFile(p, files[n], 0o644); err != nil {
			return err
		}
	}
	old, err := filepath.Glob(filepath.Join(dir, "rules", "*.md"))
	if err != nil {
		return err
	}
	for _, p := range old {
		rel := "rules/" + filepath.Base(p)
		if _, ok := files[rel]; ok || !generated(p, false) {
			continue
		}
		if err := os.Remove(p); err != nil {
			return err
		}
		fmt.Println("removed", p)
	}
	fmt.Printf("wrote %d files under %s\n", len(names), dir)
	return nil
}

// generated reports whether the file at p starts with docgen.Generated
// (or, when absent is true, does not exist).
func generated(p string, absent bool) bool {
	head, _, err := safeio.ReadHead(p, int64(len(docgen.Generated)))
	if err != nil {
		return absent && errors.Is(err, fs.ErrNotExist)
	}
	return bytes.Equal(head, []byte(docgen.Generated)) || strings.TrimSpace(string(head)) == ""
}
