package lint

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"

	"github.com/sfmd-dev/sfmd/internal/cleanpath"
	"github.com/sfmd-dev/sfmd/internal/gctune"
	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/udiff"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Options configure one lint run (the flags of `sfmd lint`).
type Options struct {
	// Paths are files and directories. A directory means every .md file
	// under it, skipping hidden directories, node_modules and vendor. A
	// file is linted whatever its extension (pre-commit passes file
	// names). "-" reads Stdin. No paths means ".".
	//
	// Install manifests are JSON: a file whose name ends in .json is
	// checked by the rules of the manifest profile only (the SFMD parser
	// and the other rules never see it, and manifest rules never see an
	// SFMD document), and only when the manifest profile has an enabled
	// rule for it (config "profiles:" or --enable manifest); otherwise it
	// is skipped. In directories, the .json files linted are the install
	// manifests by name (manifest.json, install.json, string.json,
	// *.manifest.json) or by content (an object whose "files" array holds
	// objects); other JSON, such as package.json, is skipped silently.
	Paths []string
	// Dir is the working directory relative paths are resolved against;
	// "" means the process's.
	Dir string
	// Stdin is read for the path "-"; StdinFilename names it in messages
	// and for config lookup.
	Stdin         io.Reader
	StdinFilename string
	// Config is an explicit config file (--config) used for every file
	// instead of the discovered ones.
	Config string
	// Selection is --enable/--disable.
	Selection Selection
	// Jobs bounds the number of files processed at once (<= 0: GOMAXPROCS).
	Jobs int
	// Fix applies suggested fixes and rewrites files atomically; for
	// stdin, the fixed document goes to Report.Stdout.
	Fix FixMode
	// Diff computes the fixes (FixSafe when Fix is FixNone) without
	// writing anything: the result is in Report.Diffs.
	Diff bool
	// Parse parses one document; nil means sfmd.Parse.
	Parse func(path string, src []byte) *sfmd.Document
	// NoqaReason is the reason the comments of FixNoqa give ("" none).
	NoqaReason string
	// MaxFileSize caps the size of a document (--max-file-size): a larger
	// one is not read past its head nor checked, and gets a
	// file-too-large finding instead. 0 means the max-size option of rule
	// file-too-large in the config, or safeio.DefaultMaxSize (10 MiB).
	MaxFileSize int64
	// MinSeverity is the lowest severity reported (--min-severity; the
	// zero value, Info, reports everything). A finding below it is
	// hidden: left out of Report.Diagnostics, counted in Report.Hidden,
	// and its fixes are not applied, so that what --fix fixes is what
	// the run shows. ShowSelected exempts the rules the run enables
	// explicitly (Selection.Enable, or a profile the config adds to the
	// default ones): what a user turns on is shown whatever its severity.
	MinSeverity  Severity
	ShowSelected bool
	// NoHiddenCount says the caller does not read Report.Hidden: a rule
	// none of whose findings could be shown in a document (its Ceiling,
	// or its config's severity, below the document's minimum) is then
	// not run there, unless the document holds a suppression comment
	// (which a hidden finding may use) or the rule is required or draws
	// on the budget of optional work; Report.Hidden counts the hidden
	// findings of the rules run. What is shown, fixed and failing is the
	// same.
	NoHiddenCount bool
	// ConfigMinSeverity lets the min-severity of the config that applies
	// to a file take the place of MinSeverity and ShowSelected (set it
	// when --min-severity was not given: the flag wins over the config).
	ConfigMinSeverity bool
	// FailOn is --fail-on, the lowest severity that fails the run; nil
	// means the fail-on of the config that applies to a file, else Error.
	// Report.Failing counts the findings at or above it. A file's
	// MinSeverity is lowered to its fail-on: what fails the run is shown.
	FailOn *Severity
	// Output, when set, receives the findings while the run goes, in
	// batches: the shown findings of one file, in the order of
	// Report.Diagnostics (a finding a document's rule reports in another
	// file whose path sorts before the document's comes after the
	// document's own), with source, Report.Source for them. Each file's
	// findings are given, and released, once it and every file before it
	// are linted, so that the run's memory does not grow with the number
	// of files; Report.Diagnostics then stays empty and Report.Source
	// knows no file. Output is called from one goroutine at a time.
	Output func(diags []Diagnostic, source func(path string) []byte)
}

