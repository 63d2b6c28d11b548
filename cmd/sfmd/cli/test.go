package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/sfmd-dev/sfmd/runner"
)

func init() {
	register("test", "run the documents' test suites (*.test.yaml) offline against fixtures", runTest)
}

// reportFlag collects repeatable --report kind=FILE values.
type reportFlag []string

func (r *reportFlag) String() string     { return strings.Join(*r, ",") }
func (r *reportFlag) Set(s string) error { *r = append(*r, s); return nil }

const testUsage = `Usage: sfmd test [flags] [paths...]

Runs every *.test.yaml / *.test.yml suite under the paths (default ".";
hidden folders, node_modules and vendor are skipped) offline: HTTP from the
suites' fixtures, CLI commands from their exec fixtures. Each test runs in
a fresh sandbox directory; a test stops at its first failing step. In
request fixtures, $NAME stands for the value of NAME in the suite's env
(that is how --record keeps secrets out of suites). With --update, tests
whose goldens were rewritten count as passed.

sfmd test --init DOC.md... writes a suite next to each document instead
(one test per action, responses as stubs to fill in); --cover adds the
coverage per document (actions, response-template lines, error paths).

Exit status: 0 all tests passed; 1 a test failed; 2 usage or suite error
(bad YAML, unknown field, missing document, --update under CI=true).

Flags:
`

func runTest(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), testUsage)
		fs.PrintDefaults()
	}
	var (
		update  = fs.Bool("update", false, "rewrite output goldens (output_file, inline output, expect.files) instead of failing; refused under CI=true")
		record  = fs.Bool("record", false, "send the steps' requests to the real endpoints and write the exchanges into the suites' http entries (env secrets become $NAME); refused under CI=true")
		execArg = fs.String("exec", "fixtures", "how CLI actions run: fixtures (answered from exec entries) or real (/bin/bash -c in the sandbox)")
		timeout = fs.Duration("timeout", runner.DefaultTimeout, "timeout of one command with --exec=real")
		jobs    = fs.Int("jobs", runtime.GOMAXPROCS(0), "suites run in parallel")
		runRE   = fs.String("run", "", "run only the tests whose name matches this regular expression")
		format  = fs.String("format", "text", "output format: text (failures with diffs) or line (path:line:col: error: message [test-failed])")
		reports reportFlag
		cv      coverFlags
	)
	fs.Var(&reports, "report", "also write a report: junit=FILE, json=FILE or cover=FILE (coverage as JSON) (repeatable)")
	initSuites := fs.Bool("init", false, "write a suite next to each document named (sfmd test --init DOC.md...): one test per action, requests filled in, responses as stubs to fill or --record; an existing suite only gets tests for the actions it lacks")
	cv.register(fs)

	paths, exit, ok := parseArgs(fs, args, true, stdio)
	if !ok {
		return exit
	}
	if *initSuites {
		if *update || *record || cv.on || cv.min != -1 || len(reports) > 0 {
			fmt.Fprintln(stdio.Stderr, "sfmd test: --init writes suites and runs nothing; use it without --update, --record, --cover or --report")
			return ExitUsage
		}
		return runTestInit(paths, stdio)
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stdio.Stderr, "sfmd test: "+format+"\n", a...)
		return ExitUsage
	}
	opts := runner.Options{Update: *update, Record: *record, Timeout: *timeout, Jobs: *jobs}
	switch *execArg {
	case "fixtures":
	case "real":
		opts.ExecReal = true
		opts.PATH = stdio.Getenv("PATH")
		if opts.PATH == "" {
			opts.PATH = "/usr/local/bin:/usr/bin:/bin"
		}
	default:
		return usageErr("unknown --exec mode %q, expected one of \"fixtures\", \"real\"", *execArg)
	}
	if *timeout <= 0 {
		return usageErr("--timeout must be positive, got %s", *timeout)
	}
	if *format != "text" && *format != "line" {
		return usageErr("unknown --format %q, expected one of \"text\", \"line\"", *format)
	}
	if *runRE != "" {
		re, err := regexp.Compile(*runRE)
		if err != nil {
			return usageErr("invalid --run regular expression %q: %v", *runRE, err)
		}
		opts.Run = re
	}
	outs, err := parseReports(reports, stdio.Dir, &cv)
	if err != nil {
		return usageErr("%v", err)
	}
	if opts.Update && stdio.Getenv("CI") == "true" {
		return usageErr("--update is refused under CI=true: goldens must be reviewed and committed, not rewritten by CI; run it locally and commit the result")
	}
	if opts.Record && stdio.Getenv("CI") == "true" {
		return usageErr("--record is refused under CI=true: CI replays fixtures offline and never rewrites suites; record locally and commit the result")
	}

	if err := cv.check(); err != nil {
		return usageErr("%v", err)
	}
	opts.Cover = cv.on
	refs, err := runner.Discover(stdio.Dir, paths)
	if err != nil {
		return usageErr("%v", err)
	}
	if len(refs) == 0 {
		fmt.Fprintf(stdio.Stderr, "sfmd test: no *.test.yaml suites found under %s\n", strings.Join(orDot(paths), ", "))
	}
	rep := runner.Run(refs, opts)

	if *format == "line" {
		runner.WriteLine(stdio.Stdout, rep)
	} else {
		runner.WriteErrors(stdio.Stderr, rep)
		runner.WriteHuman(stdio.Stdout, rep)
	}
	for _, s := range rep.Suites {
		for _, u := range s.Updated {
			fmt.Fprintf(stdio.Stderr, "sfmd test: updated %s\n", displayPath(stdio.Dir, u))
		}
	}
	status := ExitOK
	if rep.Failed > 0 {
		status = ExitFindings
	}
	var cr *runner.CoverReport
	if cv.on {
		cr = runner.Cover(rep, stdio.Dir, paths)
		if cv.write(cr, *format, stdio) {
			status = max(status, ExitFindings)
		}
	}
	if rep.HasSuiteErrors() {
		status = ExitUsage
	}
	for _, o := range outs {
		if err := writeReport(o.kind, o.path, rep, cr); err != nil {
			fmt.Fprintf(stdio.Stderr, "sfmd test: cannot write the %s report: %v; check the path\n", o.kind, err)
			status = ExitUsage
		}
	}
	return status
}

