// Command goldmarkparse reads every .md file under the directories it is
// given and parses each with goldmark's default parser, on one goroutine:
// the reference whole process that `go run ./corpus/bench/lintratio`
// measures `sfmd lint` against.
//
//	go run ./corpus/bench/goldmarkparse DIR...
package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"
)

func main() {
	p := goldmark.New().Parser()
	files, size := 0, 0
	for _, dir := range os.Args[1:] {
		//nolint:gosec // G703: a benchmark walking the directory its user names
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".md") {
				return err
			}
			src, err := os.ReadFile(path) //nolint:gosec // G122: a benchmark reading the directory its user names
			if err != nil {
				return err
			}
			p.Parse(text.NewReader(src))
			files++
			size += len(src)
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "goldmarkparse:", err)
			os.Exit(1)
		}
	}
	fmt.Printf("%d files, %d bytes\n", files, size)
}
