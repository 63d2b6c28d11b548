package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/runner"
)

// runTestInit is sfmd test --init DOC.md...: a suite next to each
// document, or the missing tests added to its existing suite.
func runTestInit(paths []string, stdio Stdio) int {
	if len(paths) == 0 {
		fmt.Fprintln(stdio.Stderr, "sfmd test: --init needs the documents to write suites for: sfmd test --init DOC.md...")
		return ExitUsage
	}
	if ci := stdio.Getenv("CI"); isCI(ci) {
		fmt.Fprintf(stdio.Stderr, "sfmd test: --init is refused under CI=%s: suites are written and reviewed locally, then committed\n", ci)
		return ExitUsage
	}
	status := ExitOK
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(abs) && stdio.Dir != "" {
			abs = filepath.Join(stdio.Dir, abs)
		}
		if abs, err := filepath.Abs(abs); err == nil {
			res, err := runner.InitSuite(abs, filepath.ToSlash(p))
			if err != nil {
				fmt.Fprintf(stdio.Stderr, "sfmd test: %v\n", err)
				status = ExitUsage
				var ue *runner.UserError
				if !errors.As(err, &ue) {
					status = ExitInternal
				}
				continue
			}
			reportInit(stdio, p, res)
		}
	}
	return status
}

func reportInit(stdio Stdio, doc string, res *runner.InitResult) {
	suite := displayPath(stdio.Dir, res.Suite)
	n := len(res.Added)
	tests := fmt.Sprintf("%d test", n)
	if n != 1 {
		tests += "s"
	}
	switch {
	case res.Created:
		fmt.Fprintf(stdio.Stdout, "wrote %s: %s (%s)\n", suite, tests, strings.Join(res.Added, ", "))
	case n > 0:
		fmt.Fprintf(stdio.Stdout, "added %s to %s (%s)\n", tests, suite, strings.Join(res.Added, ", "))
	default:
		fmt.Fprintf(stdio.Stdout, "%s already tests every action of %s; nothing to add\n", suite, filepath.ToSlash(doc))
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(stdio.Stderr, "sfmd test: warning: %s\n", w)
	}
	if n > 0 {
		fmt.Fprintf(stdio.Stdout, "next: fill in the responses marked todo (or sfmd test --record), delete the todo lines, then sfmd test --update\n")
	}
}
