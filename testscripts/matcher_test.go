package testscripts

// Tests for the shipped editor/CI integration files: the GitHub Actions
// problem matcher (.github/sfmd-matcher.json), the VS Code task with its
// problem matcher (integrations/vscode/tasks.json) and the pre-commit hooks
// (.pre-commit-hooks.yaml). The matchers are applied to real
// `sfmd lint --format line` output, produced in-process by cli.Main, and
// what they capture is compared with the same run's --format json.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/txtar"

	"github.com/sfmd-dev/sfmd/internal/cli"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/lint/format"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// problemMatcher is the matcher object shared by GitHub and VS Code.
type problemMatcher struct {
	Owner    string          `json:"owner"`
	Severity string          `json:"severity"`
	Source   string          `json:"source"`
	Pattern  json.RawMessage `json:"pattern"` // one pattern or an array
}

type problemPattern struct {
	Regexp   string `json:"regexp"`
	File     *int   `json:"file"`
	Line     *int   `json:"line"`
	Column   *int   `json:"column"`
	Severity *int   `json:"severity"`
	Code     *int   `json:"code"`
	Message  *int   `json:"message"`
	Loop     bool   `json:"loop"`
}

// matcher is a compiled single-line problem matcher.
type matcher struct {
	owner, defaultSeverity string
	re                     *regexp.Regexp
	p                      problemPattern
}

// problem is what a matcher captured from one line.
type problem struct {
	owner, file, severity, message, code string
	line, column                         int
}

// compileMatcher checks a matcher the way the GitHub runner
// (IssueMatcherConfig.Validate) and VS Code do and compiles its regexp.
// The regexps are JavaScript (VS Code) and .NET ECMAScript (GitHub runner)
// source; they are written in the subset those share with Go's RE2, so
// the JSON-decoded string compiles unchanged, and a construct outside the
// subset (lookaround, backreference) fails here.
func compileMatcher(t *testing.T, m problemMatcher) matcher {
	t.Helper()
	if m.Owner == "" {
		t.Fatalf("matcher without owner")
	}
	switch strings.ToLower(m.Severity) {
	case "", "error", "warning", "notice", "info":
	default:
		t.Fatalf("matcher %q: unexpected default severity %q", m.Owner, m.Severity)
	}
	var patterns []problemPattern
	if err := json.Unmarshal(m.Pattern, &patterns); err != nil {
		var one problemPattern
		if err := json.Unmarshal(m.Pattern, &one); err != nil {
			t.Fatalf("matcher %q: pattern is neither an object nor an array: %v", m.Owner, err)
		}
		patterns = []problemPattern{one}
	}
	if len(patterns) != 1 {
		t.Fatalf("matcher %q: %d patterns, the line format needs exactly one", m.Owner, len(patterns))
	}
	p := patterns[0]
	if p.Loop {
		t.Fatalf("matcher %q: loop is only valid on the last of several patterns", m.Owner)
	}
	re, err := regexp.Compile(p.Regexp)
	if err != nil {
		t.Fatalf("matcher %q: regexp is not in the JS/.NET/RE2 common subset: %v", m.Owner, err)
	}
	groups := re.NumSubexp() + 1
	for name, g := range map[string]*int{"file": p.File, "line": p.Line, "column": p.Column, "severity": p.Severity, "code": p.Code, "message": p.Message} {
		if g != nil && (*g < 0 || *g >= groups) {
			t.Fatalf("matcher %q: %s group %d out of range (regexp has %d groups)", m.Owner, name, *g, groups-1)
		}
	}
	if p.File == nil || p.Line == nil || p.Message == nil {
		t.Fatalf("matcher %q: file, line and message groups are required", m.Owner)
	}
	return matcher{owner: m.Owner, defaultSeverity: m.Severity, re: re, p: p}
}

func (m matcher) match(line string) (problem, bool) {
	sub := m.re.FindStringSubmatch(line)
	if sub == nil {
		return problem{}, false
	}
	get := func(g *int) string {
		if g == nil {
			return ""
		}
		return sub[*g]
	}
	pr := problem{owner: m.owner, file: get(m.p.File), severity: get(m.p.Severity), message: get(m.p.Message), code: get(m.p.Code)}
	if pr.severity == "" {
		pr.severity = m.defaultSeverity
	}
	pr.line, _ = strconv.Atoi(get(m.p.Line))
	pr.column, _ = strconv.Atoi(get(m.p.Column))
	return pr, true
}

// matchFirst applies matchers in order like the GitHub runner: the first
// that matches takes the line.
func matchFirst(ms []matcher, line string) (problem, bool) {
	for _, m := range ms {
		if p, ok := m.match(line); ok {
			return p, true
		}
	}
	return problem{}, false
}

