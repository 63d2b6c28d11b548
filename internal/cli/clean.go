package cli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/sfmd-dev/sfmd/internal/refcli"
)

func init() {
	register("clean", "drop-in for the reference CLI: delete a Trinity directory's orphan sources", runClean)
}

const cleanUsage = `Usage: sfmd clean [--yes] DIR

The reference CLI's clean (String compiler package, cli.ts): deletes each
X.md.source/ID.md under DIR that X.md does not include ("[del]  PATH").
Unlike the reference, sfmd lists the files and asks first; without a
terminal to ask on it deletes nothing unless --yes (-y) is given. Only files and
symbolic links (the link itself) inside DIR are deleted.

Exit status: 0 done (or nothing to delete), 1 declined or a file that could
not be read or deleted, 2 not asked (no terminal and no --yes).
`

// stdinTerminal reports whether r is a terminal one can ask on (tests
// replace it).
var stdinTerminal = func(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func runClean(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("clean", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), cleanUsage) }
	var yes bool
	fs.BoolVar(&yes, "yes", false, "delete without asking")
	fs.BoolVar(&yes, "y", false, "short for --yes")
	rest, exit, ok := parseArgs(fs, args, true, stdio)
	if !ok {
		return exit
	}
	if len(rest) == 0 || rest[0] == "" {
		fmt.Fprintln(stdio.Stderr, "Usage: aimd clean <dir>")
		return 1
	}
	out := refcli.Out{Stdout: stdio.Stdout, Stderr: stdio.Stderr}
	paths, rels, readOK := refcli.Orphans(rest[0], out)
	status := ExitOK
	if !readOK {
		status = ExitFindings
	}
	if len(paths) == 0 {
		return status
	}
	if !yes {
		if !stdinTerminal(stdio.Stdin) {
			fmt.Fprintf(stdio.Stderr, "sfmd clean: %s to delete, not deleted: no terminal to ask on; run sfmd clean --yes %s to delete them\n", plural(len(paths), "file", "files"), rest[0])
			listPaths(stdio.Stderr, paths)
			return ExitUsage
		}
		listPaths(stdio.Stderr, paths)
		fmt.Fprintf(stdio.Stderr, "Delete %s? [y/N] ", plural(len(paths), "file", "files"))
		answer, _ := bufio.NewReader(stdio.Stdin).ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
			fmt.Fprintln(stdio.Stderr, "sfmd clean: nothing deleted")
			return ExitFindings
		}
	}
	return max(status, refcli.Clean(rest[0], paths, rels, out))
}

func listPaths(w io.Writer, paths []string) {
	for _, p := range paths {
		fmt.Fprintf(w, "  %s\n", p)
	}
}
