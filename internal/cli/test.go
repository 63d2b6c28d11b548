package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sfmd-dev/sfmd/internal/safeio"
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
a fresh sandbox that stands for "/" of the agent's machine (the document
in cwd, /home/agent/docs by default); a test stops at its first failing
step. In request fixtures, $NAME stands for the value of NAME in the
suite's env (that is how --record keeps secrets out of suites). With
--update, tests whose goldens were rewritten count as passed.

sfmd test --init DOC.md... writes a suite next to each document instead
(one test per action, responses as stubs to fill in); --cover adds the
coverage per document (actions, response-template lines, error paths).

Exit status: 0 all tests passed; 1 a test failed; 2 usage, suite or I/O
error (bad YAML, unknown field, missing document, a path outside the
suite's directory, an unreadable golden, a failed write, --update under
CI); 3 internal failure (please report it); 130 or 143 interrupted
(SIGINT, SIGTERM).

Flags:
`

// testFlags are the flags of sfmd test.
type testFlags struct {
	update, record, timings  bool
	recordUnsafe, envFromOS  bool
	envFile                  string
	httpTimeout              time.Duration
	init                     bool
	cover                    coverFlags
	execArg, isolate, maxOut string
	runRE, format, color     string
	timeout                  time.Duration
	jobs                     int
	reports                  reportFlag
}

func newTestFlags() (*flag.FlagSet, *testFlags) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), testUsage)
		fs.PrintDefaults()
	}
	f := &testFlags{}
	fs.BoolVar(&f.update, "update", false, "rewrite output goldens (output_file, inline output, expect.files) instead of failing; refused under CI")
	fs.BoolVar(&f.record, "record", false, "send the requests of the steps whose http entries are stubs (todo:) or absent, or of the tests --run selects, to the real endpoints and write the exchanges into their http entries (request headers included, env secrets as $NAME); with --exec=real, their commands too (exec entries); other steps replay their fixtures; refused under CI")
	fs.BoolVar(&f.recordUnsafe, "record-unsafe", false, "let --record send methods other than GET, HEAD and OPTIONS (POST, PUT, PATCH, DELETE), which may change data on the server")
	fs.StringVar(&f.envFile, "env-file", "", "with --record, the real values of suite env names (NAME=VALUE lines) in a file outside the repository; the recording holds them as $NAME, replay uses the suite's values")
	fs.BoolVar(&f.envFromOS, "env-from-os", false, "with --record, take the value of each suite env name set in sfmd's environment from there (after --env-file)")
	fs.DurationVar(&f.httpTimeout, "http-timeout", runner.DefaultHTTPTimeout, "how long --record waits for one complete answer")
	fs.StringVar(&f.execArg, "exec", "fixtures", "how CLI actions run: fixtures (answered from exec entries) or real (/bin/bash -c in the sandbox)")
	fs.DurationVar(&f.timeout, "timeout", runner.DefaultTimeout, "timeout of one command with --exec=real")
	fs.StringVar(&f.isolate, "isolation", runner.IsolationAuto, "how --exec=real isolates commands: namespace (the sandbox as \"/\", virtual paths; Linux user namespaces), none (host paths), auto (namespace when available)")
	fs.StringVar(&f.maxOut, "max-output", "16MiB", "the most one --exec=real command may print (stdout and stderr together); past it the step fails")
	fs.BoolVar(&f.timings, "timings", false, "add durations and timestamps to the --report files (without it, reports are identical from run to run)")
	fs.IntVar(&f.jobs, "jobs", runtime.GOMAXPROCS(0), "suites run in parallel")
	fs.StringVar(&f.runRE, "run", "", "run only the tests whose name matches this regular expression")
	fs.StringVar(&f.format, "format", "text", "output format: text (failures with diffs) or line (path:line:col: error: message [test-failed])")
	fs.StringVar(&f.color, "color", "auto", "colour output: auto, always or never (auto: on a terminal, unless NO_COLOR is set or TERM=dumb), as sfmd lint")
	fs.Var(&f.reports, "report", "also write a report: junit=FILE, json=FILE or cover=FILE (coverage as JSON) (repeatable)")
	fs.BoolVar(&f.init, "init", false, "write a suite next to each document named (sfmd test --init DOC.md...): one test per action, requests filled in, responses as stubs to fill or --record; an existing suite only gets tests for the actions it lacks")
	f.cover.register(fs)
	return fs, f
}

func runTest(args []string, stdio Stdio) int {
	fs, f := newTestFlags()
	paths, exit, ok := parseArgs(fs, args, true, stdio)
	if !ok {
		return exit
	}
	if f.init {
		if f.update || f.record || f.recordUnsafe || f.envFile != "" || f.envFromOS || f.cover.on || f.cover.min != -1 || len(f.reports) > 0 || f.execArg != "fixtures" {
			fmt.Fprintln(stdio.Stderr, "sfmd test: --init writes suites and runs nothing; use it without --update, --record, --cover, --report or --exec")
			return ExitUsage
		}
		return runTestInit(paths, stdio)
	}
	opts, outs, err := f.options(stdio)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "sfmd test: %v\n", err)
		return ExitUsage
	}
	color, err := useColor(f.color, stdio)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "sfmd test: %v\n", err)
		return ExitUsage
	}
	refs, err := runner.Discover(stdio.Dir, paths)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "sfmd test: %v\n", err)
		return ExitUsage
	}
	if len(refs) == 0 {
		fmt.Fprintf(stdio.Stderr, "sfmd test: no *.test.yaml suites found under %s\n", strings.Join(orDot(paths), ", "))
	}
	rep, sig := runInterruptible(refs, opts)
	if sig != 0 {
		fmt.Fprintln(stdio.Stderr, "sfmd test: interrupted: the running commands were stopped and the sandboxes removed; nothing was written")
		return 128 + int(sig)
	}
	if f.format == "line" {
		runner.WriteLineColor(stdio.Stdout, rep, color)
	} else {
		runner.WriteErrors(stdio.Stderr, rep)
		runner.WriteHumanColor(stdio.Stdout, rep, color)
	}
	for _, s := range rep.Suites {
		for _, u := range s.Updated {
			fmt.Fprintf(stdio.Stderr, "sfmd test: updated %s\n", displayPath(stdio.Dir, u))
		}
		for _, n := range s.Notes {
			fmt.Fprintf(stdio.Stderr, "sfmd test: note: %s\n", n)
		}
	}
	status := ExitOK
	if rep.Failed > 0 {
		status = ExitFindings
	}
	var cr *runner.CoverReport
	if f.cover.on {
		cr = runner.Cover(rep, stdio.Dir, paths)
		if f.cover.write(cr, f.format, stdio) {
			status = max(status, ExitFindings)
		}
	}
	if rep.HasSuiteErrors() {
		status = ExitUsage
	}
	if msg := rep.RunMatchedNothing(opts); msg != "" {
		fmt.Fprintf(stdio.Stderr, "sfmd test: %s\n", msg)
		status = ExitUsage
	}
	if rep.HasInternalErrors() {
		fmt.Fprintln(stdio.Stderr, "sfmd test: internal error (the runtime emulation panicked, see the report); please report it with the suite and document")
		status = ExitInternal
	}
	for _, o := range outs {
		if err := writeReport(o.kind, o.path, rep, cr); err != nil {
			fmt.Fprintf(stdio.Stderr, "sfmd test: cannot write the %s report: %v\n", o.kind, err)
			status = max(status, ExitUsage)
		}
	}
	return status
}

// options checks the flags and turns them into the runner's options and
// the reports to write.
func (f *testFlags) options(stdio Stdio) (runner.Options, []reportOut, error) {
	opts := runner.Options{Update: f.update, Record: f.record, RecordUnsafe: f.recordUnsafe, HTTPTimeout: f.httpTimeout, Timeout: f.timeout, Jobs: f.jobs, Timings: f.timings}
	if f.recordUnsafe && !f.record {
		return opts, nil, fmt.Errorf("--record-unsafe only applies to --record")
	}
	if f.httpTimeout <= 0 {
		return opts, nil, fmt.Errorf("--http-timeout must be positive, got %s", f.httpTimeout)
	}
	secrets, err := f.secretsFor(stdio)
	if err != nil {
		return opts, nil, err
	}
	opts.Secrets = secrets
	limit, err := safeio.ParseSize(f.maxOut) // the one size grammar, as --max-file-size
	if err != nil {
		return opts, nil, fmt.Errorf("--max-output: %v", err)
	}
	opts.MaxOutput = limit
	switch f.execArg {
	case "fixtures":
	case "real":
		opts.ExecReal = true
		opts.PATH = stdio.Getenv("PATH")
		if opts.PATH == "" {
			opts.PATH = "/usr/local/bin:/usr/bin:/bin"
		}
	default:
		return opts, nil, fmt.Errorf("unknown --exec mode %q, expected one of \"fixtures\", \"real\"", f.execArg)
	}
	if err := f.isolation(&opts, stdio); err != nil {
		return opts, nil, err
	}
	if f.timeout <= 0 {
		return opts, nil, fmt.Errorf("--timeout must be positive, got %s", f.timeout)
	}
	if f.format != "text" && f.format != "line" {
		return opts, nil, fmt.Errorf("unknown --format %q, expected one of \"text\", \"line\"", f.format)
	}
	if f.runRE != "" {
		re, err := regexp.Compile(f.runRE)
		if err != nil {
			return opts, nil, fmt.Errorf("invalid --run regular expression %q: %v", f.runRE, err)
		}
		opts.Run = re
	}
	outs, err := parseReports(f.reports, stdio.Dir, &f.cover)
	if err != nil {
		return opts, nil, err
	}
	if err := f.cover.check(); err != nil {
		return opts, nil, err
	}
	opts.Cover = f.cover.on
	if ci := stdio.Getenv("CI"); isCI(ci) {
		if opts.Update {
			return opts, nil, fmt.Errorf("--update is refused under CI=%s: goldens must be reviewed and committed, not rewritten by CI; run it locally and commit the result", ci)
		}
		if opts.Record {
			return opts, nil, fmt.Errorf("--record is refused under CI=%s: CI replays fixtures offline and never rewrites suites; record locally and commit the result", ci)
		}
	}
	return opts, outs, nil
}

// isolation checks --isolation and, with --exec=real, decides how the
// commands run (and says so when a namespace is not available).
func (f *testFlags) isolation(opts *runner.Options, stdio Stdio) error {
	switch f.isolate {
	case runner.IsolationAuto, runner.IsolationNamespace, runner.IsolationNone:
		opts.Isolation = f.isolate
	default:
		return fmt.Errorf("unknown --isolation %q, expected one of \"auto\", \"namespace\", \"none\"", f.isolate)
	}
	if !opts.ExecReal {
		return nil
	}
	mode, note, err := runner.CheckIsolation(opts.Isolation)
	if err != nil {
		return fmt.Errorf("--isolation=%s: %v; use --isolation=none to run commands on the host paths", opts.Isolation, err)
	}
	if note != "" {
		first, _, _ := strings.Cut(note, "\n")
		fmt.Fprintf(stdio.Stderr, "sfmd test: --exec=real runs commands without a mount namespace (%s): they see host paths and the host's filesystem\n", first)
	}
	opts.Isolation = mode
	return nil
}

// runInterruptible runs the suites; SIGINT and SIGTERM stop the run
// cleanly (running commands and their whole process groups are killed,
// sandboxes removed, nothing written) and are returned.
func runInterruptible(refs []runner.SuiteRef, opts runner.Options) (*runner.Report, syscall.Signal) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var caught atomic.Int32
	go func() {
		select {
		case s := <-sigs:
			if s == syscall.SIGTERM {
				caught.Store(int32(syscall.SIGTERM))
			} else {
				caught.Store(int32(syscall.SIGINT))
			}
			cancel()
		case <-ctx.Done():
		}
	}()
	rep := runner.RunContext(ctx, refs, opts)
	if !rep.Interrupted {
		return rep, 0
	}
	return rep, syscall.Signal(caught.Load())
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

// writeReport writes a report file through a temporary file and a rename.
func writeReport(kind, path string, rep *runner.Report, cr *runner.CoverReport) error {
	var b bytes.Buffer
	var err error
	switch kind {
	case "junit":
		err = runner.WriteJUnit(&b, rep)
	case "cover":
		err = runner.WriteCoverJSON(&b, cr)
	default:
		err = runner.WriteJSON(&b, rep)
	}
	if err != nil {
		return err
	}
	return safeio.WriteFile(path, b.Bytes(), 0o644)
}

// isCI reports whether the CI variable says this is a CI run: any value
// but "", "false" and "0" (CI=true, CI=1, AppVeyor's CI=True, …).
func isCI(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "false", "0":
		return false
	}
	return true
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