func loadGitHubMatchers(t *testing.T) []matcher {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", ".github", "sfmd-matcher.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		ProblemMatcher []problemMatcher `json:"problemMatcher"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		t.Fatalf(".github/sfmd-matcher.json: %v", err)
	}
	owners := map[string]bool{}
	var ms []matcher
	for _, pm := range f.ProblemMatcher {
		if owners[strings.ToLower(pm.Owner)] {
			t.Fatalf("duplicate owner %q (the runner rejects the file)", pm.Owner)
		}
		owners[strings.ToLower(pm.Owner)] = true
		if strings.EqualFold(pm.Severity, "info") {
			t.Fatalf("matcher %q: GitHub knows error, warning and notice, not info", pm.Owner)
		}
		ms = append(ms, compileMatcher(t, pm))
	}
	if len(ms) == 0 {
		t.Fatal(".github/sfmd-matcher.json has no matchers")
	}
	return ms
}

func loadVSCodeMatchers(t *testing.T) []matcher {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "integrations", "vscode", "tasks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Version string `json:"version"`
		Tasks   []struct {
			Label          string          `json:"label"`
			Command        string          `json:"command"`
			Args           []string        `json:"args"`
			ProblemMatcher json.RawMessage `json:"problemMatcher"`
		} `json:"tasks"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("integrations/vscode/tasks.json: %v", err)
	}
	if f.Version != "2.0.0" || len(f.Tasks) == 0 {
		t.Fatalf("tasks.json: version %q with %d tasks, want 2.0.0 and at least one task", f.Version, len(f.Tasks))
	}
	var ms []matcher
	for _, task := range f.Tasks {
		if task.Command != "sfmd" || len(task.Args) < 3 || task.Args[0] != "lint" || !containsSeq(task.Args, "--format", "line") {
			t.Errorf("task %q must run sfmd lint --format line, got %s %q", task.Label, task.Command, task.Args)
		}
		var pm problemMatcher
		if err := json.Unmarshal(task.ProblemMatcher, &pm); err != nil {
			t.Fatalf("task %q: problemMatcher: %v", task.Label, err)
		}
		ms = append(ms, compileMatcher(t, pm))
	}
	return ms
}

func containsSeq(args []string, a, b string) bool {
	for i := 0; i+1 < len(args); i++ {
		if args[i] == a && args[i+1] == b {
			return true
		}
	}
	return false
}

// ansi is the runner's color-stripping regexp (OutputManager._colorCodeRegex).
var ansi = regexp.MustCompile(`\x1b\[[0-9;]*m?`)

// want is one expected problem, from --format json or from a Diagnostic.
type want struct {
	path, severity, rule, message string
	line, column                  int
}

// flat is the line format's escaping of a message.
func flat(s string) string { return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s) }

// checkLines applies the GitHub and VS Code matchers to line-format output
// (each line raw and, for GitHub, color-stripped as the runner does) and
// compares what they capture with wants.
func checkLines(t *testing.T, out string, wants []want) {
	t.Helper()
	gh, vs := loadGitHubMatchers(t), loadVSCodeMatchers(t)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	if len(lines) != len(wants) {
		t.Fatalf("%d output lines for %d diagnostics:\n%s", len(lines), len(wants), out)
	}
	for i, l := range lines {
		w := wants[i]
		ghSev := map[string]string{"error": "error", "warning": "warning", "info": "notice"}[w.severity]
		for _, c := range []struct {
			who, line, severity string
			ms                  []matcher
		}{
			{"github (raw)", l, ghSev, gh},
			{"github (stripped by the runner)", ansi.ReplaceAllString(l, ""), ghSev, gh},
			{"vscode", l, w.severity, vs},
		} {
			got, ok := matchFirst(c.ms, c.line)
			if !ok {
				t.Errorf("%s: no matcher matches %q", c.who, c.line)
				continue
			}
			if got.file != w.path || got.line != w.line || got.column != w.column ||
				got.severity != c.severity || got.code != w.rule || got.message != flat(w.message) {
				t.Errorf("%s: matcher %q read %q as\n  file=%q line=%d col=%d severity=%q code=%q message=%q\nwant\n  file=%q line=%d col=%d severity=%q code=%q message=%q",
					c.who, got.owner, c.line, got.file, got.line, got.column, got.severity, got.code, got.message,
					w.path, w.line, w.column, c.severity, w.rule, flat(w.message))
			}
		}
	}
}

