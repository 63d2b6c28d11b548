package cli

import (
	"flag"
	"fmt"

	"github.com/sfmd-dev/sfmd/cmd/sfmd/refcli"
)

func init() {
	register("fix", "drop-in for the reference CLI: include a Trinity directory's orphan sources", runFix)
}

const fixUsage = `Usage: sfmd fix DIR

The reference CLI's fix (String compiler package, cli.ts): for each
X.md.source directory under DIR, appends "[!include:ID]()" to X.md for each
X.md.source/ID.md that X.md does not include. X.md is replaced atomically,
inside DIR, only when it has not changed since it was read.

Exit status: 0 done, 1 a file that could not be read or written.
`

func runFix(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("fix", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), fixUsage) }
	rest, exit, ok := parseArgs(fs, args, false, stdio)
	if !ok {
		return exit
	}
	rest = append(rest, "")
	return refcli.Fix(rest[0], refcli.Out{Stdout: stdio.Stdout, Stderr: stdio.Stderr})
}
