package cli

import (
	"github.com/sfmd-dev/sfmd/internal/refcli"
)

func init() {
	register("compile", "drop-in for the reference CLI: inline a Trinity document's includes", runCompile)
}

const compileUsage = `Usage: sfmd compile DIR BASE

The reference CLI's compile (String compiler package, cli.ts, compiler.ts):
replaces each line [!include:ID](PATH) of DIR/BASE.md by <!-- #ID -->, the
content of its source file and <!-- /ID -->, and writes the result over
DIR/BASE.md. The source file is BASE.md.source/ID.md for an empty PATH,
else PATH from DIR; a missing one is created empty. A PATH that leads out
of DIR is refused before anything is written; every read and write stays
inside DIR, and BASE.md is replaced atomically, only when it has not
changed since it was read.

Exit status: 0 compiled, 1 an error ("[err]  ..." on stderr).
`

func runCompile(args []string, stdio Stdio) int {
	return runRef("compile", compileUsage, 2, args, stdio, func(rest []string, out refcli.Out) int {
		return refcli.Compile(rest[0], rest[1], out)
	})
}
