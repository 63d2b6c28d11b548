package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/docgen"
	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/version"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/schema"
)

func init() {
	register("init", "set up a repository: .sfmd.yaml, a pre-commit hook, a GitHub Actions workflow", runInit)
}

const initUsage = `Usage: sfmd init [DIR]

Sets up the repository at DIR (default "."): writes each of these files
only when it is absent, and prints what it wrote.

  .sfmd.yaml                  the lint configuration, default profiles
                              spelled out, checked by editors against
                              sfmd's JSON Schema
  .pre-commit-config.yaml     the sfmd-lint and sfmd-test hooks
  .github/workflows/sfmd.yml  lint with annotations, the test suites and a
                              SARIF upload for code scanning
  .markdownlint.jsonc         markdownlint settings that keep it quiet about
                              SFMD constructs: [!include:id]() (MD042),
                              documents and menu files without a first
                              heading (MD041), [Label][@menu.id] (MD052); not
                              written when other markdownlint settings exist

The hooks and the workflow use sfmd ` + version.Tag + `. Then write suites with
sfmd test --init DOC.md.

Exit status: 0 done (also when every file existed), 2 usage error or a file
that cannot be written; refused under CI (CI set to anything but "", false
or 0), as sfmd test --update is.
`

// profileDocs says what each profile checks, for the config sfmd init
// writes (TestInitConfig checks every profile has a line).
var profileDocs = map[lint.Profile]string{
	lint.Core:     "the SFMD format itself, one file at a time",
	lint.Runtime:  "what the String runtime does with it",
	lint.Project:  "rules that read the files a document links to",
	lint.Package:  "publish and install checks",
	lint.Manifest: "install manifests (.json)",
	lint.Style:    "pure style, which the runtime reads alike",
}

// initFile is one file sfmd init writes.
type initFile struct {
	path  string   // slash-separated, relative to DIR
	alts  []string // other names that count as present
	data  string
	about string
}

func initFiles() []initFile {
	return []initFile{
		{".sfmd.yaml", []string{".sfmd.yml"}, initConfig(), "lint configuration"},
		{".pre-commit-config.yaml", nil, initPreCommit, "pre-commit hooks sfmd-lint and sfmd-test"},
		{".github/workflows/sfmd.yml", []string{".github/workflows/sfmd.yaml"}, initWorkflow, "GitHub Actions: lint with annotations, tests, SARIF"},
		{docgen.MarkdownlintFile, markdownlintAlts, docgen.MarkdownlintConfig, "markdownlint quiet about SFMD constructs (MD041, MD042, MD052 off)"},
	}
}

// markdownlintAlts are the other markdownlint settings files: when one
// exists, the repository's markdownlint is already configured and sfmd
// init adds nothing next to it.
var markdownlintAlts = []string{
	".markdownlint.json", ".markdownlint.yaml", ".markdownlint.yml", ".markdownlintrc",
	".markdownlint.cjs", ".markdownlint.mjs",
	".markdownlint-cli2.jsonc", ".markdownlint-cli2.yaml", ".markdownlint-cli2.cjs", ".markdownlint-cli2.mjs",
}

// initConfig is the .sfmd.yaml sfmd init writes: the defaults, spelled
// out, from the engine's own lists.
func initConfig() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# yaml-language-server: $schema=%s\n", schema.URL(schema.ConfigFile))
	b.WriteString("# sfmd lint configuration, written by sfmd init. The nearest .sfmd.yaml up\n")
	b.WriteString("# from a document applies to it. List the rules: sfmd rules; one rule with\n")
	b.WriteString("# examples: sfmd explain RULE.\n\n")
	b.WriteString("# The rule profiles that are on (these are the defaults):\n")
	var on []string
	for _, p := range lint.DefaultProfiles {
		fmt.Fprintf(&b, "#   %-9s %s\n", p, profileDocs[p])
		on = append(on, string(p))
	}
	b.WriteString("# Opt-in:\n")
	for _, p := range lint.Profiles {
		if !isDefaultProfile(p) {
			fmt.Fprintf(&b, "#   %-9s %s\n", p, profileDocs[p])
		}
	}
	fmt.Fprintf(&b, "profiles: [%s]\n\n", strings.Join(on, ", "))
	b.WriteString("# Per-rule settings: off, on, error, warning, info, or\n")
	b.WriteString("# {severity: …, options: {…}}, e.g. param-unused: error\n")
	b.WriteString("rules: {}\n\n")
	b.WriteString("# Files never linted (globs relative to this file), e.g. [\"drafts/**\"].\n")
	b.WriteString("# Directory walks also skip what .gitignore ignores.\n")
	b.WriteString("ignore: []\n")
	return b.String()
}

