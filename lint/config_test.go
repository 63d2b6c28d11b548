package lint

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxWords reports documents with more than options["max"] words
// (default 3).
var maxWords = &Analyzer{
	Name: "max-words", Severity: Warning, Profile: Core,
	Doc:        Doc{Title: "too many words"},
	OptionDocs: map[string]string{"max": "the largest number of words allowed"},
	Run: func(p *Pass) (any, error) {
		limit := 3
		if v, ok := p.Options["max"].(int); ok {
			limit = v
		}
		if n := len(strings.Fields(string(p.Doc.Src))); n > limit {
			p.Reportf(p.Doc.Index.Span(0, 0), "%d words, more than %d", n, limit)
		}
		return nil, nil
	},
}

func testRegistry(t *testing.T) *Registry {
	t.Helper()
	reg, err := NewRegistry(append(testSet, maxWords))
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"rulez:\n  no-bad: off\n", `c.yaml:1:1: unknown key "rulez", did you mean "rules"?`},
		{"rules:\n  no-bda: off\n", `c.yaml:2:3: unknown rule "no-bda", did you mean "no-bad"?`},
		{"rules:\n  completely-else: off\n", `c.yaml:2:3: unknown rule "completely-else", run "sfmd rules" to list the rules`},
		{"rules:\n  no-bad: fatal\n", `c.yaml:2:11: bad setting "fatal" for rule "no-bad", expected one of "off", "on", "error", "warning", "info" or a mapping with "severity", "enabled", "options"`},
		{"rules:\n  no-bad: [1]\n", `c.yaml:2:11: bad setting "" for rule "no-bad", expected one of "off", "on", "error", "warning", "info" or a mapping with "severity", "enabled", "options"`},
		{"rules:\n  no-bad: {severity: loud}\n", `c.yaml:2:22: bad severity "loud" for rule "no-bad", expected one of "error", "warning", "info"`},
		{"rules:\n  no-bad: {enabled: maybe}\n", `c.yaml:2:21: "enabled" of rule "no-bad" must be true or false`},
		{"rules:\n  no-bad: {level: info}\n", `c.yaml:2:12: unknown key "level", expected one of "severity", "enabled", "options"`},
		{"rules:\n  no-bad: {options: {max: 1}}\n", `c.yaml:2:22: rule "no-bad" takes no options, remove "max"`},
		{"rules:\n  max-words: {options: {maxx: 1}}\n", `c.yaml:2:25: unknown option "maxx" of rule "max-words", did you mean "max"?`},
		{"rules:\n  max-words: {options: [1]}\n", `c.yaml:2:24: "options" of rule "max-words" must be a mapping`},
		{"profiles: [core, runtim]\n", `c.yaml:1:18: unknown profile "runtim", did you mean "runtime"?`},
		{"ignore: [\"a/[b\"]\n", `c.yaml:1:10: bad glob pattern "a/[b": syntax error in pattern, check the brackets and escapes`},
		{"overrides:\n  - rules: {no-bad: off}\n", `c.yaml:2:5: override has no "files" list, add the globs it applies to`},
		{"overrides:\n  - files: [x]\n    rulez: {}\n", `c.yaml:3:5: unknown key "rulez", did you mean "rules"?`},
		{"rules: [a]\n", `c.yaml:1:8: rules must be a mapping of rule name to off, on, error, warning or info`},
		{"- a\n", `c.yaml:1:1: the config must be a mapping with keys "profiles", "rules", "ignore", "overrides", "min-severity", "fail-on", "extend"`},
		{"min-severity: loud\n", `c.yaml:1:15: bad min-severity "loud", expected one of "error", "warning", "info"`},
		{"fail-on: [error]\n", `c.yaml:1:10: bad fail-on "", expected one of "error", "warning", "info"`},
		{"extend: [a.yaml]\n", `c.yaml:1:9: extend must be the path of a config file, such as "../.sfmd.yaml"`},
		{"extend:\n", `c.yaml:1:8: extend must be the path of a config file, such as "../.sfmd.yaml"`},
		{"rules:\n  no-bad: off\n  no-bad: on\n", `c.yaml:3:3: rule "no-bad" is configured twice, keep only one`},
		{"rules: {\n", `c.yaml:1:1: invalid YAML: did not find expected node content, fix the syntax`},
	}
	reg := testRegistry(t)
	for _, tt := range tests {
		_, err := parseConfig("c.yaml", "/", []byte(tt.src), reg)
		var ce ConfigErrors
		if !errors.As(err, &ce) {
			t.Errorf("%q: err = %v, want ConfigErrors", tt.src, err)
			continue
		}
		if got := err.Error(); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
	// Several problems are all reported.
	_, err := parseConfig("c.yaml", "/", []byte("rules:\n  no-bda: off\n  no-bad: loud\nfoo: 1\n"), reg)
	if err == nil || strings.Count(err.Error(), "\n") != 2 {
		t.Errorf("want three errors, got %v", err)
	}
	// Empty and comment-only files are the defaults.
	for _, src := range []string{"", "# nothing\n", "---\n"} {
		c, err := parseConfig("c.yaml", "/", []byte(src), reg)
		if err != nil || c.Profiles != nil || c.Rules != nil {
			t.Errorf("%q: %+v, %v", src, c, err)
		}
	}
}

