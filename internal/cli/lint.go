package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/lint/format"
)

func init() {
	register("lint", "check documents for mistakes (pre-commit, editors, CI)", runLint)
	register("rules", "list the lint rules", runRules)
	register("explain", "explain a lint rule with examples", runExplain)
}

// ruleSet returns the rules sfmd lint runs; lint_rules.go wires the rules
// package in. unused-suppression, owned by the engine, is always added.
var ruleSet = func() []*lint.Analyzer { return nil }

func analyzers() []*lint.Analyzer {
	rs := ruleSet()
	for _, a := range rs {
		if a == lint.UnusedSuppression {
			return rs
		}
	}
	return append(append([]*lint.Analyzer(nil), rs...), lint.UnusedSuppression)
}

// listFlag collects comma-separated values of a repeatable flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error {
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			*l = append(*l, x)
		}
	}
	return nil
}

// parseFlags parses flags placed anywhere among the arguments ("sfmd lint
// a.md --fix"), stopping at "--". It returns the positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > 0 && len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// newFlagSet returns the flag set of a subcommand; its Usage writes to
// fs.Output(), which parseArgs points at stdout or stderr.
func newFlagSet(name string, usageLine string, notes ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: %s\n", usageLine)
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintf(w, "\nFlags:\n")
			fs.PrintDefaults()
		}
		for _, n := range notes {
			fmt.Fprintf(w, "\n%s", n)
		}
	}
	return fs
}

// parseArgs parses the flags of a subcommand, anywhere among the other
// arguments when anywhere is set (see parseFlags), else before them. Help
// asked for (-h, --help) is printed once, on stdout, and ends the command
// with ExitOK; a bad flag is reported on stderr with the one line that
// says how to get the usage (not the whole usage, which buries the error)
// and ends it with ExitUsage. ok is false when the command must return status.
func parseArgs(fs *flag.FlagSet, args []string, anywhere bool, stdio Stdio) (rest []string, status int, ok bool) {
	usage := fs.Usage
	fs.Usage = func() {} // the flag package would print it on every error; done below
	fs.SetOutput(stdio.Stderr)
	var err error
	if anywhere {
		rest, err = parseFlags(fs, args)
	} else {
		err = fs.Parse(args)
		rest = fs.Args()
	}
	fs.Usage = usage
	switch {
	case err == nil:
		return rest, ExitOK, true
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdio.Stdout)
		fs.Usage()
		return nil, ExitOK, false
	}
	fmt.Fprintf(stdio.Stderr, "Run 'sfmd %s -h' for the flags.\n", fs.Name()) // after the flag package's message
	return nil, ExitUsage, false
}

const lintNotes = `Exit status: 0 nothing reaches --fail-on, 1 something does, 2 usage or
config error, or a file that could not be read or fixed, 3 internal failure.

Config: the nearest .sfmd.yaml (or .sfmd.yml) between a document and the
repository root applies to it:

  profiles: [core, runtime, project]  # default; also package, manifest, style
  rules:
    param-unused: off            # off | on | error | warning | info
  ignore: ["drafts/**"]          # globs relative to the config file
  overrides:
    - files: ["legacy/**"]
      rules: {param-unused: info}
  min-severity: warning          # --min-severity wins
  fail-on: error                 # --fail-on wins
  extend: ../.sfmd.yaml          # inherit this file; this one wins

--show-settings FILE prints the settings that apply to FILE.

Suppress in a document (the reason after "--" is optional):

  <!-- sfmd-disable-next-line RULE[,RULE] -- reason -->
  <!-- sfmd-disable-next-block RULE -->     (the next fenced block or paragraph)
  <!-- sfmd-disable-line RULE -->
  <!-- sfmd-disable RULE --> ... <!-- sfmd-enable RULE -->
  <!-- sfmd-disable-file RULE -->           (RULE may be "all")

Suppressions that suppress nothing are reported as unused-suppression.
--add-noqa[=REASON] writes one for each finding shown (--diff shows them).
`

// noqaFlag is --add-noqa, alone or with a reason (--add-noqa=REASON).
type noqaFlag struct {
	on     bool
	reason string
}