func isDefaultProfile(p lint.Profile) bool {
	for _, d := range lint.DefaultProfiles {
		if d == p {
			return true
		}
	}
	return false
}

var initPreCommit = `# pre-commit hooks (https://pre-commit.com), written by sfmd init.
# Install them with: pre-commit install
repos:
  - repo: https://` + version.Repo + `
    rev: ` + version.Tag + `
    hooks:
      - id: sfmd-lint   # sfmd lint on the staged Markdown files
      - id: sfmd-test   # sfmd test: every *.test.yaml suite, offline
`

var initWorkflow = `# sfmd in CI, written by sfmd init: lint with annotations on the pull
# request, the test suites offline, and the findings as SARIF for GitHub
# code scanning.
name: sfmd
on: [push, pull_request]
permissions:
  contents: read
jobs:
  sfmd:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      security-events: write # upload-sarif
    steps:
      - uses: actions/checkout@v4
      # Installs sfmd, runs sfmd lint --format github and sfmd test.
      - uses: sfmd-dev/sfmd@` + version.Tag + `
      - name: sfmd lint (SARIF)
        if: ${{ !cancelled() }}
        run: sfmd lint --format sarif --exit-zero > sfmd.sarif
      - uses: github/codeql-action/upload-sarif@v3
        if: ${{ !cancelled() }}
        with:
          sarif_file: sfmd.sarif
          category: sfmd
`

func runInit(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), initUsage) }
	rest, exit, ok := parseArgs(fs, args, true, stdio)
	if !ok {
		return exit
	}
	if len(rest) > 1 {
		fmt.Fprintf(stdio.Stderr, "sfmd init: one directory at most, got %d\n", len(rest))
		return ExitUsage
	}
	if ci := stdio.Getenv("CI"); isCI(ci) {
		fmt.Fprintf(stdio.Stderr, "sfmd init: refused under CI=%s: set a repository up locally and commit the files\n", ci)
		return ExitUsage
	}
	dir := "."
	if len(rest) == 1 {
		dir = rest[0]
	}
	abs := dir
	if !filepath.IsAbs(abs) && stdio.Dir != "" {
		abs = filepath.Join(stdio.Dir, abs)
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		fmt.Fprintf(stdio.Stderr, "sfmd init: %s is not a directory\n", dir)
		return ExitUsage
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "sfmd init: cannot open %s: %v\n", dir, err)
		return ExitUsage
	}
	defer func() { _ = root.Close() }()
	status := ExitOK
	for _, f := range initFiles() {
		shown := filepath.ToSlash(filepath.Join(dir, f.path))
		if existing := present(abs, f); existing != "" {
			fmt.Fprintf(stdio.Stdout, "kept %s (it exists; sfmd init changes nothing in it)\n", filepath.ToSlash(filepath.Join(dir, existing)))
			continue
		}
		// never replaces a file, never writes outside the directory
		if err := safeio.Create(root, filepath.FromSlash(f.path), shown, []byte(f.data), 0o644); err != nil {
			fmt.Fprintf(stdio.Stderr, "sfmd init: cannot write %s: %v\n", shown, err)
			status = ExitUsage
			continue
		}
		fmt.Fprintf(stdio.Stdout, "wrote %s: %s\n", shown, f.about)
	}
	if root, here := repoRoot(abs), absDir(abs); root != "" && root != here {
		fmt.Fprintf(stdio.Stderr, "sfmd init: note: %s is inside the repository at %s; pre-commit and GitHub read their files from the repository root\n", dir, root)
	}
	if status == ExitOK {
		fmt.Fprintln(stdio.Stdout, "next: sfmd test --init DOC.md writes a suite for a document; sfmd lint and sfmd test check everything")
	}
	return status
}

// present returns the name under which f already exists, or "".
func present(dir string, f initFile) string {
	for _, p := range append([]string{f.path}, f.alts...) {
		if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(p))); err == nil {
			return p
		}
	}
	return ""
}

// absDir is dir made absolute and clean (dir itself when that fails).
func absDir(dir string) string {
	if d, err := filepath.Abs(dir); err == nil {
		return d
	}
	return filepath.Clean(dir)
}

// repoRoot is the nearest directory up from dir holding .git, or "".
func repoRoot(dir string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}