// maxFixRounds bounds the lint-fix-relint loop of one file (like ruff):
// conflicting fixes skipped in one round are applied in the next.
const maxFixRounds = 10

// UsageError is a problem with the command line (exit status 2).
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// fileError is a failure while linting one file: in Report.Errors a rule
// or the parser that failed or panicked, in Report.IOErrors a file that
// could not be read, or whose fixes could not be written.
type fileError struct {
	Path string
	Err  error
}

func (e *fileError) Error() string { return fmt.Sprintf("%s: %v", e.Path, e.Err) }
func (e *fileError) Unwrap() error { return e.Err }

// FileDiff is the unified diff of the fixes of one file (Options.Diff).
type FileDiff struct {
	Path string
	Diff string
}

// Report is the result of Run.
type Report struct {
	// Diagnostics sorted by path, line, column, rule, message, without
	// duplicates. With Fix or Diff they describe the fixed text.
	Diagnostics []Diagnostic
	Hidden      int      // findings below Options.MinSeverity, not reported
	Failing     int      // findings reported at or above the fail-on of their file (Options.FailOn)
	Files       int      // files linted
	Fixed       int      // fixes applied (or, with Diff, that would be)
	Changed     []string // files rewritten (or, with Diff, that would be), sorted
	Diffs       []FileDiff
	// Stdout is the fixed document read from stdin (Fix without Diff),
	// nil otherwise. For input over the size cap it is the start of the
	// input, unchanged, and StdoutRest the rest, to be copied after it.
	Stdout     []byte
	StdoutRest io.Reader
	// Errors are internal failures of single files (a rule or the
	// parser failed: a bug of sfmd); the other files were still linted.
	Errors []error
	// IOErrors are files that could not be read, or whose fixes were not
	// written (read-only, changed while being linted, a full disk…):
	// problems of the environment, not of sfmd, each with the reason.
	// A file whose fixes were not written keeps the findings of its text
	// as read.
	IOErrors []error
	// Registry has every rule's metadata (for formats, rules, explain).
	Registry *Registry

	abs       map[string]string // display path -> absolute path, for files with diagnostics
	heads     map[string][]byte // display path -> first line, for files over the size cap
	limits    map[string]int64  // display path -> size cap, for files with diagnostics
	stdinPath string
	stdinSrc  []byte
}

// Source returns the current content of the file a diagnostic names:
// the document read from stdin (fixed, with Fix), the first line of a
// file over the size cap, or the file on disk, read again. Only the
// diagnostics outlive the linting of a file, so a run's memory does not
// grow with the number of files; printing re-reads the few files that
// have findings (as actionlint does for snippets), within the size cap.
// It returns nil for unknown paths and unreadable files.
func (r *Report) Source(path string) []byte {
	if r.stdinPath != "" && path == r.stdinPath {
		return r.stdinSrc
	}
	if h, ok := r.heads[path]; ok {
		return h
	}
	abs, ok := r.abs[path]
	if !ok {
		return nil
	}
	src, _, err := safeio.ReadFile(abs, r.limits[path])
	if err != nil {
		return nil
	}
	return src
}

// addForeign records where the files of the findings of j that are in
// another file (a nav menu) are, for Source.
func (r *Report) addForeign(j *job, diags []Diagnostic) {
	for _, d := range diags {
		if d.Path == j.display || j.abs == "" {
			continue
		}
		if _, ok := r.abs[d.Path]; ok {
			continue
		}
		if rel, err := filepath.Rel(filepath.Dir(j.display), d.Path); err == nil {
			r.abs[d.Path] = filepath.Join(filepath.Dir(j.abs), rel)
			r.limits[d.Path] = r.limits[j.display]
		}
	}
}

// rule returns the metadata of the named rule, or nil.
func (r *Report) rule(name string) *Analyzer {
	if r.Registry == nil {
		return nil
	}
	return r.Registry.Lookup(name)
}

