// Package runner is the `sfmd test` harness: it loads *.test.yaml suites
// (test-format.md), runs each step through the runtime emulation
// (model) against offline HTTP and CLI fixtures inside a
// sandbox directory, compares outputs, variables and files with goldens,
// and reports the results (human, line, JUnit, JSON). It decides no exit
// status: the command line does.
package runner

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/gitignore"
	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/internal/udiff"
	"github.com/sfmd-dev/sfmd/model"
	"go.yaml.in/yaml/v3"
)

// DefaultTimeout is the --exec=real command timeout (the runtime's).
const DefaultTimeout = 120 * time.Second

// Options configure a run.
type Options struct {
	Update bool // rewrite goldens instead of failing on a mismatch
	Record bool // send requests for real and write them into the suites
	// RecordUnsafe lets Record send methods other than GET, HEAD and
	// OPTIONS.
	RecordUnsafe bool
	// HTTPTimeout bounds one request of Record; 0 means
	// DefaultHTTPTimeout.
	HTTPTimeout time.Duration
	// Secrets gives the value a suite env name takes instead of the
	// suite's (the real key, from the environment or an env file outside
	// the repository), "" for none; recordings hold it as $NAME.
	Secrets  func(name string) string
	ExecReal bool           // run CLI commands with /bin/bash -c
	Timeout  time.Duration  // per command with ExecReal; 0 means DefaultTimeout
	Jobs     int            // suites in parallel; <1 means 1
	Run      *regexp.Regexp // select tests by name; nil means all
	PATH     string         // PATH for real commands
	TempDir  string         // parent of the sandboxes; "" means os.TempDir()
	Cover    bool           // record what the calls reach (cover.go)
	// MaxOutput caps what one real command may print; 0 means
	// DefaultMaxOutput.
	MaxOutput int64
	// Isolation of real commands: IsolationAuto (""), IsolationNamespace
	// or IsolationNone.
	Isolation string
	// Timings adds durations and timestamps to the JUnit and JSON
	// reports; without it they are byte-identical from run to run.
	Timings bool
}

// Status of a test.
type Status string

const (
	Passed  Status = "passed"
	Failed  Status = "failed"
	Skipped Status = "skipped"
)

// Failure kinds: fixture problems (the step did not do what the fixtures
// say) are JUnit errors; the others are assertion failures.
const (
	KindFixture   = "fixture"
	KindAssertion = "assertion"
	KindSandbox   = "sandbox"
	KindRuntime   = "runtime"
)

