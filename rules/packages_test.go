package rules

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

// lintTree writes files under a temporary directory and lints it with the
// driver (so that rules get a Workspace), returning "path rule" lines for
// the package rules.
func lintTree(t *testing.T, files map[string]string) []string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := lint.Run(lint.Options{Paths: []string{"."}, Dir: dir, Selection: lint.Selection{Enable: []string{"package"}}}, All())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range rep.Errors {
		t.Errorf("lint: %v", e)
	}
	var out []string
	for _, d := range rep.Diagnostics {
		if strings.HasPrefix(d.Rule, "package-") {
			out = append(out, filepath.ToSlash(d.Path)+" "+d.Rule)
		}
	}
	sort.Strings(out)
	return out
}

func TestPackageRulesWorkspace(t *testing.T) {
	const full = "---\nname: mail\nnamespace: acme\ntype: app\n---\n\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []string
	}{{
		name: "subdirectory page next to string.md is reported",
		files: map[string]string{
			"mail/string.md":   full + "[!nav:main](nav/main.md)\n",
			"mail/nav/main.md": "- [Inbox](../string.md)\n",
		},
		want: []string{"mail/string.md package-subdir-not-copied"},
	}, {
		name: "a manifest listing the file silences it",
		files: map[string]string{
			"mail/string.md":      full + "[!nav:main](./nav/main.md)\n",
			"mail/nav/main.md":    "- [Inbox](../string.md)\n",
			"mail/manifest.json":  `{"files": [{"path": "string.md", "url": "https://x/string.md"}, {"path": "nav/main.md", "url": "https://x/nav/main.md"}]}`,
			"mail/unrelated.json": `[1, 2]`,
		},
	}, {
		name: "a missing target is left to the project rules",
		files: map[string]string{
			"mail/string.md": full + "[!nav:main](nav/main.md)\n",
		},
	}, {
		name: "a page with package metadata next to string.md is not a root",
		files: map[string]string{
			"mail/string.md":  full + "See [compose](compose.md).\n",
			"mail/compose.md": "---\ntype: tool\n---\n\nSee [main](string.md) and [help](help/index.md).\n",
			"mail/help/x.md":  "# Help\n",
		},
	}, {
		name: "an index.md entry with existing pages must be string.md",
		files: map[string]string{
			"weather/index.md":    "---\nname: weather\ntype: app\n---\n\nSee the [forecast](forecast.md).\n",
			"weather/forecast.md": "# Forecast\n",
		},
		want: []string{"weather/index.md package-missing-namespace", "weather/index.md package-root-not-string-md"},
	}, {
		name: "a single-file app or a link to a missing page is not",
		files: map[string]string{
			"bookshelf/bookshelf.md": "---\nname: bookshelf\nnamespace: acme\ntype: app\n---\n\nSee [later](later.md).\n",
		},
	}, {
		name: "string.md without metadata",
		files: map[string]string{
			"x/string.md": "# X\n",
		},
		want: []string{"x/string.md package-missing-name", "x/string.md package-missing-namespace", "x/string.md package-missing-type"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got := lintTree(t, tc.files)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
		})
	}
}

// TestPackageRulesStdin checks that nothing is reported for a document
// without a name (stdin): its layout is unknown.
func TestPackageRulesStdin(t *testing.T) {
	rep, err := lint.Run(lint.Options{
		Paths:     []string{"-"},
		Dir:       t.TempDir(),
		Stdin:     strings.NewReader("---\nnamespace: acme\n---\n\n[!nav:main](nav/main.md)\n"),
		Selection: lint.Selection{Enable: []string{"package"}},
	}, All())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Diagnostics {
		if strings.HasPrefix(d.Rule, "package-") {
			t.Errorf("stdin without a name: %s %s", d.Rule, d.Message)
		}
	}
}
