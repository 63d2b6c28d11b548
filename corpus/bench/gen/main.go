// Command gen writes the synthetic benchmark corpus (see package benchgen)
// to a directory, for timing the sfmd command itself:
//
//	go run ./corpus/bench/gen -o /tmp/sfmd-bench && time sfmd lint /tmp/sfmd-bench
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
)

func main() {
	out := flag.String("o", "", "directory to write the documents to (created if missing)")
	n := flag.Int("n", benchgen.DefaultDocs, "number of documents")
	seed := flag.Int64("seed", benchgen.DefaultSeed, "generator seed")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gen: no output directory, pass -o DIR")
		os.Exit(2)
	}
	if err := write(*out, *n, *seed); err != nil {
		fmt.Fprintf(os.Stderr, "gen: %v\n", err)
		os.Exit(1)
	}
}

func write(dir string, n int, seed int64) error {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return err
	}
	docs := benchgen.Generate(n, seed)
	for i, d := range docs {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("doc%04d.md", i)), d, 0o600); err != nil {
			return err
		}
	}
	fmt.Printf("wrote %d documents, %d bytes, to %s\n", len(docs), benchgen.Total(docs), dir)
	return nil
}
