package testscripts

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/cli"
)

// TestReadmeExample runs the README's example: the document in the
// "Example" section, linted with the command shown there, must print
// exactly the output shown there (docs examples are executed, actionlint
// style, so the README cannot drift from the tool).
func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	section := string(readme)
	i := strings.Index(section, "\n## Example\n")
	if i < 0 {
		t.Fatal(`README has no "## Example" section`)
	}
	section = section[i:]
	if j := strings.Index(section[1:], "\n## "); j >= 0 {
		section = section[:j+1]
	}
	name := regexp.MustCompile("`([a-z]+\\.md)`:").FindStringSubmatch(section)
	doc := regexp.MustCompile("(?s)````markdown\n(.*?)````\n").FindStringSubmatch(section)
	console := regexp.MustCompile("(?s)```console\n\\$ sfmd ([^\n]*)\n(.*?)```\n").FindStringSubmatch(section)
	if name == nil || doc == nil || console == nil {
		t.Fatalf("README example not found (file name %v, document %v, console %v)", name != nil, doc != nil, console != nil)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, name[1]), []byte(doc[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	cli.Main(strings.Fields(console[1]), cli.Stdio{
		Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
		Getenv: func(string) string { return "" }, Dir: dir,
	})
	if got := out.String(); got != console[2] {
		t.Errorf("README example output is stale: `sfmd %s` prints:\n%s\nREADME shows:\n%s\nstderr:\n%s", console[1], got, console[2], errOut.String())
	}
}

// TestReadmeSetUp runs the README's "Set up a repository" transcript on
// the Example's document (after sfmd lint --fix, as the README says) and
// compares the suite it writes with the one docs/testing.md shows under
// "Writing suites".
func TestReadmeSetUp(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	doc := regexp.MustCompile("(?s)\n## Example\n.*?````markdown\n(.*?)````\n").FindStringSubmatch(text)
	setup := regexp.MustCompile("(?s)\n## Set up a repository\n\n```console\n(.*?)```\n").FindStringSubmatch(text)
	testing, err := os.ReadFile(filepath.Join("..", "docs", "testing.md"))
	if err != nil {
		t.Fatal(err)
	}
	suite := regexp.MustCompile("(?s)\n## Writing suites: `sfmd test --init`\n.*?```yaml\n(.*?)```\n").FindSubmatch(testing)
	if doc == nil || setup == nil || suite == nil {
		t.Fatalf("sections not found (README example %v, README set-up %v, docs/testing.md suite %v)", doc != nil, setup != nil, suite != nil)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "weather.md"), []byte(doc[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (int, string) {
		var out, errOut bytes.Buffer
		st := cli.Main(args, cli.Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Getenv: func(string) string { return "" }, Dir: dir})
		return st, out.String()
	}
	if st, _ := run("lint", "--fix", "weather.md"); st != 0 {
		t.Fatalf("sfmd lint --fix weather.md: status %d", st)
	}
	// The transcript: "$ sfmd …" lines, each followed by its output.
	parts := regexp.MustCompile(`(?m)^\$ sfmd (.*)\n`).Split(setup[1], -1)
	cmds := regexp.MustCompile(`(?m)^\$ sfmd (.*)\n`).FindAllStringSubmatch(setup[1], -1)
	if len(cmds) < 2 {
		t.Fatalf("the transcript has %d commands", len(cmds))
	}
	for i, c := range cmds {
		st, got := run(strings.Fields(c[1])...)
		if st != 0 || got != parts[i+1] {
			t.Errorf("`sfmd %s` (status %d) prints:\n%s\nREADME shows:\n%s", c[1], st, got, parts[i+1])
		}
	}
	got, err := os.ReadFile(filepath.Join(dir, "weather.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(suite[1]) {
		t.Errorf("sfmd test --init writes:\n%s\ndocs/testing.md shows:\n%s", got, suite[1])
	}
}

// TestReadmeQuickStart runs the README's "Quick start" on this clone: each
// `go run ./cmd/sfmd ARGS` line, run as sfmd ARGS from the repository
// root, exits 0, and the lint of the sample apps prints nothing (they
// are clean, as the README says). The README's `go test ./...` is this
// test run itself; it must be there, and nothing else: the block holds
// exactly those two set-up commands.
func TestReadmeQuickStart(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)\n## Quick start\n.*?```sh\n(.*?)```\n").FindSubmatch(readme)
	if block == nil {
		t.Fatal(`README has no "## Quick start" section with a sh block`)
	}
	t.Chdir("..") // sfmd view opens its document from the working directory
	lines := strings.Split(strings.TrimSpace(string(block[1])), "\n")
	for _, want := range []string{"go run ./cmd/sfmd lint corpus/ok", "go test ./..."} {
		if !slices.Contains(lines, want) {
			t.Errorf("the Quick start lacks the set-up command %q", want)
		}
	}
	if len(lines) != 2 {
		t.Errorf("the Quick start holds %d commands, want exactly the two set-up commands (the sample lint, the tests): %q", len(lines), lines)
	}
	for _, l := range lines {
		args, ok := strings.CutPrefix(l, "go run ./cmd/sfmd ")
		if !ok {
			continue
		}
		var out, errOut bytes.Buffer
		st := cli.Main(strings.Fields(args), cli.Stdio{
			Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
			Getenv: func(string) string { return "" },
		})
		if st != 0 {
			t.Errorf("`%s`: status %d\n%s%s", l, st, out.String(), errOut.String())
		}
		if strings.HasPrefix(args, "lint ") && out.Len() > 0 {
			t.Errorf("`%s` prints findings; the README says the sample apps are clean:\n%s", l, out.String())
		}
	}
}