// TestMatchersOnFormatOutput checks the matchers against every severity,
// with and without colors, with awkward paths and messages, rendered by
// the line format itself.
func TestMatchersOnFormatOutput(t *testing.T) {
	at := func(line, col int) sfmd.Span {
		return sfmd.Span{Start: sfmd.Pos{Line: int32(line), Col: int32(col)}, End: sfmd.Pos{Line: int32(line), Col: int32(col + 3)}}
	}
	diags := []lint.Diagnostic{
		{Path: "docs/a.md", Span: at(3, 1), Rule: "fence-unclosed", Severity: lint.Error, Message: "code fence opened here is never closed, add a closing \"```\""},
		{Path: "docs/my notes/über 1.md", Span: at(12, 40), Rule: "frontmatter-invalid-yaml", Severity: lint.Warning, Message: "line 2: mapping values are not allowed here: a: b: c [x], quote the value"},
		{Path: "c/d.md", Span: at(1, 1), Rule: "env-var-unused", Severity: lint.Info, Message: "two\nlines  "},
		{Path: "e.md", Rule: "file-not-utf8", Severity: lint.Error, Message: "file is not valid UTF-8 at byte 7: 100% of it must be, re-save it as UTF-8"},
	}
	var wants []want
	for _, d := range diags {
		line, col := int(d.Span.Start.Line), int(d.Span.Start.Col)
		if line == 0 {
			line, col = 1, 1
		}
		wants = append(wants, want{path: d.Path, severity: d.Severity.String(), rule: d.Rule, message: d.Message, line: line, column: col})
	}
	for _, color := range []bool{false, true} {
		var b bytes.Buffer
		if err := format.Write(&b, "line", diags, format.Context{Color: color}); err != nil {
			t.Fatal(err)
		}
		if color && !strings.Contains(b.String(), "\x1b[") {
			t.Fatalf("color output has no escape sequences: %q", b.String())
		}
		checkLines(t, b.String(), wants)
	}
}

// badDocs are documents with problems of several kinds (parser problems
// and rule findings).
var badDocs = map[string]string{
	"docs/fence.md": "---\nname: fence\nenv:\n  - UNUSED_KEY: \"never used\"\n---\n\n# Fence\n\n" +
		"```act.search\nGET https://api.example.com/search?q={query}\n  -H \"Bad Header: x\"\n  query: string \"what to find\"\n```\n\n" +
		"```act.open\nGET https://example.com/{id}\n",
	"docs/yaml.md": "---\nname: [unclosed\ntype: api\n---\n\n# Bad YAML\n",
	"docs/supp.md": "# Suppressions\n\n<!-- sfmd-disable-next-line fence-unclosed -- legacy -->\nText.\n",
}

func runSfmd(t *testing.T, dir string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	status = cli.Main(args, cli.Stdio{
		Stdin:  strings.NewReader(""),
		Stdout: &out,
		Stderr: &errb,
		Getenv: func(string) string { return "" },
		Dir:    dir,
	})
	return out.String(), errb.String(), status
}

// TestMatchersOnLintOutput runs the real `sfmd lint --format line` (plain
// and --color always) on bad documents and checks that both matchers read
// every line exactly as `sfmd lint --format json` describes it.
func TestMatchersOnLintOutput(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for p, src := range badDocs {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}

	jsonOut, stderr, status := runSfmd(t, dir, append([]string{"lint", "--format", "json", "--fail-on", "info"}, paths...)...)
	if status != cli.ExitFindings {
		t.Fatalf("sfmd lint --format json: status %d, want %d; stderr:\n%s", status, cli.ExitFindings, stderr)
	}
	var objs []struct {
		Path     string `json:"path"`
		Line     int    `json:"line"`
		Column   int    `json:"column"`
		Severity string `json:"severity"`
		Rule     string `json:"rule"`
		Message  string `json:"message"`
	}
	if err := json.Unmarshal([]byte(jsonOut), &objs); err != nil {
		t.Fatalf("--format json output: %v\n%s", err, jsonOut)
	}
	var wants []want
	sevs := map[string]int{}
	for _, o := range objs {
		wants = append(wants, want{path: o.Path, severity: o.Severity, rule: o.Rule, message: o.Message, line: o.Line, column: o.Column})
		sevs[o.Severity]++
	}
	if sevs["error"] == 0 || sevs["warning"] == 0 || sevs["info"] == 0 {
		t.Fatalf("the bad documents must produce errors, warnings and infos so that every matcher is exercised, got %v; change badDocs", sevs)
	}
	t.Logf("diagnostics by severity: %v", sevs)

	for _, color := range []string{"never", "always"} {
		t.Run("color="+color, func(t *testing.T) {
			out, stderr, status := runSfmd(t, dir, append([]string{"lint", "--format", "line", "--color", color, "--fail-on", "info"}, paths...)...)
			if status != cli.ExitFindings || stderr != "" {
				t.Fatalf("status %d (want %d), stderr %q", status, cli.ExitFindings, stderr)
			}
			if color == "always" && !strings.Contains(out, "\x1b[") {
				t.Fatalf("--color always printed no colors: %q", out)
			}
			checkLines(t, out, wants)
		})
	}
}

