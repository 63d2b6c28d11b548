// Command gen writes the schemas of package schema into the current
// directory (go generate runs it in schema/).
package main

import (
	"fmt"
	"os"
	"sort"

	"github.com/sfmd-dev/sfmd/schema"
)

func main() {
	files, err := schema.Generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := os.WriteFile(n, files[n], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		fmt.Println("wrote", n)
	}
}
