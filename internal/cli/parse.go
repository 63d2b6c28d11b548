package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

func init() {
	register("parse", "print the syntax tree of documents (json or text)", runParse)
}

const parseUsage = `Usage: sfmd parse [--format json|text] [--max-file-size SIZE] FILE...

Parses each FILE ("-" reads standard input) and prints its syntax tree.

  --format json   one indented JSON object per file, written one after the
                  other in argument order (a JSON stream: a single file gives
                  a single JSON document; use "jq -s" to get an array)
  --format text   an indented tree per file, as in the parser's golden tests
  --max-file-size largest document parsed, such as 20M (default 10M, at
                  most 2047M); a larger one is not read past its first
                  line and has a single file-too-large problem

Only regular files are read: a named pipe or a device is refused.

Exit status: 0 when every document parsed without problems, 1 when any
document has syntax problems (listed under "problems"), 2 on a usage error
or when a file cannot be read or the output written.
`

func runParse(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), parseUsage) }
	format := fs.String("format", "json", "output format: json or text")
	maxSize := fs.String("max-file-size", "", "largest document parsed (default 10M)")
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
	limit := int64(safeio.DefaultMaxSize)
	if *maxSize != "" {
		var err error
		if limit, err = lint.ParseMaxSize(*maxSize); err != nil {
			fmt.Fprintf(stdio.Stderr, "sfmd parse: --max-file-size: %v\n", err)
			return ExitUsage
		}
	}
	status := ExitOK
	for _, name := range files {
		path, src, err := readParseInput(name, stdio, limit)
		var doc *sfmd.Document
		var tl *safeio.TooLargeError
		switch {
		case errors.As(err, &tl):
			doc = sfmd.TooLarge(path, tl.Head, tl.Detail())
		case err != nil:
			fmt.Fprintf(stdio.Stderr, "sfmd parse: %v\n", err)
			status = ExitUsage
			continue
		default:
			doc = sfmd.Parse(path, src)
		}
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

// readParseInput reads a named file, or standard input for "-", at most
// limit bytes (a *safeio.TooLargeError beyond). Relative paths are
// resolved against stdio.Dir when it is set; the returned path is the name
// as given (or "<stdin>").
func readParseInput(name string, stdio Stdio, limit int64) (string, []byte, error) {
	if name == "-" {
		if stdio.Stdin == nil {
			return "<stdin>", nil, errors.New("cannot read <stdin>: no standard input")
		}
		b, err := safeio.ReadAll(stdio.Stdin, limit)
		var tl *safeio.TooLargeError
		if err != nil && !errors.As(err, &tl) {
			return "<stdin>", nil, fmt.Errorf("cannot read <stdin>: %w", err)
		}
		return "<stdin>", b, err
	}
	full := name
	if stdio.Dir != "" && !filepath.IsAbs(name) {
		full = filepath.Join(stdio.Dir, name)
	}
	b, _, err := safeio.ReadFile(full, limit)
	var tl *safeio.TooLargeError
	var nr *safeio.NotRegularError
	var pe *os.PathError
	switch {
	case err == nil, errors.As(err, &tl):
		return name, b, err
	case errors.As(err, &nr):
		return name, nil, fmt.Errorf("cannot parse %q: it is %s, not a regular file", name, safeio.Kind(nr.Mode))
	case errors.As(err, &pe):
		// report the path as the user wrote it
		return name, nil, fmt.Errorf("cannot read %s: %w", name, pe.Err)
	}
	return name, nil, fmt.Errorf("cannot read %s: %w", name, err)
}
