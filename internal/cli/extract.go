package cli

import (
	"github.com/sfmd-dev/sfmd/internal/refcli"
)

func init() {
	register("extract", "drop-in for the reference CLI: print one block of a document", runExtract)
}

const extractUsage = `Usage: sfmd extract FILE '#ID'

The reference CLI's extract (String compiler package, cli.ts): prints the
block ID of FILE as the runtime finds it — between <!-- #ID --> and
<!-- /ID -->, else the section under the heading whose {#ID} or slug is
ID — or "!ERR EXTRACT BLOCK_NOT_FOUND FILE#ID" on stderr.

Exit status: 0 found, 1 not found, no such file or a missing argument.
`

func runExtract(args []string, stdio Stdio) int {
	return runRef("extract", extractUsage, 2, args, stdio, func(rest []string, out refcli.Out) int {
		return refcli.Extract(rest[0], rest[1], out)
	})
}
