package testscripts

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/cmd/sfmd/cli"
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
