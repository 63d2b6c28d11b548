package refcli

import (
	"os"
	"strings"

	"github.com/sfmd-dev/sfmd/model"
)

// Extract is cli.ts cmdExtract: the content of block fragment ("#id" or
// "id") of the file at path on stdout, found as core extractor.ts
// extract() finds it (model.Extract: <!-- #id --> markers, then a
// heading's {#id} or []{#id}, then a heading's slug); else
// "!ERR EXTRACT BLOCK_NOT_FOUND path#id" on stderr and status 1.
//
// The id is compared literally, as extractor.ts does since 62c5378 (it
// escapes the id's metacharacters before making its marker regular
// expressions; at 3c04205 it did not, so "a.b" also found <!-- #axb -->).
func Extract(path, fragment string, o Out) int {
	if path == "" || fragment == "" {
		o.warn("Usage: aimd extract <file.md> <#block-id>")
		return 1
	}
	id := strings.TrimPrefix(fragment, "#")
	if _, err := os.Stat(path); err != nil {
		o.warn("[err]  File not found: %s", path)
		return 1
	}
	data, _, err := readText(path)
	if err != nil {
		o.fail(err)
		return 1
	}
	content, found := model.Extract(string(data), id)
	if !found {
		o.warn("!ERR EXTRACT BLOCK_NOT_FOUND %s#%s", path, id)
		return 1
	}
	o.log("%s", content)
	return 0
}
