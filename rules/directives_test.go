package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

// runInDir lints the file name of dir with rule a only, as the CLI does
// (with a Workspace rooted at the file's directory).
func runInDir(t *testing.T, dir, name string, a *lint.Analyzer, opts map[string]any) []lint.Diagnostic {
	t.Helper()
	o := lint.Options{Paths: []string{name}, Dir: dir, Selection: lint.Selection{Enable: []string{a.Name}}, Jobs: 1}
	if opts != nil {
		cfg := filepath.Join(t.TempDir(), ".sfmd.yaml")
		var b strings.Builder
		b.WriteString("rules:\n  " + a.Name + ":\n    options:\n")
		for k, v := range opts {
			b.WriteString("      " + k + ": " + toYAML(v) + "\n")
		}
		if err := os.WriteFile(cfg, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		o.Config = cfg
	}
	rep, err := lint.Run(o, []*lint.Analyzer{a})
	if err != nil {
		t.Fatalf("%s/%s: %v", dir, name, err)
	}
	for _, e := range rep.Errors {
		t.Errorf("%s/%s: %v", dir, name, e)
	}
	var out []lint.Diagnostic
	for _, d := range rep.Diagnostics {
		if d.Rule == a.Name {
			out = append(out, d)
		}
	}
	return out
}

func toYAML(v any) string {
	switch x := v.(type) {
	case bool:
		if x {
			return "true"
		}
		return "false"
	case string:
		return `"` + x + `"`
	}
	return ""
}

// TestProjectRulesWithoutWorkspace checks that the project rules report
// nothing (and do not fail) when the document has no location: lint.Check
// passes no Workspace.
func TestProjectRulesWithoutWorkspace(t *testing.T) {
	for _, a := range All() {
		if a.Profile != lint.Project || a == ShortcutMenuNamespaceUnknown {
			// (shortcut-menu-namespace-unknown also checks the menus the
			// document itself declares)
			continue
		}
		bad := loadArchive(t, a.Name).files["bad.md"]
		if ds := check(t, "bad.md", bad, a); len(ds) != 0 {
			t.Errorf("%s reports without a workspace: %s", a.Name, format(ds[0]))
		}
	}
}

// writeFiles creates files (path -> content) under a new temporary
// directory and returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// messages renders diagnostics as "line:col message" for compact checks.
func messages(ds []lint.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(format(d))
		b.WriteString("\n")
	}
	return b.String()
}

func TestMenuFileExtraContentAllowHeading(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"app.md":      "[!nav:main](nav/main.md)\n",
		"nav/main.md": "# Main menu\n\n[@home Home](../app.md)\n",
	})
	if ds := runInDir(t, dir, "app.md", MenuFileExtraContent, nil); len(ds) != 1 || !strings.HasPrefix(format(ds[0]), `nav/main.md:1:1: warning: content other than shortcut lines ("# Main menu")`) {
		t.Errorf("without allow-heading want one finding at line 1, got:\n%s", messages(ds))
	}
	if ds := runInDir(t, dir, "app.md", MenuFileExtraContent, map[string]any{"allow-heading": true}); len(ds) != 0 {
		t.Errorf("allow-heading: want nothing, got:\n%s", messages(ds))
	}
}

func TestRequirementsFileCaseDirectivePath(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"app.md":          "[!requirements](Requirements.md)\n",
		"other.md":        "# Other\n",
		"requirements.md": "# Setup\n",
	})
	ds := runInDir(t, dir, "app.md", RequirementsFileCase, nil)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, `write "requirements.md"`) {
		t.Errorf("want one finding about the case of the path, got:\n%s", messages(ds))
	}
	// The exact name is registered automatically: nothing to report.
	if ds := runInDir(t, dir, "other.md", RequirementsFileCase, nil); len(ds) != 0 {
		t.Errorf("other.md: want nothing, got:\n%s", messages(ds))
	}
}