func TestGlob(t *testing.T) {
	tests := []struct {
		pat  string
		yes  []string
		nope []string
	}{
		{"drafts", []string{"drafts", "drafts/a.md", "x/drafts/b/c.md"}, []string{"drafts.md", "a/mydrafts/x.md"}},
		{"drafts/**", []string{"drafts/a.md", "drafts/x/y.md"}, []string{"x/drafts/a.md"}},
		{"*.draft.md", []string{"a.draft.md", "x/y/b.draft.md"}, []string{"a.md"}},
		{"docs/*.md", []string{"docs/a.md"}, []string{"docs/x/a.md", "a.md"}},
		{"docs/**/old.md", []string{"docs/old.md", "docs/a/b/old.md"}, []string{"old.md"}},
		{"./legacy/", []string{"legacy/a.md"}, []string{"x/legacy/a.md"}},
	}
	for _, tt := range tests {
		g, err := compileGlob(tt.pat)
		if err != nil {
			t.Fatalf("%q: %v", tt.pat, err)
		}
		for _, p := range tt.yes {
			if !g.match(p) {
				t.Errorf("%q should match %q", tt.pat, p)
			}
		}
		for _, p := range tt.nope {
			if g.match(p) {
				t.Errorf("%q should not match %q", tt.pat, p)
			}
		}
	}
	for _, bad := range []string{"", "a//b", "[x"} {
		if _, err := compileGlob(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}

func TestConfigDiscoveryAndMerge(t *testing.T) {
	dir := writeTree(t, map[string]string{
		// above the repository root: must never be read
		"repo/../.sfmd.yaml": "this: is not valid for us\n",
		"repo/.git/HEAD":     "",
		"repo/.sfmd.yaml": `profiles: [core, runtime, style]
rules:
  no-todo: error
ignore: ["ignored/**", "*.skip.md"]
overrides:
  - files: ["legacy/**"]
    rules:
      no-bad: warning
  - files: ["legacy/very/**"]
    rules:
      no-bad: off
`,
		"repo/a.md":              "BAD TODO PROJ UGLY\n",
		"repo/legacy/b.md":       "BAD\n",
		"repo/legacy/very/c.md":  "BAD\n",
		"repo/ignored/d.md":      "BAD\n",
		"repo/e.skip.md":         "BAD\n",
		"repo/sub/.sfmd.yml":     "rules:\n  no-bad: info\n",
		"repo/sub/f.md":          "BAD TODO PROJ\n",
		"repo/sub/deeper/g.md":   "BAD\n",
		"repo/.hidden/h.md":      "BAD\n",
		"repo/node_modules/i.md": "BAD\n",
		"repo/vendor/j.md":       "BAD\n",
		"repo/notes.txt":         "BAD\n",
	})
	repo := filepath.Join(dir, "repo")
	rep := run(t, Options{Dir: repo})
	want := `a.md:1:1: error: found "BAD" [no-bad]
a.md:1:5: error: found "TODO" [no-todo]
a.md:1:10: error: found "PROJ" [style-only]
a.md:1:15: info: found "UGLY" [no-ugly]
legacy/b.md:1:1: warning: found "BAD" [no-bad]
sub/deeper/g.md:1:1: info: found "BAD" [no-bad]
sub/f.md:1:1: info: found "BAD" [no-bad]
sub/f.md:1:5: warning: found "TODO" [no-todo]
`
	if got := lines(rep.Diagnostics); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if rep.Files != 5 {
		t.Errorf("linted %d files, want 5", rep.Files)
	}

	// Command-line selection wins over the config.
	rep = run(t, Options{Dir: repo, Paths: []string{"sub/f.md", "a.md"}, Selection: Selection{Enable: []string{"style"}, Disable: []string{"no-bad", "runtime"}}})
	want = `a.md:1:5: error: found "TODO" [no-todo]
a.md:1:10: error: found "PROJ" [style-only]
sub/f.md:1:5: warning: found "TODO" [no-todo]
sub/f.md:1:10: error: found "PROJ" [style-only]
`
	if got := lines(rep.Diagnostics); got != want {
		t.Errorf("with --enable/--disable got:\n%s\nwant:\n%s", got, want)
	}

	// --config replaces discovery for every file.
	if err := os.WriteFile(filepath.Join(dir, "other.yaml"), []byte("rules:\n  no-todo: off\n  no-bad: warning\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep = run(t, Options{Dir: repo, Paths: []string{"sub/f.md"}, Config: "../other.yaml"})
	want = "sub/f.md:1:1: warning: found \"BAD\" [no-bad]\n"
	if got := lines(rep.Diagnostics); got != want {
		t.Errorf("with --config got:\n%s\nwant:\n%s", got, want)
	}

	// Explicit files are still subject to ignore globs (pre-commit passes
	// every changed file).
	rep = run(t, Options{Dir: repo, Paths: []string{"ignored/d.md", "e.skip.md"}})
	if rep.Files != 0 {
		t.Errorf("explicit ignored files were linted: %d", rep.Files)
	}
	// An explicit file is linted whatever its extension; duplicates once.
	rep = run(t, Options{Dir: repo, Paths: []string{"notes.txt", "./notes.txt", filepath.Join(repo, "notes.txt")}})
	if rep.Files != 1 {
		t.Errorf("notes.txt linted %d times, want once", rep.Files)
	}
	// An explicit hidden directory is walked.
	rep = run(t, Options{Dir: repo, Paths: []string{".hidden"}})
	if rep.Files != 1 || rep.Diagnostics[0].Path != filepath.Join(".hidden", "h.md") {
		t.Errorf(".hidden: %d files, %s", rep.Files, lines(rep.Diagnostics))
	}
}

func TestBadConfigStopsTheRun(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a.md":             "BAD\n",
		"docs/.sfmd.yaml":  "rules:\n  no-bad: off\n  no-todx: warning\n",
		"docs/b.md":        "BAD\n",
		"other/.sfmd.yaml": "profiles: [core]\n",
	})
	_, err := Run(Options{Dir: dir, Parse: fakeParse}, testSet)
	var ce ConfigErrors
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want ConfigErrors", err)
	}
	want := filepath.Join("docs", ".sfmd.yaml") + `:3:3: unknown rule "no-todx", did you mean "no-todo"?`
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
	_, err = Run(Options{Dir: dir, Parse: fakeParse, Config: "missing.yaml"}, testSet)
	if err == nil || !strings.HasPrefix(err.Error(), "missing.yaml: cannot read config") {
		t.Errorf("missing --config: %v", err)
	}
}

// TestMissingPathLintsTheOthers: a path that does not exist is one of the
// run's I/O errors (exit 2), and the other paths are still linted, so a
// JSON or SARIF report still holds their findings.
func TestMissingPathLintsTheOthers(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.md": "x\n"})
	rep, err := Run(Options{Dir: dir, Parse: fakeParse, Paths: []string{"nope.md", "a.md"}}, testSet)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.IOErrors) != 1 || rep.IOErrors[0].Error() != `cannot lint "nope.md": no such file or directory, check the path` {
		t.Errorf("IOErrors = %v", rep.IOErrors)
	}
	if rep.Files != 1 {
		t.Errorf("%d files linted, want a.md", rep.Files)
	}
}

