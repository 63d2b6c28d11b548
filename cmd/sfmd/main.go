// Command sfmd lints and tests SFMD (String Flavored Markdown) documents.
package main

import (
	"os"

	"github.com/sfmd-dev/sfmd/cmd/sfmd/cli"
)

func main() {
	cli.TuneProcess()
	os.Exit(cli.Main(os.Args[1:], cli.OSStdio()))
}
