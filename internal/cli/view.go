package cli

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/runner"
)

func init() {
	register("view", "print a page as an agent sees it on /open", runView)
}

const viewUsage = `Usage: sfmd view FILE[#BLOCK]

Prints what an agent sees when it opens FILE (or one of its blocks) in a
fresh app session: the String runtime's /open output, as sfmd test computes
it. The page is rendered as the runtime renders it: frontmatter stripped,
includes expanded, block markers, directives and action blocks removed,
links turned into shortcuts, the [nav] and [actions] lines and the
requires: warning on top. The .md files next to FILE (and below) are the
app's other pages: menus and includes are read from them.

The page's default action (frontmatter default:) is not run: sfmd view
sends no request and runs no command; it says on standard error which
action /open would run. sfmd test runs it, with the step's fixtures.

Exit status: 0 the page opened, 1 the runtime refused it (its error is
printed), 2 usage error or a file that cannot be read.
`

func runView(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), viewUsage) }
	rest, exit, ok := parseArgs(fs, args, true, stdio)
	if !ok {
		return exit
	}
	if len(rest) != 1 {
		fmt.Fprint(stdio.Stderr, "sfmd view: give one document, FILE or FILE#BLOCK\n")
		return ExitUsage
	}
	file, block, _ := strings.Cut(rest[0], "#")
	path := file
	if !filepath.IsAbs(path) && stdio.Dir != "" {
		path = filepath.Join(stdio.Dir, path) // relative to the caller's directory, as lint and parse
	}
	res, def, err := runner.View(path, block, stdio.Getenv("TMPDIR"))
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "sfmd view: %v\n", err)
		return ExitUsage
	}
	if !res.OK {
		fmt.Fprintf(stdio.Stderr, "sfmd view: %s: %s\n", res.Code, res.Content)
		return 1
	}
	fmt.Fprintln(stdio.Stdout, res.Content)
	if def != "" {
		fmt.Fprintf(stdio.Stderr, "sfmd view: the default action %q was not run; /open runs it and shows its output below the page (sfmd test runs it with the step's fixtures)\n", def)
	}
	return ExitOK
}