func TestUsageErrors(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.md": "x\n"})
	tests := []struct {
		opts Options
		want string
	}{
		{Options{Selection: Selection{Enable: []string{"no-bda"}}}, `unknown rule "no-bda", did you mean "no-bad"?`},
		{Options{Selection: Selection{Disable: []string{"runtme"}}}, `unknown rule "runtme", did you mean "runtime"?`},
	}
	for _, tt := range tests {
		tt.opts.Dir, tt.opts.Parse = dir, fakeParse
		_, err := Run(tt.opts, testSet)
		var ue *UsageError
		if !errors.As(err, &ue) || err.Error() != tt.want {
			t.Errorf("got %v, want usage error %q", err, tt.want)
		}
	}
}

func TestValidate(t *testing.T) {
	run := func(*Pass) (any, error) { return nil, nil }
	a := &Analyzer{Name: "a", Profile: Core, Doc: Doc{Title: "t"}, Run: run}
	cyc1 := &Analyzer{Name: "c-one", Profile: Core, Doc: Doc{Title: "t"}, Run: run}
	cyc2 := &Analyzer{Name: "c-two", Profile: Core, Doc: Doc{Title: "t"}, Run: run, Requires: []*Analyzer{cyc1}}
	cyc1.Requires = []*Analyzer{cyc2}
	tests := []struct {
		as   []*Analyzer
		want string
	}{
		{[]*Analyzer{a, {Name: "a", Profile: Core, Doc: Doc{Title: "t"}, Run: run}}, `duplicate analyzer name "a"`},
		{[]*Analyzer{{Name: "Bad_Name", Profile: Core, Doc: Doc{Title: "t"}, Run: run}}, `not kebab-case`},
		{[]*Analyzer{{Name: "x", Profile: Core, Run: run}}, `no Doc.Title`},
		{[]*Analyzer{{Name: "x", Profile: "nope", Doc: Doc{Title: "t"}, Run: run}}, `unknown profile`},
		{[]*Analyzer{{Name: "x", Profile: Core, Doc: Doc{Title: "t"}}}, `no Run function`},
		{[]*Analyzer{cyc1}, `cycle`},
		{[]*Analyzer{{Name: "all", Profile: Core, Doc: Doc{Title: "t"}, Run: run}}, `reserved`},
		{[]*Analyzer{{Name: "runtime", Profile: Core, Doc: Doc{Title: "t"}, Run: run}}, `reserved`},
	}
	for i, tt := range tests {
		_, err := validate(tt.as)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%d: got %v, want %q", i, err, tt.want)
		}
	}
	if _, err := validate(testSet); err != nil {
		t.Errorf("test set: %v", err)
	}
}

