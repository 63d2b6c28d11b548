package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"time"

	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/runner"
)

func init() {
	register("lsp", "run the language server (LSP over stdio) for editors", runLSP)
}

const lspNotes = `The server speaks the Language Server Protocol 3.17 on standard input and
output (--stdio is accepted and is the only transport). Editors start it
themselves; see docs/editors.md for VS Code, Vim and Neovim, Helix
and Emacs. Diagnostics are those of sfmd lint with the same flags and the
nearest .sfmd.yaml of each document.
`

func runLSP(args []string, stdio Stdio) int {
	fs := newFlagSet("lsp", "sfmd lsp [--stdio] [flags]", lspNotes)
	fs.Bool("stdio", true, "speak LSP over standard input and output (the default and only transport)")
	config := fs.String("config", "", "use this config file for every document instead of the nearest .sfmd.yaml")
	minSeverity := fs.String("min-severity", "warning", "lowest severity published: error, warning or info")
	debounce := fs.Duration("debounce", 0, "wait this long after a change before linting (a later change cancels the lint either way)")
	var enable, disable listFlag
	fs.Var(&enable, "enable", "enable rules or profiles (comma-separated, repeatable; \"all\" for every rule)")
	fs.Var(&disable, "disable", "disable rules or profiles (comma-separated, repeatable)")
	rest, exit, ok := parseArgs(fs, args, true, stdio)
	if !ok {
		return exit
	}
	if len(rest) > 0 {
		fmt.Fprintf(stdio.Stderr, "sfmd lsp: unexpected argument %q: the server takes no paths, the editor opens the documents\n", rest[0])
		return ExitUsage
	}
	sev, err := lint.ParseSeverity(*minSeverity)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "sfmd lsp: --min-severity: %v\n", err)
		return ExitUsage
	}
	if *debounce < 0 || *debounce > time.Minute {
		fmt.Fprintf(stdio.Stderr, "sfmd lsp: --debounce must be between 0 and 1m, got %v\n", *debounce)
		return ExitUsage
	}
	if *config != "" && !filepath.IsAbs(*config) {
		// relative to where the editor started us, not to the workspace
		// root the server lints in
		abs, err := filepath.Abs(filepath.Join(stdio.Dir, *config))
		if err != nil {
			fmt.Fprintf(stdio.Stderr, "sfmd lsp: --config: %v\n", err)
			return ExitUsage
		}
		*config = abs
	}
	sel := lint.Selection{Enable: enable, Disable: disable}
	given := false // --min-severity on the command line
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "min-severity" })
	// Check the selection and the config before an editor connects, so a
	// typo fails the start with a message instead of an initialize error.
	if _, err := lint.NewBufferLinter(analyzers(), lint.BufferOptions{Dir: stdio.Dir, Config: *config, Selection: sel}); err != nil {
		var ce lint.ConfigErrors
		if errors.As(err, &ce) {
			fmt.Fprintln(stdio.Stderr, err)
		} else {
			fmt.Fprintf(stdio.Stderr, "sfmd lsp: %v\n", err)
		}
		return ExitUsage
	}
	return lsp.Serve(context.Background(), stdio.Stdin, stdio.Stdout, lsp.Options{
		View:         lspView(stdio.Getenv("TMPDIR")),
		Analyzers:    analyzers(),
		Selection:    sel,
		Config:       *config,
		MinSeverity:  sev,
		ShowSelected: !given,
		// the flag wins over min-severity in .sfmd.yaml
		ConfigMinSeverity: !given,
		Debounce:          *debounce,
		Dir:               stdio.Dir,
		Version:           Version,
		Log:               stdio.Stderr,
	})
}

// lspView renders pages for the language server's sfmd.view command with
// the runner's View (the same as sfmd view), from the editor's text.
func lspView(tmp string) lsp.ViewFunc {
	return func(path string, src []byte, block string) (string, bool, string, error) {
		res, def, err := runner.ViewSource(path, src, block, tmp)
		if err != nil {
			return "", false, "", err
		}
		if !res.OK {
			return res.Code + ": " + res.Content, false, "", nil
		}
		return res.Content, true, def, nil
	}
}