// TestPreCommitHooks checks .pre-commit-hooks.yaml against pre-commit's
// manifest schema (pre_commit/clientlib.py) and the sfmd command line.
func TestPreCommitHooks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []map[string]any
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	known := map[string]bool{}
	for _, k := range strings.Fields(`id name entry language alias files exclude types types_or exclude_types
		additional_dependencies args always_run fail_fast pass_filenames description language_version
		log_file require_serial stages verbose minimum_pre_commit_version`) {
		known[k] = true
	}
	// identify tags the hooks may use (github.com/pre-commit/identify).
	tags := map[string]bool{"file": true, "text": true, "markdown": true, "yaml": true, "json": true}
	var ids []string
	for _, h := range hooks {
		for k := range h {
			if !known[k] {
				t.Errorf("hook %v: unknown key %q", h["id"], k)
			}
		}
		for _, k := range []string{"id", "name", "entry", "language"} {
			if s, ok := h[k].(string); !ok || s == "" {
				t.Errorf("hook %v: required key %q missing or not a string", h["id"], k)
			}
		}
		id, _ := h["id"].(string)
		ids = append(ids, id)
		if h["language"] != "golang" {
			t.Errorf("hook %q: language %v, want golang", id, h["language"])
		}
		for _, k := range []string{"types", "types_or"} {
			if v, ok := h[k]; ok {
				list, ok := v.([]any)
				if !ok || len(list) == 0 {
					t.Errorf("hook %q: %s must be a non-empty list", id, k)
				}
				for _, tag := range list {
					if s, _ := tag.(string); !tags[s] {
						t.Errorf("hook %q: %s has unexpected tag %v", id, k, tag)
					}
				}
			}
		}
		entry, _ := h["entry"].(string)
		fields := strings.Fields(entry)
		if len(fields) < 2 || fields[0] != "sfmd" {
			t.Errorf("hook %q: entry %q must run sfmd <command>", id, entry)
			continue
		}
		// The subcommand must exist: "<command> -h" prints its flags and exits 0.
		if _, stderr, status := runSfmd(t, t.TempDir(), fields[1], "-h"); status != cli.ExitOK {
			t.Errorf("hook %q: `sfmd %s -h` exited %d: %s", id, fields[1], status, stderr)
		}
	}
	if got := strings.Join(ids, ","); got != "sfmd-lint,sfmd-test" {
		t.Errorf("hook ids %q, want sfmd-lint,sfmd-test", got)
	}
	byID := map[string]map[string]any{}
	for _, h := range hooks {
		byID[fmt.Sprint(h["id"])] = h
	}
	if lintHook := byID["sfmd-lint"]; lintHook != nil {
		if lintHook["entry"] != "sfmd lint" || fmt.Sprint(lintHook["types"]) != "[markdown]" || lintHook["pass_filenames"] == false {
			t.Errorf("sfmd-lint must be `sfmd lint` on markdown files it is given: %v", lintHook)
		}
	}
	if testHook := byID["sfmd-test"]; testHook != nil {
		if testHook["entry"] != "sfmd test" || testHook["pass_filenames"] != false {
			t.Errorf("sfmd-test must run `sfmd test` without file arguments: %v", testHook)
		}
	}
}

// TestEditorsAndCIDoc keeps docs/ci.md and docs/editors.md (read with the
// README and the other guide pages) in step with the files
// it tells people to use: the format names, the hook ids, the matcher
// owners and the Vim errorformat proven by matcher_vim.txtar.
func TestEditorsAndCIDoc(t *testing.T) {
	text := readDocs(t)
	var musts []string
	for _, n := range format.Names() {
		musts = append(musts, "| `"+n+"` |")
	}
	musts = append(musts, "id: sfmd-lint", "id: sfmd-test", "::add-matcher::.github/sfmd-matcher.json", "integrations/vscode/tasks.json")
	for _, m := range loadGitHubMatchers(t) {
		musts = append(musts, "::remove-matcher owner="+m.owner+"::")
	}
	ar, err := txtar.ParseFile("matcher_vim.txtar")
	if err != nil {
		t.Fatal(err)
	}
	efm := ""
	for _, f := range ar.Files {
		if f.Name == "qf.vim" {
			for _, l := range strings.Split(string(f.Data), "\n") {
				if strings.HasPrefix(l, "let &errorformat") {
					efm = l
				}
			}
		}
	}
	if efm == "" {
		t.Fatal("matcher_vim.txtar: qf.vim sets no errorformat")
	}
	musts = append(musts, efm)
	for _, m := range musts {
		if !strings.Contains(text, m) {
			t.Errorf("neither README.md nor docs/*.md contains %q", m)
		}
	}
}