func (n *noqaFlag) String() string { return n.reason }

// IsBoolFlag lets --add-noqa stand without a value.
func (n *noqaFlag) IsBoolFlag() bool { return true }

func (n *noqaFlag) Set(s string) error {
	switch s {
	case "true":
		n.on, n.reason = true, ""
	case "false":
		n.on, n.reason = false, ""
	default:
		n.on, n.reason = true, strings.TrimSpace(s)
	}
	return nil
}

// lintFlags are the flags of sfmd lint.
type lintFlags struct {
	format, color, config, failOn, minSeverity, stdinFilename *string
	maxFileSize, showSettings                                 *string
	fix, unsafeFixes, diff, exitZero                          *bool
	jobs                                                      *int
	enable, disable                                           listFlag
	noqa                                                      noqaFlag
	outputFiles                                               outputFiles
	minSeverityGiven, failOnGiven                             bool // --min-severity, --fail-on were on the command line
}

func newLintFlags() (*flag.FlagSet, *lintFlags) {
	fs := newFlagSet("lint", "sfmd lint [flags] [paths...]   (paths default to \".\"; \"-\" reads stdin)", lintNotes)
	f := &lintFlags{
		format:        fs.String("format", "", "output format: "+strings.Join(format.Names(), ", ")+" (default text on a terminal, line otherwise)"),
		color:         fs.String("color", "auto", "colour output: auto, always or never (auto honours NO_COLOR)"),
		fix:           fs.Bool("fix", false, "apply safe fixes and rewrite the files"),
		unsafeFixes:   fs.Bool("unsafe-fixes", false, "with --fix or --diff, also apply unsafe fixes"),
		diff:          fs.Bool("diff", false, "print the fixes as a unified diff instead of applying them (exit 1 when there is something to fix)"),
		config:        fs.String("config", "", "use this config file for every document instead of the nearest .sfmd.yaml"),
		failOn:        fs.String("fail-on", "error", "lowest severity that makes the exit status 1: error, warning or info (wins over fail-on in .sfmd.yaml)"),
		minSeverity:   fs.String("min-severity", "warning", "lowest severity shown: error, warning or info (never above --fail-on; wins over min-severity in .sfmd.yaml)"),
		showSettings:  fs.String("show-settings", "", "print the settings that apply to the document `FILE` (config files, profiles, rules, min-severity, fail-on) and lint nothing"),
		exitZero:      fs.Bool("exit-zero", false, "exit 0 even when diagnostics reach --fail-on"),
		jobs:          fs.Int("jobs", 0, "number of files linted in parallel (default: number of CPUs)"),
		stdinFilename: fs.String("stdin-filename", "", "name of the document read from \"-\", for messages and config lookup"),
		maxFileSize:   fs.String("max-file-size", "", "largest document checked, such as 20M (default: the max-size option of rule file-too-large, else 10M); larger ones get a file-too-large finding"),
	}
	fs.Var(&f.enable, "enable", "enable rules or profiles (comma-separated, repeatable; \"all\" for every rule)")
	fs.Var(&f.disable, "disable", "disable rules or profiles (comma-separated, repeatable)")
	fs.Var(&f.noqa, "add-noqa", "write the suppression comment that hides each finding shown into the files (--add-noqa=REASON gives it a reason); with --diff, print them instead")
	fs.Var(&f.outputFiles, "output-file", "also write the findings in `FORMAT=PATH`, such as sarif=sfmd.sarif (repeatable; the file is replaced atomically at the end of the run)")
	return fs, f
}

// lintRun is a checked sfmd lint command line.
type lintRun struct {
	opts            lint.Options
	format          string
	color           bool
	fix, diff, noqa bool
	stdinMode       bool // a path is "-"
	outputFiles     outputFiles
}

