package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/jsonschema"
	"github.com/sfmd-dev/sfmd/internal/version"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/schema"
	"go.yaml.in/yaml/v3"
)

// TestInitConfig: the .sfmd.yaml sfmd init writes is valid for the schema
// and for sfmd lint, names every profile, and changes nothing: linting the
// sample apps with it gives what the built-in defaults give.
func TestInitConfig(t *testing.T) {
	cfg := initConfig()
	for _, p := range lint.Profiles {
		if profileDocs[p] == "" || !strings.Contains(cfg, "#   "+string(p)+" ") {
			t.Errorf("profile %s is not described in the config", p)
		}
	}
	if !strings.HasPrefix(cfg, "# yaml-language-server: $schema="+schema.URL(schema.ConfigFile)+"\n") {
		t.Error("the config does not name its schema for yaml-language-server")
	}
	b, err := os.ReadFile(filepath.Join("..", "..", "schema", schema.ConfigFile))
	if err != nil {
		t.Fatal(err)
	}
	s, err := jsonschema.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(cfg), &doc); err != nil {
		t.Fatal(err)
	}
	if errs := s.Validate(&doc); len(errs) > 0 {
		t.Errorf("the config breaks the schema: %v", errs)
	}
	root, err := filepath.Abs(filepath.Join("..", "..", "corpus", "ok"))
	if err != nil {
		t.Fatal(err)
	}
	lintAll := func(config string) []lint.Diagnostic {
		opts := lint.Options{Paths: []string{root}, Dir: root, Config: config, Selection: lint.Selection{}}
		rep, err := lint.Run(opts, analyzers())
		if err != nil {
			t.Fatal(err)
		}
		return rep.Diagnostics
	}
	p := filepath.Join(t.TempDir(), ".sfmd.yaml")
	if err := os.WriteFile(p, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	// Every rule at its default: info findings count too.
	with, without := lintAll(p), lintAll("")
	if len(without) == 0 {
		t.Fatal("no findings on corpus/ok at all: the comparison proves nothing")
	}
	if !reflect.DeepEqual(with, without) {
		t.Errorf("the written config changes the findings: %d with it, %d without", len(with), len(without))
	}
}

// TestInitFiles runs sfmd init: the three files are written once, kept the
// second time; the pre-commit hooks exist in the repository's
// .pre-commit-hooks.yaml; the workflow uses the composite action at the
// version this tree defines and its sfmd command works.
func TestInitFiles(t *testing.T) {
	dir := t.TempDir()
	st, out, errOut := runCLI(t, dir, nil, false, "init")
	if st != ExitOK || errOut != "" {
		t.Fatalf("sfmd init: %d\n%s%s", st, out, errOut)
	}
	for _, f := range []string{".sfmd.yaml", ".pre-commit-config.yaml", ".github/workflows/sfmd.yml", ".markdownlint.jsonc"} {
		if !strings.Contains(out, "wrote "+f+": ") {
			t.Errorf("sfmd init does not say it wrote %s:\n%s", f, out)
		}
	}
	before, _ := os.ReadFile(filepath.Join(dir, ".pre-commit-config.yaml"))
	if err := os.WriteFile(filepath.Join(dir, ".sfmd.yaml"), []byte("profiles: [core]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, out, _ = runCLI(t, dir, nil, false, "init")
	if st != ExitOK || strings.Contains(out, "wrote") || !strings.Contains(out, "kept .sfmd.yaml (it exists") {
		t.Errorf("second sfmd init: %d\n%s", st, out)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, ".sfmd.yaml")); string(b) != "profiles: [core]\n" {
		t.Error("sfmd init changed an existing .sfmd.yaml")
	}
	if after, _ := os.ReadFile(filepath.Join(dir, ".pre-commit-config.yaml")); string(after) != string(before) {
		t.Error("sfmd init changed an existing .pre-commit-config.yaml")
	}
	for _, ci := range []string{"true", "1", "True"} {
		if st, _, errOut := runCLI(t, t.TempDir(), map[string]string{"CI": ci}, false, "init"); st != ExitUsage || !strings.Contains(errOut, "refused under CI="+ci) {
			t.Errorf("under CI=%s: %d %s", ci, st, errOut)
		}
	}

	// pre-commit: the hooks this repository ships, at the release.
	var pc struct {
		Repos []struct {
			Repo  string `yaml:"repo"`
			Rev   string `yaml:"rev"`
			Hooks []struct {
				ID string `yaml:"id"`
			} `yaml:"hooks"`
		} `yaml:"repos"`
	}
	if err := yaml.Unmarshal(before, &pc); err != nil || len(pc.Repos) != 1 {
		t.Fatalf("pre-commit config: %v %+v", err, pc)
	}
	hooksSrc, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID string `yaml:"id"`
	}
	if err := yaml.Unmarshal(hooksSrc, &hooks); err != nil {
		t.Fatal(err)
	}
	shipped := map[string]bool{}
	for _, h := range hooks {
		shipped[h.ID] = true
	}
	r := pc.Repos[0]
	if r.Repo != "https://"+version.Repo || r.Rev != version.Tag || len(r.Hooks) != 2 {
		t.Errorf("pre-commit repo entry: %+v", r)
	}
	for _, h := range r.Hooks {
		if !shipped[h.ID] {
			t.Errorf("hook %q is not in .pre-commit-hooks.yaml", h.ID)
		}
	}
	checkWorkflow(t, filepath.Join(dir, ".github", "workflows", "sfmd.yml"))
}

