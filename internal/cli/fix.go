package cli

import (
	"flag"
	"fmt"

	"github.com/sfmd-dev/sfmd/internal/refcli"
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
	return runRef("fix", fixUsage, 1, args, stdio, func(rest []string, out refcli.Out) int {
		return refcli.Fix(rest[0], out)
	})
}

// runRef runs a drop-in command of the reference CLI that takes no
// options: its arguments padded to n with "" (a missing one), and the
// command's output on stdio.
func runRef(name, usage string, n int, args []string, stdio Stdio, run func(rest []string, out refcli.Out) int) int {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), usage) }
	rest, exit, ok := parseArgs(fs, args, false, stdio)
	if !ok {
		return exit
	}
	for len(rest) < n {
		rest = append(rest, "")
	}
	return run(rest, refcli.Out{Stdout: stdio.Stdout, Stderr: stdio.Stderr})
}