func TestIncludeCycleChains(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.md":                "[!include:part]()\n",
		"a.source/part.md":    "[!include:b](../b.md)\n",
		"b.md":                "[!include:a](a.md)\n",
		"c.md":                "[!include:b](b.md)\n",
		"loop.md":             "[!include:x](x.md)\n",
		"x.md":                "[!include:y](y.md)\n",
		"y.md":                "[!include:x](x.md)\n",
		"deep.md":             "[!include:d1](d1.md)\n",
		"d1.md":               "[!include:d2](d2.md#intro)\n",
		"d2.md":               "<!-- #intro -->\n[!include:back](deep.md)\n<!-- /intro -->\n",
		"selfblock.md":        "<!-- #x -->\nx\n<!-- /x -->\n[!include:x](selfblock.md#x)\n",
		"unrelated/other.md":  "# other\n",
		"unrelated/target.md": "[!include:o](other.md)\n",
	})
	for _, tc := range []struct {
		file, want string
	}{
		{"a.md", `include "part" forms a cycle: a.md -> a.source/part.md -> b.md -> a.md`},
		{"b.md", `include "a" forms a cycle: b.md -> a.md -> a.source/part.md -> b.md`},
		{"c.md", ""}, // includes a cycle it is not part of
		{"loop.md", ""},
		{"deep.md", `include "d1" forms a cycle: deep.md -> d1.md -> d2.md -> deep.md`},
		{"selfblock.md", `include "x" forms a cycle: selfblock.md -> selfblock.md`},
		{"unrelated/target.md", ""},
	} {
		ds := runInDir(t, dir, tc.file, IncludeCycle, nil)
		switch {
		case tc.want == "" && len(ds) != 0:
			t.Errorf("%s: want nothing, got:\n%s", tc.file, messages(ds))
		case tc.want != "" && (len(ds) != 1 || !strings.Contains(ds[0].Message, tc.want)):
			t.Errorf("%s: want one finding containing %q, got:\n%s", tc.file, tc.want, messages(ds))
		}
	}
}

// TestIncludeCycleLong: a cycle through 300 documents is found, with no
// depth cap (before issue 20 the search gave up 50 includes deep and after
// 200 documents, so a longer cycle went unreported), and so is each
// directive's own cycle when a document has several.
func TestIncludeCycleLong(t *testing.T) {
	const n = 300
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("c%d.md", i)] = fmt.Sprintf("[!include:next](c%d.md)\n", (i+1)%n)
		files[fmt.Sprintf("open%d.md", i)] = fmt.Sprintf("[!include:next](open%d.md)\n", i+1) // a chain that ends
	}
	files["two.md"] = "[!include:long](c0.md)\n[!include:short](back.md)\n[!include:open](open0.md)\n"
	files["back.md"] = "[!include:two](two.md)\n"
	dir := writeFiles(t, files)
	ds := runInDir(t, dir, "c0.md", IncludeCycle, nil)
	if len(ds) != 1 || !strings.HasPrefix(ds[0].Message, `include "next" forms a cycle: c0.md -> c1.md -> c2.md`) || !strings.Contains(ds[0].Message, "c299.md -> c0.md;") {
		t.Errorf("c0.md: want the cycle through %d documents, got:\n%s", n, messages(ds))
	}
	ds = runInDir(t, dir, "two.md", IncludeCycle, nil)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "two.md -> back.md -> two.md") {
		t.Errorf("two.md: want the short cycle only, got:\n%s", messages(ds))
	}
	if ds := runInDir(t, dir, "open0.md", IncludeCycle, nil); len(ds) != 0 {
		t.Errorf("open0.md: want nothing, got:\n%s", messages(ds))
	}
}

// TestPathsToSelfReadsEachOnce: the cycle search reads each reachable
// document once, on a graph of 40 layers of diamonds (2^40 paths) whose
// last layer leads back; the chain found is a shortest one.
func TestPathsToSelfReadsEachOnce(t *testing.T) {
	const layers = 40
	reads := map[string]int{}
	includes := func(abs string) []string {
		reads[abs]++
		var i int
		var side string
		fmt.Sscanf(abs, "%d%s", &i, &side)
		if i == layers {
			return []string{"self"}
		}
		return []string{fmt.Sprintf("%da", i+1), fmt.Sprintf("%db", i+1)}
	}
	next := pathsToSelf("self", []string{"1a", "1b"}, includes)
	for abs, n := range reads {
		if n != 1 {
			t.Errorf("%s read %d times", abs, n)
		}
	}
	if len(reads) != 2*layers {
		t.Errorf("%d documents read, want %d", len(reads), 2*layers)
	}
	hops := 0
	for c := "1a"; c != "self"; c = next[c] {
		if hops++; hops > layers {
			t.Fatalf("no chain back from 1a: %v", next)
		}
	}
	if hops != layers {
		t.Errorf("chain of %d includes, want %d", hops, layers)
	}
}

