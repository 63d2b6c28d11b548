package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sfmd-dev/sfmd/sfmd"
)

func init() {
	register("parse", "print the syntax tree of documents (json or text)", runParse)
}

const parseUsage = `Usage: sfmd parse [--format json|text] FILE...

Parses each FILE ("-" reads standard input) and prints its syntax tree.

  --format json   one indented JSON object per file, written one after the
                  other in argument order (a JSON stream: a single file gives
                  a single JSON document; use "jq -s" to get an array)
  --format text   an indented tree per file, as in the parser's golden tests

Exit status: 0 when every document parsed without problems, 1 when any
document has syntax problems (listed under "problems"), 2 on a usage error
or when a file cannot be read.
`

func runParse(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), parseUsage) }
	format := fs.String("format", "json", "output format: json or text")
	files, exit, ok := parseArgs(fs, args, false, stdio)
	if !ok {
		return exit
	}
	if *format != "json" && *format != "text" {
		fmt.Fprintf(stdio.Stderr, "sfmd parse: unknown format %q, expected one of \"json\", \"text\"\n", *format)
		return ExitUsage
	}
	if len(files) == 0 {
		fmt.Fprint(stdio.Stderr, "sfmd parse: no files given, pass one or more paths (\"-\" for standard input)\n")
		return ExitUsage
	}
	status := ExitOK
	for _, name := range files {
		path, src, err := readParseInput(name, stdio)
		if err != nil {
			fmt.Fprintf(stdio.Stderr, "sfmd: %v\n", err)
			status = ExitUsage
			continue
		}
		doc := sfmd.Parse(path, src)
		write := sfmd.WriteJSON
		if *format == "text" {
			write = sfmd.WriteText
		}
		if err := write(stdio.Stdout, doc); err != nil {
			fmt.Fprintf(stdio.Stderr, "sfmd parse: writing output: %v\n", errors.Unwrap(err))
			return ExitUsage
		}
		if len(doc.Problems) > 0 && status == ExitOK {
			status = ExitFindings
		}
	}
	return status
}

// readParseInput reads a named file, or standard input for "-". Relative paths
// are resolved against stdio.Dir when it is set; the returned path is the
// name as given (or "<stdin>").
func readParseInput(name string, stdio Stdio) (string, []byte, error) {
	if name == "-" {
		if stdio.Stdin == nil {
			return "<stdin>", nil, errors.New("read <stdin>: no standard input")
		}
		b, err := io.ReadAll(stdio.Stdin)
		if err != nil {
			return "<stdin>", nil, fmt.Errorf("read <stdin>: %w", err)
		}
		return "<stdin>", b, nil
	}
	full := name
	if stdio.Dir != "" && !filepath.IsAbs(name) {
		full = filepath.Join(stdio.Dir, name)
	}
	b, err := os.ReadFile(full)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			// report the path as the user wrote it
			return name, nil, fmt.Errorf("%s %s: %w", pe.Op, name, pe.Err)
		}
		return name, nil, err
	}
	return name, b, nil
}