// stdinName is the display name of stdin without --stdin-filename.
const stdinName = "<stdin>"

type job struct {
	display string // path as shown
	abs     string // absolute path ("" for stdin without a filename)
	stdin   bool
	listed  bool // the walk listed it as a regular file (see safeio.ReadListed)
	set     *settings
	json    bool        // an install manifest: no SFMD parse, manifest rules only
	order   []*Analyzer // the rules to run: the file kind's part of set.order
	skip    []bool      // hiddenRules(order, set)

	tooLarge *safeio.TooLargeError // standard input over the size cap
}

// kindOrders splits the enabled rules of one settings value by document
// kind: SFMD documents get every profile but manifest, JSON manifests only
// the manifest profile (each with the shared analyses it requires).
type kindOrders struct {
	sfmd, json         []*Analyzer
	sfmdSkip, jsonSkip []bool // hiddenRules of each
}

func splitOrders(set *settings) kindOrders {
	var md, js []*Analyzer
	for _, a := range set.analyzers {
		if a.Profile == Manifest {
			js = append(js, a)
		} else {
			md = append(md, a)
		}
	}
	if len(js) == 0 {
		return kindOrders{sfmd: set.order, sfmdSkip: hiddenRules(set.order, set)}
	}
	var k kindOrders
	k.sfmd, _ = topo(md) // the registry was validated: no cycles
	k.json, _ = topo(js)
	k.sfmdSkip, k.jsonSkip = hiddenRules(k.sfmd, set), hiddenRules(k.json, set)
	return k
}

type fileResult struct {
	diags       []Diagnostic
	src         []byte         // final text (lintFile keeps it for stdin only)
	text        []byte         // with Options.Output, the file's text on disk when it has findings (jobSource)
	doc         *sfmd.Document // the final text's tree (checkInput.keepDoc)
	first       []Diagnostic   // the findings of the text as read (checkDoc)
	firstHidden int
	head        []byte // the first line of a file over the size cap
	limit       int64  // the size cap of the file
	hidden      int    // findings below Options.MinSeverity
	fixed       int
	changed     bool
	diff        string
	stdout      []byte
	err         error  // a failure of sfmd (Report.Errors)
	ioErr       error  // a failure of the environment (Report.IOErrors)
	release     func() // ends the file's gctune.Hold; take calls it
}

type linter struct {
	opts  Options
	reg   *Registry
	parse func(string, []byte) *sfmd.Document
	stdin []byte
	ws    *workspaceShared
	// hold is gctune.Hold (a test counts the holds and releases)
	hold func(n int) (release func())
	// pathErrs are the paths named that cannot be linted (missing, not
	// a regular file): reported in Report.IOErrors, before the files'.
	pathErrs []error
}

// Run lints the files named by opts with analyzers. It returns an error
// (a *UsageError, ConfigErrors, or an internal error for invalid
// analyzers) only when nothing could be linted; failures of single files
// are in Report.Errors.
func Run(opts Options, analyzers []*Analyzer) (*Report, error) {
	l, next, err := start(opts, analyzers)
	if err != nil {
		return nil, err
	}
	return l.lintAll(next)
}

// start loads the configs of a run and resolves its paths into a stream
// of jobs.
func start(opts Options, analyzers []*Analyzer) (*linter, nextJob, error) {
	reg, cwd, finder, err := configSetup(opts, analyzers)
	if err != nil {
		return nil, nil, err
	}
	l := &linter{opts: opts, reg: reg, parse: opts.Parse, hold: gctune.Hold}
	if l.parse == nil {
		l.parse = sfmd.Parse
	}
	if l.parse == nil {
		return nil, nil, errors.New("no SFMD parser is linked in")
	}
	l.opts.Dir = cwd
	l.ws = newWorkspaceShared(l.parse, cwd)
	finder.listed = l.ws.listed
	next, err := l.discover(finder)
	if err != nil {
		return nil, nil, err
	}
	return l, next, nil
}

