package suitespec

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestFixturePathsAreTheDecodersFiles: on suites that decode without an
// error (the corpus's and one with every kind of file, written through
// aliases), the files FixturePaths names (which the lint walk leaves out)
// are exactly those the Decoder reads: files' from:, body_file:,
// output_file: and the goldens of expect.files.
func TestFixturePathsAreTheDecodersFiles(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"app.md": "# App\n", "from.txt": "x", "body.md": "# B\n", "out.golden": "ok", "f.golden": "f"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	suite := "version: 1\ndocument: app.md\nvars: {b: &b body.md}\nfiles:\n  /in.txt: {from: from.txt}\ntests:\n" +
		"  - name: t\n    run: /act.get\n    http:\n      - request: {method: GET, url: \"https://api.example.com/\"}\n        response: {body_file: *b}\n" +
		"    expect:\n      output_file: out.golden\n      files: {/w.txt: f.golden}\n"
	if err := os.WriteFile(filepath.Join(dir, "app.test.yaml"), []byte(suite), 0o644); err != nil {
		t.Fatal(err)
	}
	suites, _ := filepath.Glob("../../corpus/ok/*/*.test.yaml")
	suites = append(suites, filepath.Join(dir, "app.test.yaml"))
	compared := 0
	for _, p := range suites {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := os.OpenRoot(filepath.Dir(p))
		if err != nil {
			t.Fatal(err)
		}
		d := NewDecoder(p, filepath.Dir(p), tree)
		s := d.Decode(src)
		_ = tree.Close()
		if s == nil || len(d.Errs) > 0 {
			t.Errorf("%s: %v", p, d.Errs)
			continue
		}
		var read []string
		for _, f := range s.Files {
			if f.From != "" {
				read = append(read, f.From)
			}
		}
		for _, test := range s.Tests {
			for _, st := range test.Steps {
				for _, h := range st.HTTP {
					if h.Response != nil && h.Response.BodyFile != "" {
						read = append(read, h.Response.BodyFile)
					}
				}
				if st.Expect.OutputFile != "" {
					read = append(read, st.Expect.OutputFile)
				}
				read = append(read, st.Expect.FileGoldens...)
			}
		}
		var named []string
		for _, f := range FixturePaths(src) {
			named = append(named, filepath.Clean(filepath.FromSlash(f)))
		}
		slices.Sort(read)
		slices.Sort(named)
		if !slices.Equal(read, named) {
			t.Errorf("%s: the Decoder reads %q, FixturePaths names %q", p, read, named)
		}
		compared += len(read)
	}
	t.Logf("%d suites, %d files", len(suites), compared)
	if compared < 5 {
		t.Errorf("only %d files compared", compared)
	}
}