// checkWorkflow parses the workflow sfmd init wrote: it uses the action at
// the release, uploads SARIF, and its sfmd commands run (the shell
// redirection aside) on a clean document.
func checkWorkflow(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				Uses string            `yaml:"uses"`
				Run  string            `yaml:"run"`
				With map[string]string `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(b, &wf); err != nil {
		t.Fatal(err)
	}
	var uses []string
	var runs []string
	for _, j := range wf.Jobs {
		for _, s := range j.Steps {
			if s.Uses != "" {
				uses = append(uses, s.Uses)
			}
			if s.Run != "" {
				runs = append(runs, s.Run)
			}
		}
	}
	want := []string{"actions/checkout@v4", "sfmd-dev/sfmd@" + version.Tag, "github/codeql-action/upload-sarif@v3"}
	if !reflect.DeepEqual(uses, want) {
		t.Errorf("workflow uses %v, want %v", uses, want)
	}
	sample := tree(t, map[string]string{"a.md": "# A\n\n```act.x\nGET https://api.example.com/x\n```\n"})
	for _, run := range runs {
		line, _, _ := strings.Cut(run, ">")
		args := strings.Fields(line)
		if len(args) == 0 || args[0] != "sfmd" {
			t.Errorf("workflow step runs %q, not sfmd", run)
			continue
		}
		if st, out, errOut := runCLI(t, sample, nil, false, args[1:]...); st != ExitOK || !strings.Contains(out, `"version": "2.1.0"`) {
			t.Errorf("%s: status %d\n%s", line, st, errOut)
		}
	}
}

// TestInitAtRepositoryRoot: `sfmd init` run at the root of a repository,
// with the directory given as "." or not at all, says nothing about the
// root (it compared an absolute root with the relative "."); run in a
// subdirectory it says where the root is.
func TestInitAtRepositoryRoot(t *testing.T) {
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(repo)
	for _, args := range [][]string{{"init"}, {"init", "."}} {
		st, out, errOut := runCLI(t, "", nil, false, args...)
		if st != ExitOK || strings.Contains(errOut, "note:") {
			t.Errorf("sfmd %s at the root: %d\n%s%s", strings.Join(args, " "), st, out, errOut)
		}
	}
	sub := filepath.Join(repo, "docs")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if st, _, errOut := runCLI(t, "", nil, false, "init", "docs"); st != ExitOK || !strings.Contains(errOut, "is inside the repository at "+repo) {
		t.Errorf("sfmd init docs: %d %s", st, errOut)
	}
}

// TestInitMarkdownlint: sfmd init writes the markdownlint settings of
// docs/markdownlint.md (MD041, MD042 and MD052 off, as JSON with comments) when
// the repository has none, and keeps any markdownlint settings file the
// repository has, adding none beside it.
func TestInitMarkdownlint(t *testing.T) {
	dir := t.TempDir()
	if st, out, errOut := runCLI(t, dir, nil, false, "init"); st != ExitOK || !strings.Contains(out, "wrote .markdownlint.jsonc: ") {
		t.Fatalf("sfmd init: %d\n%s%s", st, out, errOut)
	}
	b, err := os.ReadFile(filepath.Join(dir, ".markdownlint.jsonc"))
	if err != nil {
		t.Fatal(err)
	}
	// JSONC: drop the comment lines, the rest is JSON
	var body []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "//") {
			body = append(body, l)
		}
	}
	var cfg map[string]any
	if err := json.Unmarshal([]byte(strings.Join(body, "\n")), &cfg); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if want := map[string]any{"MD041": false, "MD042": false, "MD052": false}; !reflect.DeepEqual(cfg, want) {
		t.Errorf("settings %v, want %v", cfg, want)
	}
	for _, name := range []string{".markdownlint.yaml", ".markdownlint-cli2.jsonc"} {
		other := t.TempDir()
		if err := os.WriteFile(filepath.Join(other, name), []byte("default: true\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		st, out, _ := runCLI(t, other, nil, false, "init")
		if st != ExitOK || !strings.Contains(out, "kept "+name+" (it exists") {
			t.Errorf("with %s: %d\n%s", name, st, out)
		}
		if _, err := os.Lstat(filepath.Join(other, ".markdownlint.jsonc")); err == nil {
			t.Errorf("with %s, sfmd init wrote .markdownlint.jsonc beside it", name)
		}
	}
}
