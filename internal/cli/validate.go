package cli

import (
	"flag"
	"fmt"
	"os"

	"github.com/sfmd-dev/sfmd/internal/refcli"
)

func init() {
	register("validate", "drop-in for the reference CLI: validate a document or a directory", runValidate)
}

const validateUsage = `Usage: sfmd validate [--lint] FILE|DIR

The reference CLI's validate (String compiler package, cli.ts): "[ok]   PATH"
or "[fail] PATH — N error(s)" and a line per error on stdout for FILE, or for
every .md file under DIR (not under X.md.source directories); then the
orphan check of the Trinity X.md.source directories (warnings on stderr).
Arguments after the first are ignored, as the reference ignores them.

Exit status: 0 every file valid and no orphan, 1 otherwise (the
reference's statuses). With --lint, sfmd lint's findings on the same path
follow (when it exists), and the status is the higher of the two.
`

func runValidate(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), validateUsage) }
	withLint := fs.Bool("lint", false, "also print sfmd lint's findings on the same path")
	rest, exit, ok := parseArgs(fs, args, true, stdio)
	if !ok {
		return exit
	}
	topic := ""
	if len(rest) > 0 {
		topic = rest[0]
	}
	status := refcli.Validate(topic, refcli.Out{Stdout: stdio.Stdout, Stderr: stdio.Stderr})
	if _, err := os.Stat(topic); *withLint && err == nil {
		status = max(status, runLint([]string{"--", topic}, stdio))
	}
	return status
}