// reportOut is one --report kind=FILE.
type reportOut struct{ kind, path string }

// parseReports reads the --report values; cover=FILE turns coverage on.
func parseReports(reports []string, dir string, cv *coverFlags) ([]reportOut, error) {
	var outs []reportOut
	for _, r := range reports {
		kind, path, ok := strings.Cut(r, "=")
		if !ok || path == "" || (kind != "junit" && kind != "json" && kind != "cover") {
			return nil, fmt.Errorf("invalid --report %q, expected junit=FILE, json=FILE or cover=FILE", r)
		}
		if kind == "cover" {
			cv.on = true
		}
		if !filepath.IsAbs(path) && dir != "" {
			path = filepath.Join(dir, path)
		}
		outs = append(outs, reportOut{kind, path})
	}
	return outs, nil
}

func writeReport(kind, path string, rep *runner.Report, cr *runner.CoverReport) (err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	switch kind {
	case "junit":
		return runner.WriteJUnit(f, rep)
	case "cover":
		return runner.WriteCoverJSON(f, cr)
	}
	return runner.WriteJSON(f, rep)
}

func orDot(paths []string) []string {
	if len(paths) == 0 {
		return []string{"."}
	}
	return paths
}

func displayPath(base, p string) string {
	if base == "" {
		if wd, err := os.Getwd(); err == nil {
			base = wd
		}
	}
	if rel, err := filepath.Rel(base, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return p
}