// check validates the flags and turns them into a lintRun; its errors are
// usage errors.
func (f *lintFlags) check(paths []string, stdio Stdio) (*lintRun, error) {
	if len(paths) == 0 && *f.stdinFilename != "" {
		paths = []string{"-"} // an editor naming the buffer means stdin
	}
	failSev, err := lint.ParseSeverity(*f.failOn)
	if err != nil {
		return nil, fmt.Errorf("--fail-on: %v", err)
	}
	minSev, err := lint.ParseSeverity(*f.minSeverity)
	if err != nil {
		return nil, fmt.Errorf("--min-severity: %v", err)
	}
	minSev = min(minSev, failSev) // whatever fails the run is shown
	name := *f.format
	if name == "" {
		name = "line"
		if stdio.IsTerminal {
			name = "text"
		}
	}
	if !validFormat(name) {
		return nil, fmt.Errorf("unknown format %q, %s", name, suggest.DidYouMean(name, format.Names(), "expected one of "+quoted(format.Names())))
	}
	color, err := useColor(*f.color, stdio)
	if err != nil {
		return nil, err
	}
	if *f.unsafeFixes && !*f.fix && !*f.diff {
		return nil, errors.New("--unsafe-fixes needs --fix or --diff")
	}
	if f.noqa.on && (*f.fix || *f.unsafeFixes) {
		return nil, errors.New("--add-noqa suppresses the findings --fix would fix; run sfmd lint --fix first, then --add-noqa")
	}
	if r := f.noqa.reason; strings.Contains(r, "-->") || strings.ContainsAny(r, "\r\n") {
		return nil, errors.New("--add-noqa: the reason goes into an HTML comment: one line, without \"-->\"")
	}
	if *f.jobs < 0 {
		return nil, fmt.Errorf("--jobs must be positive, got %d", *f.jobs)
	}
	var maxSize int64
	if *f.maxFileSize != "" {
		if maxSize, err = lint.ParseMaxSize(*f.maxFileSize); err != nil {
			return nil, fmt.Errorf("--max-file-size: %v", err)
		}
	}
	if *f.diff && len(f.outputFiles) > 0 {
		return nil, errors.New("--output-file writes findings, --diff writes fixes: use one or the other")
	}
	r := &lintRun{format: name, color: color, fix: *f.fix || f.noqa.on, diff: *f.diff, noqa: f.noqa.on, outputFiles: f.outputFiles}
	r.opts = lint.Options{
		Paths:         paths,
		Dir:           stdio.Dir,
		Stdin:         stdio.Stdin,
		StdinFilename: *f.stdinFilename,
		Config:        *f.config,
		Selection:     lint.Selection{Enable: f.enable, Disable: f.disable},
		Jobs:          *f.jobs,
		Diff:          *f.diff,
		MaxFileSize:   maxSize,
		// findings below --min-severity are neither shown nor fixed; what
		// --enable turns on is shown unless --min-severity is given; the
		// flags win over min-severity and fail-on in the config
		MinSeverity:       minSev,
		ShowSelected:      !f.minSeverityGiven,
		ConfigMinSeverity: !f.minSeverityGiven,
		// only the text format tells the number of findings hidden
		// (run's summary line): the others let the rules none of
		// whose findings could be shown not run
		NoHiddenCount: name != "text",
	}
	if f.failOnGiven {
		r.opts.FailOn = &failSev
	}
	if *f.fix || *f.diff {
		r.opts.Fix = lint.FixSafe
		if *f.unsafeFixes {
			r.opts.Fix = lint.FixUnsafe
		}
	}
	if f.noqa.on {
		r.opts.Fix, r.opts.NoqaReason = lint.FixNoqa, f.noqa.reason
	}
	for _, p := range paths {
		if p == "-" {
			r.stdinMode = true
		}
	}
	return r, nil
}