// newArena returns the arena a worker parses its files from, nil for
// none: with a parser of Options.Parse, or SFMD_DEBUG_ARENA=off.
// SFMD_DEBUG_ARENA=poison overwrites what is released with garbage
// (sfmd.Arena.PoisonOnRelease): a document read after its file's check
// then changes the findings.
func (l *linter) newArena() *sfmd.Arena {
	if l.opts.Parse != nil {
		return nil
	}
	switch os.Getenv("SFMD_DEBUG_ARENA") {
	case "off":
		return nil
	case "poison":
		a := sfmd.NewArena()
		a.PoisonOnRelease()
		return a
	}
	return sfmd.NewArena()
}

// lintAll lints the jobs next gives and makes the run's report.
func (l *linter) lintAll(next nextJob) (*Report, error) {
	opts := l.opts
	n := opts.Jobs
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	rep := &Report{Registry: l.reg, abs: map[string]string{}, heads: map[string][]byte{}, limits: map[string]int64{}}
	rep.IOErrors = append(rep.IOErrors, l.pathErrs...)
	if opts.Output == nil {
		rep.Diagnostics = []Diagnostic{}
	}
	if err := newEmitter(l, rep).run(n, next); err != nil {
		return nil, err
	}
	rep.Diagnostics = sortDiagnostics(rep.Diagnostics)
	sort.Strings(rep.Changed)
	sort.Slice(rep.Diffs, func(i, j int) bool { return rep.Diffs[i].Path < rep.Diffs[j].Path })
	return rep, nil
}

// lintFile reads one file (or stdin), checks it with checkDoc and, with
// fixes, rewrites it, or gives its diff or fixed text. Only the
// diagnostics and the source lines they point at outlive it: the
// documents it parses come from arena (when not nil), released on
// return.
func (l *linter) lintFile(j *job, arena *sfmd.Arena) (res *fileResult) {
	res = &fileResult{}
	release := func() {}
	defer func() {
		if r := recover(); r != nil {
			res = &fileResult{err: fmt.Errorf("internal error: %v", r)}
		}
		res.release = release
		if j.stdin && res.stdout == nil && l.opts.Fix != FixNone && !l.opts.Diff {
			// An editor replaces its buffer with our output: on failure
			// give the input back unchanged rather than nothing.
			res.stdout = l.stdin
		}
	}()
	orig, info, tl, ok := l.read(j, res)
	if !ok {
		return res
	}
	// a large document raises the collector's floor until its findings
	// are taken (emitter.take): see internal/gctune
	if l.hold != nil {
		release = l.hold(len(orig))
	}
	mode := l.opts.Fix
	if l.opts.Diff && mode == FixNone {
		mode = FixSafe
	}
	in := checkInput{j: j, src: orig, tooLarge: tl, mode: mode}
	if arena != nil {
		in.parse = arena.Parse
		defer arena.Release()
	}
	if j.abs != "" {
		ws := &Workspace{shared: l.ws, dir: cleanpath.Dir(j.abs)}
		in.ws = func([]byte) *Workspace { return ws }
	}
	res = l.checkDoc(in)
	src := res.src
	if !j.stdin {
		res.src = nil // the final text is kept for stdin only
	}
	if res.head != nil {
		return res
	}
	changed := res.fixed > 0 && string(orig) != string(src)
	switch {
	case l.opts.Diff:
		res.changed = changed
		if changed {
			p := filepath.ToSlash(j.display)
			res.diff = udiff.Unified(string(orig), string(src), "a/"+p, "b/"+p)
		}
	case j.stdin && mode != FixNone:
		res.stdout = src
		res.changed = changed
	case changed:
		if err := safeio.ReplaceFile(j.abs, src, info, orig); err != nil {
			// the file keeps the text as read, and so do the findings
			res.ioErr = notFixed(err)
			res.diags, res.hidden, res.fixed = res.first, res.firstHidden, 0
		} else {
			res.changed = true
		}
	}
	res.first = nil
	if l.opts.Output != nil && len(res.diags) > 0 && !j.stdin {
		// the text on disk now, the file's source for Output
		res.text = orig
		if res.changed && !l.opts.Diff {
			res.text = src
		}
	}
	return res
}