// Failure is one problem of a step.
type Failure struct {
	Step    int    `json:"step"`
	Run     string `json:"run"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Diff    string `json:"diff,omitempty"`
}

// What a failure shows at most (every report prints it): the first
// failHead and the last failTail lines of its message and of its diff,
// each cut after failWidth bytes, with a count of what was left out.
const (
	failHead  = 50
	failTail  = 50
	failWidth = 1000
)

// bound clips the message and the diff (udiff.Clip), so that a test whose
// output is megabytes prints a few kilobytes.
func (f *Failure) bound() {
	f.Message = udiff.Clip(f.Message, failHead, failTail, failWidth)
	f.Diff = udiff.Clip(f.Diff, failHead, failTail, failWidth)
}

// TestResult is the outcome of one test.
type TestResult struct {
	Name     string        `json:"name"`
	Line     int           `json:"line"`
	Col      int           `json:"col"`
	Status   Status        `json:"status"`
	Skip     string        `json:"skip,omitempty"`
	Failures []*Failure    `json:"failures,omitempty"`
	Duration time.Duration `json:"-"`
}

// SuiteResult is the outcome of one suite.
type SuiteResult struct {
	Path     string        `json:"path"`
	Document string        `json:"document,omitempty"`
	Errors   []*SuiteError `json:"-"`
	Tests    []*TestResult `json:"tests"`
	Updated  []string      `json:"updated,omitempty"` // files --update rewrote
	// Notes are what --record found suspicious in what it recorded
	// (pathNotes).
	Notes    []string       `json:"-"`
	Duration time.Duration  `json:"-"`
	Started  time.Time      `json:"-"`
	suite    *suite         // nil when it failed to load
	edits    []scalarEdit   // pending inline output updates
	records  []recordEdit   // pending --record rewrites
	goldens  map[string]int // golden path → index in writes
	writes   []goldenWrite
	cover    *suiteCover // with Options.Cover
	// paths: with --record, per action, the Response paths its template
	// read in the recorded responses, true when one had it.
	paths map[string]map[string]bool
}

type goldenWrite struct {
	path    string // in the suite's tree
	display string // as written in the suite
	data    []byte
	// the golden as the run read it, which the write replaces only if it
	// is still that file with that text; info is nil when the golden did
	// not exist, and the write creates it only if it still does not
	old  []byte
	info *safeio.Info
}

// Report is the outcome of a whole run, suites in path order.
type Report struct {
	Suites   []*SuiteResult
	Passed   int
	Failed   int
	Skipped  int
	Duration time.Duration
	// Interrupted: the run was cancelled; the running commands were
	// stopped, the sandboxes removed, nothing was written by --update or
	// --record, and the tests not yet run are missing.
	Interrupted bool
	// Isolation is how real commands ran (IsolationNamespace or
	// IsolationNone; "" without --exec=real); IsolationNote says why a
	// namespace could not be used.
	Isolation     string
	IsolationNote string
	timings       bool
}

// RunMatchedNothing explains why a run with Options.Run selected no test
// of the suites it loaded ("" when it selected one, or when a suite did
// not load): a pattern that matches nothing tests nothing, and is most
// likely misspelt, so it is an error rather than a pass.
func (r *Report) RunMatchedNothing(opts Options) string {
	if opts.Run == nil || r.Interrupted || r.HasSuiteErrors() || r.Passed+r.Failed+r.Skipped > 0 {
		return ""
	}
	var names []string
	for _, s := range r.Suites {
		if s.suite != nil {
			for _, t := range s.suite.Tests {
				names = append(names, t.Name)
			}
		}
	}
	msg := fmt.Sprintf("--run %q matches no test", opts.Run.String())
	switch {
	case len(names) == 0:
		return msg + ": the suites have none"
	case len(names) > 10:
		return msg + "; the tests are " + suggest.QuoteList(names[:10]) + ", …"
	}
	return msg + "; the tests are " + suggest.QuoteList(names)
}

// HasSuiteErrors reports whether any suite could not be loaded.
func (r *Report) HasSuiteErrors() bool {
	for _, s := range r.Suites {
		if len(s.Errors) > 0 {
			return true
		}
	}
	return false
}

// HasInternalErrors reports whether the runtime emulation failed in a way
// that is a bug of sfmd (a panic), not of a suite or the environment.
func (r *Report) HasInternalErrors() bool {
	for _, s := range r.Suites {
		for _, t := range s.Tests {
			for _, f := range t.Failures {
				if f.Kind == KindRuntime {
					return true
				}
			}
		}
	}
	return false
}

// SuiteRef names a suite file.
type SuiteRef struct {
	Abs     string // for file access
	Display string // for messages
}

// Discover finds every *.test.yaml / *.test.yml under roots (files are
// taken as they are), skipping hidden folders, node_modules, vendor and
// what git ignores (.gitignore, .git/info/exclude) below a root. base
// resolves relative roots ("" means the process's directory).
func Discover(base string, roots []string) ([]SuiteRef, error) {
	if len(roots) == 0 {
		roots = []string{"."}
	}
	ignored := gitignore.New().Ignored
	var out []SuiteRef
	seen := map[string]bool{}
	add := func(abs, display string) {
		if !seen[abs] {
			seen[abs] = true
			out = append(out, SuiteRef{Abs: abs, Display: filepath.ToSlash(display)})
		}
	}
	for _, root := range roots {
		abs := root
		if !filepath.IsAbs(root) && base != "" {
			abs = filepath.Join(base, root)
		}
		st, err := os.Stat(abs)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file or directory; check the path", root)
		} else if err != nil {
			return nil, fmt.Errorf("%s: %v", root, cause(err))
		}
		if !st.IsDir() {
			if !suitespec.IsSuiteName(abs) {
				return nil, fmt.Errorf("%s: not a test suite; suites are named *.test.yaml or *.test.yml", root)
			}
			add(abs, root)
			continue
		}
		err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() {
				if p != abs && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "vendor" || ignored(p, true)) {
					return filepath.SkipDir
				}
				return nil
			}
			if suitespec.IsSuiteName(name) && d.Type().IsRegular() && !ignored(p, false) {
				rel, rerr := filepath.Rel(abs, p)
				if rerr != nil {
					return rerr
				}
				add(p, filepath.Join(root, rel))
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %v", root, err)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Display < out[j].Display })
	return out, nil
}

// Run loads and runs the suites, in parallel across suites and in order
// within each, and returns the report in suite order.
func Run(refs []SuiteRef, opts Options) *Report {
	return RunContext(context.Background(), refs, opts)
}

// ErrNoNamespace is returned by CheckIsolation when IsolationNamespace was
// asked for and the platform does not allow it.
var ErrNoNamespace = errors.New("mount namespaces are not available")

// CheckIsolation resolves opts.Isolation for --exec=real: the mode real
// commands will run in, and why a namespace is not used (for auto).
func CheckIsolation(mode string) (string, string, error) {
	switch mode {
	case IsolationNone:
		return IsolationNone, "", nil
	case "", IsolationAuto, IsolationNamespace:
	default:
		return "", "", fmt.Errorf("unknown isolation %q, expected one of %q, %q, %q", mode, IsolationAuto, IsolationNamespace, IsolationNone)
	}
	ok, why := namespacesWork()
	switch {
	case ok:
		return IsolationNamespace, "", nil
	case mode == IsolationNamespace:
		return "", "", fmt.Errorf("%w: %s", ErrNoNamespace, why)
	}
	return IsolationNone, why, nil
}

// RunContext is Run until ctx is cancelled: then the running commands are
// killed, the sandboxes removed, the remaining tests not started, and
// nothing is written by --update or --record.
func RunContext(ctx context.Context, refs []SuiteRef, opts Options) *Report {
	start := time.Now()
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxOutput <= 0 {
		opts.MaxOutput = DefaultMaxOutput
	}
	if opts.HTTPTimeout <= 0 {
		opts.HTTPTimeout = DefaultHTTPTimeout
	}
	jobs := max(opts.Jobs, 1)
	rep := &Report{Suites: make([]*SuiteResult, len(refs)), timings: opts.Timings}
	if opts.ExecReal {
		mode, note, err := CheckIsolation(opts.Isolation)
		if err != nil {
			mode, note = IsolationNone, err.Error()
		}
		opts.Isolation, rep.Isolation, rep.IsolationNote = mode, mode, note
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(jobs, max(len(refs), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				rep.Suites[i] = runSuite(ctx, refs[i], &opts)
			}
		}()
	}
	for i := range refs {
		work <- i
	}
	close(work)
	wg.Wait()
	for _, s := range rep.Suites {
		for _, t := range s.Tests {
			switch t.Status {
			case Passed:
				rep.Passed++
			case Failed:
				rep.Failed++
			case Skipped:
				rep.Skipped++
			}
		}
	}
	rep.Duration = time.Since(start)
	rep.Interrupted = ctx.Err() != nil
	return rep
}

func runSuite(ctx context.Context, ref SuiteRef, opts *Options) *SuiteResult {
	res := &SuiteResult{Path: ref.Display, Started: time.Now()}
	defer func() { res.Duration = time.Since(res.Started) }()
	s, errs := loadSuiteSecrets(ref.Abs, ref.Display, opts.Secrets)
	if len(errs) > 0 {
		res.Errors = errs
		return res
	}
	defer s.close()
	res.suite = s
	res.Document = s.DocName
	// One directory per suite holds the tests' sandboxes.
	parent, err := os.MkdirTemp(opts.TempDir, "sfmd-test-")
	if err != nil {
		res.Errors = append(res.Errors, &SuiteError{Path: ref.Display, Msg: fmt.Sprintf("cannot create the sandbox directory: %v; check TMPDIR", err)})
		return res
	}
	// Resolve symlinks (macOS /var → /private/var) so paths compare.
	if real, err := filepath.EvalSymlinks(parent); err == nil {
		parent = real
	}
	defer func() {
		if err := removeAll(parent); err != nil {
			res.Errors = append(res.Errors, &SuiteError{Path: ref.Display, Msg: fmt.Sprintf("cannot remove the sandboxes in %s: %v", parent, err)})
		}
	}()
	red := newRedactor(s.Env)
	parsed := s.Parsed
	res.startCover(opts, s, parsed)
	for i, t := range s.Tests {
		if ctx.Err() != nil {
			return res
		}
		if opts.Run != nil && !opts.Run.MatchString(t.Name) {
			continue
		}
		res.Tests = append(res.Tests, runTest(ctx, s, parsed, t, opts, res, red, filepath.Join(parent, fmt.Sprintf("t%d", i+1))))
	}
	if (opts.Update || opts.Record) && ctx.Err() == nil {
		res.flushUpdates()
		res.Notes = res.pathNotes()
	}
	return res
}

// flushUpdates writes the goldens and the rewritten suite.
func (res *SuiteResult) flushUpdates() {
	red := newRedactor(res.suite.Env)
	fail := func(msg string) {
		res.Errors = append(res.Errors, &SuiteError{Path: res.Path, Msg: red.apply(msg)})
	}
	tree := res.suite.Tree
	dir := filepath.Dir(res.suite.AbsPath)
	for _, w := range res.writes {
		if len(w.data) > maxGoldenBytes {
			fail(fmt.Sprintf("--update: %s would be %d bytes, over the %d MiB sfmd reads back; it was not written", w.display, len(w.data), maxGoldenBytes>>20))
			continue
		}
		var err error
		if w.info != nil {
			err = safeio.Replace(tree, w.path, w.display, w.data, w.info, w.old)
		} else {
			err = safeio.Create(tree, w.path, w.display, w.data, 0o644)
		}
		if err != nil {
			fail(fmt.Sprintf("--update: cannot write %s: %s", w.display, writeFailure(err)))
			continue
		}
		res.Updated = append(res.Updated, filepath.Join(dir, w.path))
	}
	if len(res.edits) == 0 && len(res.records) == 0 {
		return
	}
	var raw []textEdit
	for _, re := range res.records {
		key := "http"
		if re.exec {
			key = "exec"
		}
		start, end, indent, err := recordRange(res.suite.Src, re.step, key)
		if err != nil {
			fail(fmt.Sprintf("--record: %v", err))
			return
		}
		var text string
		if re.exec {
			text, err = renderExecRecorded(re.cmds, indent, res.suite.Env)
		} else {
			info, _, called := res.suite.Parsed.CallFlags(re.step.Run)
			text, err = renderRecorded(re.ex, indent, res.suite.Env, called && info.HasTemplate)
		}
		if err != nil {
			fail(fmt.Sprintf("--record: %v; nothing was written to the suite", err))
			return
		}
		if start != end {
			// Replacing an existing key: its line prefix stays.
			text = text[indent:]
		}
		raw = append(raw, textEdit{start, end, text})
	}
	out, err := applyEdits(res.suite.Src, res.suite.Root, res.edits, raw)
	if err != nil {
		fail(fmt.Sprintf("cannot rewrite the suite: %v; nothing was written to it", err))
		return
	}
	flag := "--update"
	if len(res.records) > 0 {
		flag = "--record"
	}
	if len(out) > maxSuiteBytes {
		fail(fmt.Sprintf("%s: the rewritten suite would be %d bytes, over the %d MiB sfmd reads back; nothing was written to it (a large response belongs in body_file:, a large output in output_file:)", flag, len(out), maxSuiteBytes>>20))
		return
	}
	if err := safeio.Replace(tree, filepath.Base(res.suite.AbsPath), res.Path, out, res.suite.SrcInfo, res.suite.Src); err != nil {
		fail(fmt.Sprintf("%s: cannot write the suite: %s", flag, writeFailure(err)))
		return
	}
	res.Updated = append(res.Updated, res.suite.AbsPath)
}

// writeFailure says why a write of --update or --record failed; the file
// is left as it was.
func writeFailure(err error) string {
	switch {
	case errors.Is(err, safeio.ErrChanged):
		return "it changed while the tests ran (saved by an editor?); it was left as it was, run the tests again"
	case errors.Is(err, fs.ErrExist):
		return "it was created while the tests ran; it was left as it was, run the tests again"
	}
	return fmt.Sprintf("%v; it was left as it was", writeCause(err))
}

// writeCause is the OS's message for a failed write (without the
// temporary file's name).
func writeCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// writeGolden queues a golden for --update: name is in the suite's tree,
// g is what readGolden read of it.
func (res *SuiteResult) writeGolden(name, display string, data []byte, g goldenFile) {
	if res.goldens == nil {
		res.goldens = map[string]int{}
	}
	if i, ok := res.goldens[name]; ok {
		res.writes[i].data = data
		return
	}
	res.goldens[name] = len(res.writes)
	res.writes = append(res.writes, goldenWrite{path: name, display: display, data: data, old: g.data, info: g.info})
}

// testRun is the state of one running test.
type testRun struct {
	ctx     context.Context
	s       *suite
	parsed  *model.Parsed // s.Doc, read once per suite run
	opts    *Options
	res     *SuiteResult
	red     *redactor
	sandbox string // the host directory that stands for "/"
	fs      *model.FS
	env     model.Env
	session *model.Session
	client  *http.Client
	cur     *httpStep
	tr      *TestResult
	// cmdNote: the real commands of the running step that failed
	// (execStep.failureNote), said in its assertion failures instead of
	// suggesting --update, which would accept the broken output.
	cmdNote string
}

func runTest(ctx context.Context, s *suite, parsed *model.Parsed, t *testCase, opts *Options, res *SuiteResult, red *redactor, sandbox string) *TestResult {
	start := time.Now()
	tr := &TestResult{Name: t.Name, Line: t.Node.Line, Col: t.Node.Column, Status: Passed}
	defer func() {
		tr.Duration = time.Since(start)
		for _, f := range tr.Failures {
			f.bound()
		}
	}()
	if t.Skips {
		tr.Status, tr.Skip = Skipped, t.Skip
		return tr
	}
	r := &testRun{ctx: ctx, s: s, parsed: parsed, opts: opts, res: res, red: red, tr: tr, sandbox: sandbox}
	if err := r.setup(); err != nil {
		r.failf(nil, KindSandbox, "%v", err)
		return tr
	}
	defer func() {
		_ = r.fs.Close()
		if _, err := os.Lstat(r.sandbox); err != nil {
			return // never created (no step touched a file)
		}
		if err := removeAll(r.sandbox); err != nil {
			r.failf(nil, KindSandbox, "cannot remove the sandbox %s: %v", r.sandbox, err)
		}
	}()
	for _, st := range t.Steps {
		if ctx.Err() != nil || !r.step(st) {
			break // later steps depend on this one
		}
	}
	return tr
}

func (r *testRun) failf(st *testStep, kind, format string, args ...any) *Failure {
	f := &Failure{Kind: kind, Message: r.red.apply(fmt.Sprintf(format, args...))}
	if st != nil {
		f.Step, f.Run = st.Index, r.red.apply(st.Run)
		at := st.Node
		if st.RunPos != nil {
			at = st.RunPos
		}
		f.Line, f.Col = at.Line, at.Column
	} else {
		f.Line, f.Col = r.tr.Line, r.tr.Col
	}
	r.tr.Failures = append(r.tr.Failures, f)
	r.tr.Status = Failed
	return f
}

// setup prepares the test's environment and session. The sandbox stands
// for "/" of the agent's machine: the document lives at cwd, relative
// paths of files and expect.files resolve against cwd, and every path the
// runtime shows is a virtual one (/home/agent/docs/app.md), the same on
// every machine. The directory is created, with the document and the
// suite's files, when the first step touches a file (or a real command
// runs), which keeps a large suite of HTTP-only tests free of file
// system work.
func (r *testRun) setup() error {
	s := r.s
	r.fs = model.NewFS(r.sandbox, r.populate)
	r.env = model.Env{
		Topic: s.Topic,
		Store: map[string]string{},
		Home:  s.Home,
		Cwd:   s.Cwd,
		FS:    r.fs,
	}
	for _, kv := range s.Env {
		r.env.Store[kv.Key] = kv.Value
		r.env.StoreKeys = append(r.env.StoreKeys, kv.Key)
	}
	if s.DocumentURL != "" {
		r.env.DocURI = s.DocumentURL
	} else {
		r.env.DocPath = path.Join(s.Cwd, s.DocName)
		r.env.DocURI = model.FileURI(r.env.DocPath)
	}
	r.env.RequirementsPath = s.Requirements
	r.session = model.NewSession()
	for _, kv := range s.Vars {
		r.session.SetVar(kv.Key, kv.Value)
	}
	if r.opts.Record {
		r.client = newRecordingClient(r.ctx, func() *httpStep { return r.cur }, r.opts.HTTPTimeout, r.opts.RecordUnsafe)
	} else {
		r.client = newHTTPClient(func() *httpStep { return r.cur })
	}
	return nil
}

// populate creates the sandbox: cwd and home, the document in cwd, then
// the suite's files.
func (r *testRun) populate() error {
	s := r.s
	if err := os.Mkdir(r.sandbox, 0o755); err != nil {
		return fmt.Errorf("cannot create the sandbox: %v; check TMPDIR", err)
	}
	for _, d := range []string{s.Cwd, s.Home} {
		if err := os.MkdirAll(r.fs.HostPath(d), 0o755); err != nil {
			return fmt.Errorf("cannot create %s in the sandbox: %v", d, err)
		}
	}
	if r.env.DocPath != "" {
		if err := os.WriteFile(r.fs.HostPath(r.env.DocPath), s.Doc.Src, 0o644); err != nil {
			return fmt.Errorf("cannot copy the document into the sandbox: %v", err)
		}
		if err := r.copyAppPages(); err != nil {
			return err
		}
	}
	for _, f := range s.Files {
		p := r.fs.HostPath(f.Path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("files: cannot create %q: %v", f.Name, err)
		}
		data := []byte(f.Text)
		if f.From != "" {
			var err error
			if data, _, err = safeio.Read(s.Tree, f.From, f.From, maxFixtureBytes); err != nil {
				return fmt.Errorf("files: %s", suitespec.TreeError("from:", f.From, err))
			}
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return fmt.Errorf("files: cannot write %q: %v", f.Name, err)
		}
	}
	return nil
}

// requirementsPath is the document's [!requirements](path) target, or a
// sibling requirements.md (next to the document, or in the sandbox files).
func requirementsPath(s *suite) string {
	if s.Doc != nil {
		for _, d := range s.Doc.Directives {
			if d.Type == "requirements" && d.Path != "" {
				return d.Path
			}
		}
	}
	if s.DocName == "requirements.md" {
		return ""
	}
	for _, f := range s.Files {
		if f.Path == path.Join(s.Cwd, "requirements.md") {
			return "requirements.md"
		}
	}
	if s.DocumentURL == "" {
		if st, err := s.Tree.Stat(filepath.Join(filepath.Dir(s.DocPath), "requirements.md")); err == nil && st.Mode().IsRegular() {
			return "requirements.md"
		}
	}
	return ""
}

// call runs the runtime, turning a panic into an error.
func call(rt *model.Runtime, input string) (res model.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the runtime panicked: %v\n%s", p, debug.Stack())
		}
	}()
	return runStep(rt, input), nil
}

// step runs one step and checks it; it reports whether the step passed.
func (r *testRun) step(st *testStep) bool {
	if !r.stubsFilled(st) {
		return false
	}
	hs := &httpStep{fixtures: st.HTTP}
	liveExec := false
	if r.opts.Record {
		liveHTTP, le, ok := r.recordsStep(st)
		if !ok {
			return false
		}
		if liveHTTP {
			hs.live, hs.fixtures = true, nil // the recorded exchanges replace them
		}
		liveExec = le
	}
	ex := &execStep{
		fixtures:  st.Exec,
		real:      r.opts.ExecReal,
		ctx:       r.ctx,
		fs:        r.fs,
		home:      r.s.Home,
		timeout:   r.opts.Timeout,
		maxOutput: r.opts.MaxOutput,
		namespace: r.opts.Isolation == IsolationNamespace,
	}
	if liveExec {
		ex.record, ex.fixtures = true, nil
	}
	ex.update = r.opts.Update && r.opts.ExecReal && !liveExec
	if r.opts.ExecReal {
		ex.path = r.opts.PATH
		ex.env = make([]string, 0, len(r.s.Env))
		for _, kv := range r.s.Env {
			ex.env = append(ex.env, kv.Key+"="+kv.Value)
		}
	}
	r.cur = hs
	rt := &model.Runtime{Doc: r.s.Doc, Parsed: r.parsed, Session: r.session, Env: r.env, HTTP: r.client, Exec: ex}
	rt.Cover = r.res.coverage()
	rt.Shown = rt.Cover
	res, err := call(rt, st.Run)
	r.cur = nil
	before := len(r.tr.Failures)
	if err != nil {
		r.failf(st, KindRuntime, "%v", err)
		return false
	}

	if hs.live && !hs.refused && (len(hs.recorded) > 0 || keyNode(st.Node, "http") != st.Node) {
		r.res.records = append(r.res.records, recordEdit{step: st, ex: hs.recorded})
		r.notePaths(st, res, len(hs.recorded) > 0)
	}
	if ex.record && !ex.refused && (len(ex.recorded) > 0 || keyNode(st.Node, "exec") != st.Node) {
		r.res.records = append(r.res.records, recordEdit{step: st, exec: true, cmds: ex.recorded})
	}
	// Fixtures first: when the step did not send what the suite says, the
	// output differences are only a consequence.
	for _, m := range hs.failures {
		r.failf(st, KindFixture, "%s", m.msg).Diff = r.red.apply(m.diff)
	}
	for _, f := range hs.unused() {
		r.failf(st, KindFixture, "http entry at line %d was never requested: %s; remove it or fix the step", f.Node.Line, describeFixture(f))
	}
	for _, m := range ex.failures {
		r.failf(st, KindFixture, "%s", m.msg).Diff = r.red.apply(m.diff)
	}
	for _, f := range ex.unused() {
		r.failf(st, KindFixture, "exec entry at line %d was never run: %q; remove it or fix the step", f.Node.Line, f.Command)
	}
	for _, p := range ex.problems {
		r.failf(st, KindSandbox, "%s", p.msg)
	}
	if err := r.fs.Err(); err != nil {
		r.failf(st, KindSandbox, "%v", err)
	}
	if res.Escape != "" {
		r.failf(st, KindSandbox, "%s", res.Escape)
	}
	if res.Limit != "" {
		r.failf(st, KindSandbox, "%s", res.Limit)
		return false // the runtime's text was never made
	}
	if len(r.tr.Failures) > before {
		// Show what the runtime made of it under the first problem.
		f := r.tr.Failures[before]
		if f.Diff != "" && !strings.HasSuffix(f.Diff, "\n") {
			f.Diff += "\n"
		}
		f.Diff += r.red.apply(resultText(res))
		return false
	}
	r.cmdNote = ex.failureNote()
	r.checkExpect(st, res)
	r.cmdNote = ""
	return len(r.tr.Failures) == before
}

func resultText(res model.Result) string {
	code := ""
	if res.Code != "" {
		code = " " + res.Code
	}
	return fmt.Sprintf("runtime returned ok=%v%s:\n%s", res.OK, code, indent(res.Content))
}

func (r *testRun) checkExpect(st *testStep, res model.Result) {
	e := &st.Expect
	if r.opts.Record {
		// Compared, and written by --update, as replay will show it: the
		// recorded responses and outputs hold the secrets as ***.
		res.Content = maskValues(res.Content, r.s.Env, func(string) string { return "***" })
	}
	want := e.WantOK()
	if res.OK != want {
		f := r.failf(st, KindAssertion, "expected ok: %v, got ok: %v%s%s", want, res.OK, codeSuffix(res.Code), r.noteSuffix())
		f.Diff = r.red.apply(resultText(res))
	}
	if e.HasError && !strings.Contains(res.Content, e.Error) {
		f := r.failf(st, KindAssertion, "the failure text does not contain %q", e.Error)
		f.Diff = r.red.apply(resultText(res))
	}
	if e.HasOutput {
		r.compareOutput(st, res.Content, e.Output, "output", func() {
			if e.OutputShared {
				f := r.failf(st, KindAssertion, "cannot update an output written through a YAML anchor or alias; write it inline or use output_file")
				f.Line, f.Col = e.OutputNode.Line, e.OutputNode.Column
				return
			}
			key := keyNode(e.Node, "output")
			r.res.edits = append(r.res.edits, scalarEdit{node: e.OutputNode, key: key, flow: e.Node.Style&yaml.FlowStyle != 0, value: res.Content})
		})
	}
	if e.OutputFileNode != nil {
		g, state := r.readGolden(st, e.OutputFileNode, e.OutputFile, e.OutputFileRel)
		switch {
		case state == goldenMissing && r.opts.Update:
			r.res.writeGolden(e.OutputFile, e.OutputFileRel, []byte(res.Content), g)
		case state == goldenMissing:
			f := r.failf(st, KindAssertion, "golden file %q does not exist; run sfmd test --update to create it", e.OutputFileRel)
			f.Line, f.Col = e.OutputFileNode.Line, e.OutputFileNode.Column
		case state == goldenRead:
			r.compareOutput(st, res.Content, string(g.data), e.OutputFileRel, func() {
				r.res.writeGolden(e.OutputFile, e.OutputFileRel, []byte(res.Content), g)
			})
		}
	}
	for _, kv := range e.Vars {
		got, ok := r.session.Vars[kv.Key]
		switch {
		case !ok:
			f := r.failf(st, KindAssertion, "session variable %q is not set, expected %q", kv.Key, kv.Value)
			f.Line, f.Col = kv.KeyNode.Line, kv.KeyNode.Column
		case got != kv.Value:
			f := r.failf(st, KindAssertion, "session variable %q is %q, expected %q", kv.Key, got, kv.Value)
			f.Line, f.Col = kv.KeyNode.Line, kv.KeyNode.Column
			f.Diff = r.red.apply(udiff.Unified(kv.Value+"\n", got+"\n", "want", "got"))
		}
	}
	for i, kv := range e.Files {
		r.compareFile(st, kv, e.FileGoldens[i])
	}
}

func codeSuffix(code string) string {
	if code == "" {
		return ""
	}
	return " (" + code + ")"
}

// keyNode returns the key node of field name in mapping n.
func keyNode(n *yaml.Node, name string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == name {
			return n.Content[i]
		}
	}
	return n
}

// compareOutput fails the step when got differs from want, with a diff,
// or records an update.
func (r *testRun) compareOutput(st *testStep, got, want, name string, update func()) {
	if got == want {
		return
	}
	if r.opts.Update {
		update()
		return
	}
	msg := fmt.Sprintf("output differs from the expected %s", name)
	if strings.TrimRight(got, "\n") == strings.TrimRight(want, "\n") {
		msg = fmt.Sprintf("output differs from the expected %s only in trailing newlines (got %d, expected %d)", name, trailingNewlines(got), trailingNewlines(want))
		if name == "output" && trailingNewlines(got) == 0 {
			msg += "; the runtime output ends without a newline, write \"output: |-\""
		}
	}
	if r.cmdNote != "" {
		msg += r.noteSuffix()
	} else {
		msg += "; run sfmd test --update to accept the new output"
	}
	f := r.failf(st, KindAssertion, "%s", msg)
	f.Diff = r.red.apply(udiff.Unified(want, got, "want", "got"))
}

// noteSuffix is cmdNote as the end of a failure message ("" without one).
func (r *testRun) noteSuffix() string {
	if r.cmdNote == "" {
		return ""
	}
	return "; " + r.cmdNote
}

func trailingNewlines(s string) int { return len(s) - len(strings.TrimRight(s, "\n")) }

// maxCompareBytes bounds a file that expect.files compares.
const maxCompareBytes = 64 << 20

// What readGolden found.
const (
	goldenRead = iota
	goldenMissing
	goldenBroken // reported
)

// goldenFile is a golden as readGolden read it.
type goldenFile struct {
	data []byte
	info *safeio.Info // nil when it does not exist
}

// readGolden reads a golden of the suite's tree. A golden that does not
// exist is goldenMissing; any other failure to read it is an error of the
// environment (exit status 2, with the OS's message), not a test failure:
// it is reported and goldenBroken.
func (r *testRun) readGolden(st *testStep, at *yaml.Node, name, display string) (goldenFile, int) {
	data, info, err := safeio.Read(r.s.Tree, name, display, maxGoldenBytes)
	switch {
	case err == nil:
		return goldenFile{data, info}, goldenRead
	case errors.Is(err, fs.ErrNotExist):
		return goldenFile{}, goldenMissing
	}
	msg := suitespec.TreeError("golden file", display, err)
	r.res.Errors = append(r.res.Errors, &SuiteError{Path: r.s.Path, Line: at.Line, Col: at.Column, Msg: msg})
	f := r.failf(st, KindAssertion, "%s", msg)
	f.Line, f.Col = at.Line, at.Column
	return goldenFile{}, goldenBroken
}

func (r *testRun) compareFile(st *testStep, kv keyValue, golden string) {
	goldenRel := kv.Value
	fail := func(format string, args ...any) *Failure {
		f := r.failf(st, KindAssertion, format, args...)
		f.Line, f.Col = kv.KeyNode.Line, kv.KeyNode.Column
		return f
	}
	got, err := r.fs.ReadFile(model.Resolve(r.s.Cwd, kv.Key), maxCompareBytes)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			fail("file %q was not written by the step (%v); check the to: path in the response template", kv.Key, cause(err))
		} else {
			fail("file %q cannot be compared: %v", kv.Key, cause(err))
		}
		return
	}
	g, state := r.readGolden(st, kv.Node, golden, goldenRel)
	want := g.data
	switch {
	case state == goldenBroken:
		return
	case state == goldenMissing && r.opts.Update:
		r.res.writeGolden(golden, goldenRel, got, g)
		return
	case state == goldenMissing:
		fail("golden file %q does not exist; run sfmd test --update to create it", goldenRel)
		return
	}
	if string(got) == string(want) {
		return
	}
	if r.opts.Update {
		r.res.writeGolden(golden, goldenRel, got, g)
		return
	}
	f := fail("file %q differs from golden %q (%d bytes, expected %d); run sfmd test --update to accept it", kv.Key, goldenRel, len(got), len(want))
	if isText(got) && isText(want) {
		f.Diff = r.red.apply(udiff.Unified(string(want), string(got), goldenRel, kv.Key))
	} else {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		f.Message += fmt.Sprintf(", first difference at byte %d", i)
	}
}

func isText(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	for _, c := range b {
		if c == 0 {
			return false
		}
	}
	return true
}

// cause is the innermost message of a file error ("no such file or
// directory" rather than the whole path).
func cause(err error) error {
	if u := errors.Unwrap(err); u != nil {
		return u
	}
	return err
}