func runLint(args []string, stdio Stdio) int {
	fs, f := newLintFlags()
	paths, exit, ok := parseArgs(fs, args, true, stdio)
	if !ok {
		return exit
	}
	fs.Visit(func(fl *flag.Flag) {
		f.minSeverityGiven = f.minSeverityGiven || fl.Name == "min-severity"
		f.failOnGiven = f.failOnGiven || fl.Name == "fail-on"
	})
	r, err := f.check(paths, stdio)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "sfmd lint: %v\n", err)
		return ExitUsage
	}
	if *f.showSettings != "" {
		if err := showSettings(stdio, r.opts, *f.showSettings, paths); err != nil {
			return runError(stdio, err)
		}
		return ExitOK
	}
	out := bufio.NewWriter(stdio.Stdout)
	ctx, closeSummary := r.formatContext(stdio)
	defer closeSummary()
	outs, err := r.newOutputs(out, ctx)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "sfmd lint: %v\n", err)
		return ExitUsage
	}
	r.opts.Output = outs.write
	rep, err := lint.Run(r.opts, analyzers())
	if err != nil {
		outs.discard()
		return runError(stdio, err)
	}
	if rep == nil { // --show-settings
		return ExitOK
	}
	if rep.Files == 0 {
		hint := ""
		for _, p := range r.opts.Paths {
			if strings.HasSuffix(p, ".json") {
				hint = "; .json install manifests are linted with --enable manifest"
				break
			}
		}
		fmt.Fprintf(stdio.Stderr, "sfmd lint: no documents to lint (no .md files found, or all ignored by .sfmd.yaml)%s\n", hint)
	}
	var status int
	if r.diff {
		status, err = r.writeDiffs(out, stdio, rep)
	} else {
		status, err = r.writeDiagnostics(out, stdio, rep, outs, ctx)
	}
	if err == nil {
		err = out.Flush()
	}
	if ferr := outs.finishFiles(); err == nil {
		err = ferr
	}
	if err != nil {
		return writeFailed(stdio, err)
	}
	if *f.exitZero {
		status = ExitOK
	}
	return fileErrors(stdio, rep, status)
}

// registeredRules are the rules of the run, for SARIF's rule
// descriptors (nil if the rule set is invalid, which lint.Run reports).
// It validates the rule set, as lint.Run does once more: 0.2 ms of
// start-up, spent only when an output is sarif (wantsRules).
func registeredRules() []*lint.Analyzer {
	reg, err := lint.NewRegistry(analyzers())
	if err != nil {
		return nil
	}
	return reg.Rules()
}

// runError reports an error of lint.Run, which linted nothing.
func runError(stdio Stdio, err error) int {
	var ue *lint.UsageError
	var ce lint.ConfigErrors
	switch {
	case errors.As(err, &ue):
		fmt.Fprintf(stdio.Stderr, "sfmd lint: %v\n", err)
		return ExitUsage
	case errors.As(err, &ce):
		fmt.Fprintln(stdio.Stderr, err)
		return ExitUsage
	}
	fmt.Fprintf(stdio.Stderr, "sfmd lint: internal error: %v\n", err)
	return ExitInternal
}

// wantsRules reports whether an output of r reads format.Context.Rules:
// sarif's rule descriptors (no other format has them).
func (r *lintRun) wantsRules() bool {
	if r.format == "sarif" {
		return true
	}
	for _, f := range r.outputFiles {
		if f.format == "sarif" {
			return true
		}
	}
	return false
}

// formatContext is the context of the --format output; close closes the
// step summary it may have opened.
func (r *lintRun) formatContext(stdio Stdio) (ctx format.Context, close func()) {
	ctx = format.Context{
		Color:       r.color,
		ToolVersion: Version,
	}
	if r.wantsRules() {
		ctx.Rules = registeredRules()
	}
	close = func() {}
	if r.format == "github" && !r.diff {
		if p := stdio.Getenv("GITHUB_STEP_SUMMARY"); p != "" {
			f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
			if err == nil {
				close = func() { _ = f.Close() }
				ctx.Summary = f
			}
		}
	}
	return ctx, close
}

// fileErrors reports the files that could not be checked or fixed: a
// failure of sfmd itself (a rule or the parser failed) is ExitInternal,
// one of the environment (unreadable file, fixes not written) ExitUsage,
// with the reason; otherwise status stands.
func fileErrors(stdio Stdio, rep *lint.Report, status int) int {
	for _, e := range rep.IOErrors {
		fmt.Fprintf(stdio.Stderr, "sfmd lint: %v\n", e)
	}
	if len(rep.IOErrors) > 0 {
		status = ExitUsage
	}
	if len(rep.Errors) > 0 {
		for _, e := range rep.Errors {
			fmt.Fprintf(stdio.Stderr, "sfmd lint: %v\n", e)
		}
		fmt.Fprintln(stdio.Stderr, "sfmd lint: some files could not be checked completely; please report rule failures with the input that caused them")
		status = ExitInternal
	}
	return status
}

