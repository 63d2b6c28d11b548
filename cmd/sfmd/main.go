// Command sfmd lints and tests SFMD (String Flavored Markdown) documents.
package main

import (
	"os"

	"github.com/sfmd-dev/sfmd/internal/cli"
)

func main() {
	cli.TuneProcess()
	os.Exit(cli.Main(os.Args[1:], cli.OSStdio()))
}