func TestFileCRLFMixed(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"# Mixed\r\n\nline\r\n", "2 of 4 lines end in CRLF"},
		{"# One\r\n", "the line ends in CRLF"},
		{"a\r\r\nb\n", "1 of 3 lines end in CRLF"},
		{"# LF only\n", ""},
	} {
		ds := check(t, "x.md", []byte(tc.src), FileCRLFLineEndings)
		switch {
		case tc.want == "" && len(ds) != 0:
			t.Errorf("%q: want nothing, got:\n%s", tc.src, messages(ds))
		case tc.want != "" && (len(ds) != 1 || !strings.HasPrefix(ds[0].Message, tc.want)):
			t.Errorf("%q: want %q, got:\n%s", tc.src, tc.want, messages(ds))
		}
		if len(ds) == 1 {
			// --fix relints: a "\r\r\n" run loses one '\r' per round.
			fixed := []byte(tc.src)
			for round := 0; round < 3; round++ {
				fixed, _ = lint.ApplyFixes(fixed, check(t, "x.md", fixed, FileCRLFLineEndings), lint.FixUnsafe) // --unsafe-fixes
			}
			if strings.Contains(string(fixed), "\r\n") {
				t.Errorf("%q: CRLF left after the fix: %q", tc.src, fixed)
			}
		}
	}
}

// TestNavTargetInTool checks that a tool's nav directive is reported once,
// by tool-has-navigation: a tool cannot navigate, so whether its menu file
// exists is not a second finding.
func TestNavTargetInTool(t *testing.T) {
	dir := t.TempDir()
	doc := "---\nname: deploy\ntype: tool\ndefault: run\n---\n\n[!nav:main](deploy-nav.md)\n\n```act.run\nCLI ./deploy.sh\n```\n"
	if err := os.WriteFile(filepath.Join(dir, "deploy.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := runInDir(t, dir, "deploy.md", NavTargetNotFound, nil); len(got) != 0 {
		t.Errorf("nav-target-not-found in a tool: %v", got)
	}
	if got := runInDir(t, dir, "deploy.md", ToolHasNavigation, nil); len(got) != 1 {
		t.Errorf("tool-has-navigation: got %v, want one finding", got)
	}
}

// TestMenuFindingsInTheMenuFile: a finding about a nav menu is reported
// in the menu file, at the entry to edit, with the document's directive
// as its related position; a suppression comment before the directive
// in the document still suppresses it, and one at the same line number
// of the document elsewhere does not.
func TestMenuFindingsInTheMenuFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"app.md":      "# App\n\n[!nav:main](nav/main.md)\n",
		"nav/main.md": "[@home Home](../app.md)\n[@gone Gone](gone.md)\n[@home Again](../app.md)\n",
	})
	ds := runInDir(t, dir, "app.md", MenuEntryTargetNotFound, nil)
	if len(ds) != 1 || format(ds[0]) != `nav/main.md:2:14: error: "@gone" points to "gone.md", which does not exist; fix the path (it is relative to the menu file) [menu-entry-target-not-found]` {
		t.Fatalf("want the finding at the entry in nav/main.md, got:\n%s", messages(ds))
	}
	if r := ds[0].Related; len(r) != 1 || r[0].Path != "app.md" || r[0].Span.Start.Line != 3 {
		t.Errorf("want the directive at app.md:3 as related position, got %+v", r)
	}
	ds = runInDir(t, dir, "app.md", MenuShortcutDuplicate, nil)
	if len(ds) != 1 || !strings.HasPrefix(format(ds[0]), `nav/main.md:3:3: error: shortcut "@home" already defined at line 1`) || len(ds[0].Related) != 2 {
		t.Errorf("want the duplicate at nav/main.md:3:3 with two related positions, got:\n%s", messages(ds))
	}
	for _, c := range []struct {
		src  string
		want int
	}{
		{"# App\n\n<!-- sfmd-disable-next-line menu-entry-target-not-found -->\n[!nav:main](nav/main.md)\n", 0},
		{"<!-- sfmd-disable-next-line menu-entry-target-not-found -->\n# App\n\n[!nav:main](nav/main.md)\n", 1},
	} {
		if err := os.WriteFile(filepath.Join(dir, "app.md"), []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if ds := runInDir(t, dir, "app.md", MenuEntryTargetNotFound, nil); len(ds) != c.want {
			t.Errorf("%q: want %d findings, got:\n%s", c.src, c.want, messages(ds))
		}
	}
}
