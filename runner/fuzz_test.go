package runner

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseSuite: any bytes give a suite or positioned errors, never a
// panic.
func FuzzParseSuite(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "corpus", "ok", "*", "*.test.yaml"))
	for _, p := range seeds {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("version: 1\ntests:\n  - name: a\n    run: /act.search --q x\n    http:\n      - request: {method: GET, url: &u \"https://x/\"}\n        response: {json: &j [*u, *u]}\n"))
	f.Add([]byte("a: &a [x, x]\nb: &b [*a, *a]\nversion: 1\ntests: [{name: t, run: /act.search, http: [{request: {method: GET, url: 'https://x/'}, response: {json: [*b, *b]}}]}]\n"))
	f.Add([]byte("\xef\xbb\xbfversion: 1\r\ntests: []\r\n"))
	f.Add([]byte("version: 1\ntests:\n- {name: x, run: \"\\xff\", expect: {output: !!binary aGk=}}\n"))
	dir := f.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "w.md"), []byte(testDoc), 0o644); err != nil {
		f.Fatal(err)
	}
	abs := filepath.Join(dir, "w.test.yaml")
	tree, err := os.OpenRoot(dir)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { _ = tree.Close() })
	f.Fuzz(func(t *testing.T, src []byte) {
		s, errs := parseSuite(abs, "w.test.yaml", src, tree)
		if s == nil && len(errs) == 0 {
			t.Fatal("no suite and no error")
		}
		for _, e := range errs {
			if e.Msg == "" {
				t.Fatal("empty error message")
			}
		}
	})
}
