package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyTree copies the .md files of src into a new temporary directory.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestLintCorpusFixIdempotent lints real and hostile documents with the
// real rules: no internal failure, and after --fix --unsafe-fixes a second
// run has nothing left to fix (the diff is empty).
func TestLintCorpusFixIdempotent(t *testing.T) {
	dirs := []string{"../../corpus/ok", "../../corpus/fuzz", "../../../shared/corpus/upstream"}
	for _, d := range dirs {
		if _, err := os.Stat(d); err != nil {
			t.Logf("skipping %s: %v", d, err)
			continue
		}
		t.Run(filepath.Base(d), func(t *testing.T) {
			work := copyTree(t, d)
			planted := map[string]string{}
			for name, doc := range fixableDocs {
				for _, v := range variants(doc) {
					p := filepath.Join(work, "fixable", v.name+"-"+name)
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, []byte(v.text), 0o644); err != nil {
						t.Fatal(err)
					}
					planted[p] = v.text
				}
			}
			st, _, errs := runCLI(t, work, nil, false, "lint", "--exit-zero")
			if st != ExitOK {
				t.Fatalf("lint: status %d\n%s", st, errs)
			}
			// file-crlf-line-endings would turn CRLF files into LF ones: it
			// is off here so that the check below sees whether the other
			// fixes keep the line endings and the BOM.
			st, _, errs = runCLI(t, work, nil, false, "lint", "--fix", "--unsafe-fixes", "--exit-zero", "--disable", "file-crlf-line-endings")
			if st != ExitOK {
				t.Fatalf("lint --fix: status %d\n%s", st, errs)
			}
			for p, before := range planted {
				if after, err := os.ReadFile(p); err != nil || string(after) == before {
					t.Errorf("lint --fix did not change the fixable document %s (%v):\n%s", p, err, errs)
				}
			}
			st, out, errs := runCLI(t, work, nil, false, "lint", "--diff", "--unsafe-fixes", "--disable", "file-crlf-line-endings")
			if st != ExitOK || out != "" {
				t.Errorf("second round still fixes (status %d):\n%s\n%s", st, out, errs)
			}
			// Line endings and the BOM survive the fixes.
			for name := range fixableDocs {
				for _, v := range variants("") {
					b, err := os.ReadFile(filepath.Join(work, "fixable", v.name+"-"+name))
					if err != nil {
						t.Fatal(err)
					}
					text := string(b)
					if v.crlf && strings.Count(text, "\n") != strings.Count(text, "\r\n") {
						t.Errorf("%s-%s: mixed line endings after --fix:\n%q", v.name, name, text)
					}
					if !v.crlf && strings.Contains(text, "\r") {
						t.Errorf("%s-%s: CR introduced by --fix", v.name, name)
					}
					if strings.HasPrefix(text, "\uFEFF") != v.bom {
						t.Errorf("%s-%s: BOM changed by --fix", v.name, name)
					}
				}
			}
		})
	}
}

// fixableDocs have several fixable problems each, some interacting (two
// fixes on one line, a stale suppression above a fixed line).
var fixableDocs = map[string]string{
	"all.md": `---
name: fixable
default: act.Search
---

<!-- sfmd-disable-next-line fence-unclosed -- stale -->
# Title

` + "```act.Search" + `
GET https://api.example.com/search -H 'Accept: application/json' -H 'X-Two: 2'
    q: string (required) "query"
` + "```" + `
`,
	"suppress.md": `# Only suppressions

<!-- sfmd-disable-next-line fence-unclosed,action-id-invalid -- half stale -->
` + "```act.Upper" + `
GET https://api.example.com/x
` + "```" + `
<!-- sfmd-disable-file fence-unclosed -->
`,
}

type variant struct {
	name      string
	text      string
	crlf, bom bool
}

func variants(doc string) []variant {
	crlf := strings.ReplaceAll(doc, "\n", "\r\n")
	return []variant{
		{"lf", doc, false, false},
		{"crlf", crlf, true, false},
		{"bom-crlf", "\uFEFF" + crlf, true, true},
	}
}