// writeDiffs prints the fixes as unified diffs (--diff); something to fix
// makes the status ExitFindings.
func (r *lintRun) writeDiffs(out io.Writer, stdio Stdio, rep *lint.Report) (int, error) {
	for _, d := range rep.Diffs {
		if _, err := io.WriteString(out, d.Diff); err != nil {
			return 0, err
		}
	}
	if len(rep.Diffs) == 0 {
		return ExitOK, nil
	}
	if r.noqa {
		fmt.Fprintf(stdio.Stderr, "sfmd lint: --add-noqa would suppress %s in %s\n", plural(rep.Fixed, "finding", "findings"), plural(len(rep.Changed), "file", "files"))
		return ExitFindings, nil
	}
	flags := "--fix"
	if r.opts.Fix == lint.FixUnsafe {
		flags = "--fix --unsafe-fixes"
	}
	fmt.Fprintf(stdio.Stderr, "sfmd lint: %s would fix %s in %s\n", flags, plural(rep.Fixed, "problem", "problems"), plural(len(rep.Changed), "file", "files"))
	return ExitFindings, nil
}

// writeDiagnostics prints the diagnostics in the chosen format (and, for
// --fix on stdin, the fixed document before them); a diagnostic at or
// above --fail-on makes the status ExitFindings.
func (r *lintRun) writeDiagnostics(out io.Writer, stdio Stdio, rep *lint.Report, outs *lintOutputs, ctx format.Context) (int, error) {
	diagOut := out
	if r.stdinMode && r.fix {
		// The fixed document is the output; diagnostics go to stderr.
		if _, err := out.Write(rep.Stdout); err != nil {
			return 0, err
		}
		if rep.StdoutRest != nil { // input over the size cap, given back as it came
			if _, err := io.Copy(out, rep.StdoutRest); err != nil {
				return 0, err
			}
		}
		diagOut = stdio.Stderr
	}
	if outs.hold {
		ctx.Source = outs.heldSource
		if err := format.Write(diagOut, r.format, outs.held, ctx); err != nil {
			return 0, err
		}
	} else if err := outs.closeMain(); err != nil {
		return 0, err
	}
	hidden := rep.Hidden
	if r.noqa && rep.Fixed > 0 && !r.stdinMode {
		fmt.Fprintf(stdio.Stderr, "sfmd lint: suppressed %s in %s\n", plural(rep.Fixed, "finding", "findings"), plural(len(rep.Changed), "file", "files"))
	} else if r.fix && rep.Fixed > 0 && !r.stdinMode {
		fmt.Fprintf(stdio.Stderr, "sfmd lint: fixed %s in %s\n", plural(rep.Fixed, "problem", "problems"), plural(len(rep.Changed), "file", "files"))
	}
	if hidden > 0 && r.format == "text" {
		fmt.Fprintf(stdio.Stderr, "sfmd lint: %s below min-severity not shown (--min-severity info shows them)\n",
			plural(hidden, "diagnostic", "diagnostics"))
	}
	if rep.Failing > 0 { // at or above the fail-on of their file
		return ExitFindings, nil
	}
	return ExitOK, nil
}

// writeFailed reports output that could not be written (a closed pipe, a
// full disk): a problem of the environment.
func writeFailed(stdio Stdio, err error) int {
	fmt.Fprintf(stdio.Stderr, "sfmd lint: writing output: %v\n", err)
	return ExitUsage
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// quoted renders names as "a", "b", "c".
func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

func validFormat(name string) bool {
	for _, n := range format.Names() {
		if n == name {
			return true
		}
	}
	return false
}

// useColor decides on ANSI colours: --color always/never win; auto colours
// a terminal unless NO_COLOR is set (https://no-color.org) or TERM=dumb.
func useColor(mode string, stdio Stdio) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
		return stdio.IsTerminal && stdio.Getenv("NO_COLOR") == "" && stdio.Getenv("TERM") != "dumb", nil
	}
	return false, fmt.Errorf("--color: unknown mode %q, expected one of \"auto\", \"always\", \"never\"", mode)
}