func TestRuleOptionsAndLongForm(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".sfmd.yaml": `rules:
  max-words: {severity: error, options: {max: 4}}
  no-bad: {enabled: false}
overrides:
  - files: [loose/**]
    rules:
      max-words: {options: {max: 10}}
`,
		"a.md":       "one two three four five\n",
		"b.md":       "one two three BAD\n",
		"loose/c.md": "one two three four five\n",
	})
	rep := run(t, Options{Dir: dir}, noBad, maxWords)
	want := "a.md:1:1: error: 5 words, more than 4 [max-words]\n"
	if got := lines(rep.Diagnostics); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestConfigFinderReadsListings: the config lookup takes a directory's
// listing from the run when there is one (a name that is not in it is
// not statted), and stats when there is none.
func TestConfigFinderReadsListings(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "sub")
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".sfmd.yaml"), []byte("profiles: [core]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	reg, err := NewRegistry(nil)
	if err != nil {
		t.Fatal(err)
	}
	real := func(dir string) ([]fs.DirEntry, bool) {
		entries, err := os.ReadDir(dir)
		return entries, err == nil
	}
	for _, c := range []struct {
		name   string
		listed func(string) ([]fs.DirEntry, bool)
		want   string // the config's path as shown
	}{
		{"no listings", nil, ".sfmd.yaml"},
		{"the directories' listings", real, ".sfmd.yaml"},
		{"a listing without the config", func(dir string) ([]fs.DirEntry, bool) {
			entries, ok := real(dir)
			return slices.DeleteFunc(entries, func(e fs.DirEntry) bool { return e.Name() == ".sfmd.yaml" }), ok
		}, ""},
	} {
		f := newConfigFinder(reg, root, Selection{})
		f.listed = c.listed
		cfg, err := f.forDir(sub)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Path != c.want {
			t.Errorf("%s: config %q, want %q", c.name, cfg.Path, c.want)
		}
	}
}

