// Package cli implements the sfmd command line. Subcommands register
// themselves from their own files with register; Main dispatches. Nothing
// here calls os.Exit: Main returns the exit status.
package cli

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"golang.org/x/term"
)

// Exit statuses shared by every subcommand.
const (
	ExitOK       = 0 // nothing reached the failing threshold
	ExitFindings = 1 // diagnostics or test failures
	ExitUsage    = 2 // usage, config or suite error
	ExitInternal = 3 // internal failure
)

// Version is the tool version. Release builds set it with -ldflags
// "-X github.com/sfmd-dev/sfmd/internal/cli.Version=v0.1.0"; left empty,
// it is the module version from the build information (version.go).
var Version = ""

// Stdio is the process environment a command sees.
type Stdio struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads environment variables (CI, NO_COLOR, GITHUB_STEP_SUMMARY, …).
	Getenv func(string) string
	// IsTerminal reports whether Stdout is a terminal.
	IsTerminal bool
	// Dir is the working directory ("" means the process's).
	Dir string
}

// OSStdio returns the real process streams.
func OSStdio() Stdio {
	return Stdio{
		Stdin:      os.Stdin,
		Stdout:     os.Stdout,
		Stderr:     os.Stderr,
		Getenv:     os.Getenv,
		IsTerminal: isTerminal(os.Stdout),
	}
}

// isTerminal reports whether f is a terminal, asking the terminal driver
// (an ioctl, as golang.org/x/term does) rather than checking for a
// character device: /dev/null is one too, and output sent there must be
// what CI gets, not the coloured text format with source snippets.
func isTerminal(f *os.File) bool {
	return term.IsTerminal(int(f.Fd()))
}

type command struct {
	name    string
	summary string
	run     func(args []string, io Stdio) int
}

var commands = map[string]*command{}

// register adds a subcommand. Called from init functions.
func register(name, summary string, run func(args []string, io Stdio) int) {
	commands[name] = &command{name: name, summary: summary, run: run}
}

// Main runs the sfmd command line with args (without the program name)
// and returns the exit status.
func Main(args []string, stdio Stdio) (status int) {
	if stdio.Getenv == nil {
		stdio.Getenv = func(string) string { return "" }
	}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stdio.Stderr, "sfmd: internal error: %v\nplease report this with the input that caused it\n", r)
			status = ExitInternal
		}
	}()
	if len(args) == 0 {
		usage(stdio.Stderr)
		return ExitUsage
	}
	switch args[0] {
	case "-h", "--help", "help":
		if len(args) > 1 {
			// "sfmd help lint" is "sfmd lint -h".
			if c, ok := commands[args[1]]; ok {
				return c.run([]string{"-h"}, stdio)
			}
			if args[1] != "help" && args[1] != "version" {
				fmt.Fprintf(stdio.Stderr, "sfmd help: unknown command %q, expected one of %s\n", args[1], strings.Join(names(), ", "))
				return ExitUsage
			}
		}
		usage(stdio.Stdout)
		return ExitOK
	case "version", "--version":
		return runVersion(args[1:], stdio)
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stdio.Stderr, "sfmd: unknown command %q, expected one of %s\n", args[0], strings.Join(names(), ", "))
		return ExitUsage
	}
	return c.run(args[1:], stdio)
}

// names lists every command sfmd takes, quoted and sorted: the registered
// ones, help and version.
func names() []string {
	ns := []string{`"help"`, `"version"`}
	for n := range commands {
		ns = append(ns, fmt.Sprintf("%q", n))
	}
	sort.Strings(ns)
	return ns
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "sfmd %s: lint and test SFMD documents\n\nUsage: sfmd <command> [flags] [paths]\n\nCommands:\n", Version)
	var ns []string
	for n := range commands {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	for _, n := range ns {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(w, "  %-9s %s\n", "version", "print the version")
	fmt.Fprintln(w, "\nRun 'sfmd <command> -h' for the flags of a command.")
}