// A config extending another inherits what it does not set, field by
// field for a rule (the parent's options stay under the child's
// severity), and keeps the parent's globs relative to the parent.
func TestExtendMergesFieldByField(t *testing.T) {
	dir := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".sfmd.yaml", "profiles: [core]\nrules:\n  max-words: {severity: info, options: {max: 5}}\n  no-bad: off\nignore: [/gen]\nfail-on: warning\n")
	write("sub/.sfmd.yaml", "extend: ../.sfmd.yaml\nrules:\n  max-words: error\nmin-severity: info\n")
	reg := testRegistry(t)
	c, err := loadConfig(filepath.Join(dir, "sub/.sfmd.yaml"), "sub/.sfmd.yaml", reg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Extends, []string{".sfmd.yaml"}) {
		t.Errorf("Extends = %q", c.Extends)
	}
	set := c.resolve(filepath.Join(dir, "sub/a.md"), reg, Selection{}, thresholds{minSeverity: Warning, configMin: true})
	if set.severity["max-words"] != Error || set.options["max-words"]["max"] != 5 || !set.enabled["max-words"] {
		t.Errorf("max-words: severity %v, options %v, enabled %v; want error, the parent's max 5, on", set.severity["max-words"], set.options["max-words"], set.enabled["max-words"])
	}
	if set.enabled["no-bad"] {
		t.Error("no-bad: the parent turns it off")
	}
	if set.minSeverity != Info || set.failOn != Warning {
		t.Errorf("min-severity %v, fail-on %v; want info (the child's), warning (the parent's)", set.minSeverity, set.failOn)
	}
	if !c.Ignored(filepath.Join(dir, "gen/x.md")) || c.Ignored(filepath.Join(dir, "sub/gen/x.md")) {
		t.Error("the parent's /gen is relative to the parent's directory")
	}
	// The flag wins over both files.
	fail := Error
	set = c.resolve(filepath.Join(dir, "sub/a.md"), reg, Selection{}, thresholds{minSeverity: Warning, failOn: &fail})
	if set.minSeverity != Warning || set.failOn != Error {
		t.Errorf("with the flags: min-severity %v, fail-on %v; want warning, error", set.minSeverity, set.failOn)
	}
}
