package rules

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// The fixture dry run shared by dryrun-template-loop-empty and
// dryrun-template-value-missing: when the document has test suites
// (docs/test-format.md), each action call of a suite's steps that gets a
// recorded response (an HTTP fixture, or for a CLI action an exec entry)
// runs the action's response template against it, through the model
// (model.DrySession.RunTemplate: the code `sfmd test` runs), for the call
// the step makes, in the session of its test. What the template reads
// that the response the author recorded does not have is then reported,
// the fixture named as the evidence.
//
// A document's suites are found as `sfmd test` pairs a suite with its
// document (runner/suite.go decoder.document): a *.test.yaml or
// *.test.yml whose document: names it, or with no document:, whose stem
// is the document's (suitespec.Suite.Document). Only the document's own
// directory is looked at (as the language server's hovers do,
// internal/lsp/fixture.go suitesOf): a suite in a directory above that
// names sub/app.md is not seen. A suite is read through the workspace's
// safe reader (the editor's buffer when open, else a regular file within
// safeio.DefaultMaxSize, which is suitespec.SuiteBytes) and decoded by
// suitespec, its body_file fixtures through its own directory tree; a
// suite with any problem gives nothing here (sfmd test and the editor's
// suite diagnostics report it).
//
// The steps of a test run in one session (model.DrySession), as sfmd test
// runs them (runner/run.go: one model.Session per test): a /set line is
// run, and an action call's template runs against its step's one http
// entry with a recorded 2xx response (a non-2xx status or an error: runs
// no template, model/http.go execHTTP; a 204 or 205 gives it no body,
// model/http.go httpOutput, whatever body the fixture holds) or its one
// exec entry (read as
// sfmd test replays it, suitespec.ExecFixture.Result: stdout, then
// stderr, and the exit status), so that a later call sees the session
// variables and shortcuts an earlier one set. The test's runs end at a
// step whose effect on the session or the current document is not known
// here: /open, /back, /refresh, /nav, /close, a /tool call, or a call of
// a template whose step has no such entry (none, more than one, a stub of
// sfmd test --init).
//
// The runs kept for the rules: those of steps that expect success, whose
// response is on the success path (a 2xx status, an exit status 0) and
// whose body parses as JSON. The runtime runs a CLI template on every
// exit status (model/response.go call.respond), but a failure is the
// author's test of the failure path: the template's lines read the
// success body and a template has no conditional, so a line that reaches
// nothing there is no mistake the author can fix. A call with the same
// flags and response from the same session state runs once; at most
// maxFixtureRuns runs, reading at most maxFixtureBytes of bodies and
// command outputs, are made per document.

// fixtureRun is one action's template run against one suite fixture.
type fixtureRun struct {
	Suite string // the suite file's name
	Test  string // the test's name
	Call  string // the step's run: line
	Resp  *sfmd.Response
	Lines []*sfmd.TemplateLine
	Run   model.TemplateDry
}

// maxFixtureRuns and maxFixtureBytes bound the fixture runs of one
// document: their number, and the response bodies they read together (a
// fixture may hold suitespec.FixtureBytes).
const (
	maxFixtureRuns  = 32
	maxFixtureBytes = 32 << 20
)

// tmplFixtureAnalyzer runs the templates against the suites' fixtures;
// its result is []*fixtureRun (nil for a document without a suite).
var tmplFixtureAnalyzer = &lint.Analyzer{
	Name:   "dryrun-template-fixture",
	Shared: true,
	Doc: lint.Doc{
		Title: "response templates dry-run against the suites' fixtures",
		Why:   "shared analysis: each response template run against the JSON responses the document's test suites record for its calls",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		return buildFixtureRuns(pass), nil
	},
}

func fixtureRunsOf(pass *lint.Pass) []*fixtureRun {
	if r, ok := pass.ResultOf[tmplFixtureAnalyzer].([]*fixtureRun); ok {
		return r
	}
	return buildFixtureRuns(pass)
}

func buildFixtureRuns(pass *lint.Pass) []*fixtureRun {
	ws, doc := pass.Workspace, pass.Doc
	if ws == nil || len(doc.Responses) == 0 {
		return nil
	}
	base := filepath.Base(doc.Path)
	names := docSuiteNames(ws, base)
	if len(names) == 0 {
		return nil // no suite: nothing read, nothing run
	}
	t := dryTableOf(pass)
	if t.Parsed == nil {
		return nil
	}
	tree, err := ws.OpenRoot(".")
	if err != nil {
		return nil
	}
	defer func() { _ = tree.Close() }()
	fr := newFixtureRunner(t, doc)
	for _, name := range names {
		if spec := decodeDocSuite(ws, tree, name, base); spec != nil {
			fr.suite(name, spec)
		}
	}
	return fr.out
}

// lastTemplates is the template the runtime runs for each action id
// (parser.ts parse keeps the templates in a Map by id: the last of an id
// wins).
func lastTemplates(doc *sfmd.Document) map[string]*sfmd.Response {
	last := make(map[string]*sfmd.Response, len(doc.Responses))
	for _, r := range doc.Responses {
		last[r.ActionID] = r
	}
	return last
}

// suiteIndexKey is the Workspace.Memo key of the suite index of a
// directory (its absolute path).
type suiteIndexKey struct{ dir string }

// docSuiteNames lists the suites of the document named base in its
// directory, in name order (the order sfmd test runs them): a pre-filter
// on each suite's document: (or its stem), confirmed once the suite is
// decoded. The suites of the directory come from the run's shared
// listing (Workspace.Suites: scanned once per listing); they are read for
// the index once per run and directory, and only when it holds one.
func docSuiteNames(ws *lint.Workspace, base string) []string {
	suites := ws.Suites(".")
	if len(suites) == 0 {
		return nil
	}
	index := ws.Memo(suiteIndexKey{ws.Resolve(".")}, func() any {
		idx := map[string][]string{}
		for _, s := range suites {
			if doc := suiteDocument(ws, s); doc != "" {
				idx[doc] = append(idx[doc], s)
			}
		}
		return idx
	}).(map[string][]string)
	return index[base]
}

// suiteDocument is the document the suite name says it tests (its
// document:, else the .md of its stem), "" when it cannot be read.
func suiteDocument(ws *lint.Workspace, name string) string {
	src, err := ws.ReadFile(name)
	if err != nil || len(src) > suitespec.SuiteBytes {
		return ""
	}
	top, err := yamlpos.Root(src)
	if err != nil || top == nil {
		return ""
	}
	if d := yamlpos.Deref(yamlpos.Get(yamlpos.Deref(top), "document")); d != nil && d.Kind == yaml.ScalarNode {
		return filepath.Clean(filepath.FromSlash(d.Value))
	}
	return suitespec.DefaultDocument(name)
}

// decodeDocSuite decodes the suite name as sfmd test does; nil when it
// has any problem or does not test the document named base.
func decodeDocSuite(ws *lint.Workspace, tree *os.Root, name, base string) *suitespec.Suite {
	src, err := ws.ReadFile(name)
	if err != nil || len(src) > suitespec.SuiteBytes {
		return nil
	}
	dec := suitespec.NewDecoder(name, ws.Resolve("."), tree)
	spec := dec.Decode(src)
	if spec == nil || len(dec.Errs) > 0 {
		return nil
	}
	if spec.Document(name) != base {
		return nil
	}
	return spec
}

// fixtureRunner collects the fixture runs of one document.
type fixtureRunner struct {
	t    *dryTable
	last map[string]*sfmd.Response
	cli  map[string]bool // the CLI actions, by id
	// seen holds the runs made (id, flags, whether the step expects
	// success, response, and the session's state before), each with
	// whether it left the session as it was
	seen  map[string]bool
	out   []*fixtureRun
	runs  int
	bytes int
}

func newFixtureRunner(t *dryTable, doc *sfmd.Document) *fixtureRunner {
	fr := &fixtureRunner{t: t, last: lastTemplates(doc), cli: map[string]bool{}, seen: map[string]bool{}}
	for _, a := range t.Infos { // listed once, by buildDryTable
		fr.cli[a.ID] = a.CLI()
	}
	return fr
}

// suite runs the templates of the steps of spec (the suite file name),
// the steps of each test in one session (model.DrySession), as sfmd test
// runs them: what an earlier step's template or /set line set is there
// for the later ones.
func (fr *fixtureRunner) suite(name string, spec *suitespec.Suite) {
	vars, store := kvMap(spec.Vars), kvMap(spec.Env)
	for _, test := range spec.Tests {
		if test.Skips {
			continue
		}
		sess := fr.t.Parsed.NewDrySession(vars, store)
		for _, st := range test.Steps {
			if sess == nil || !fr.step(name, test.Name, st, sess) {
				break // the session (or the current document) is not known from here on
			}
		}
	}
}

// stepFixture is the response a step's fixture gives the template of the
// action it calls; run is false when the call runs no template (an HTTP
// error:, a status other than 2xx: model/http.go execHTTP ends the call),
// known is false when what the call does is not known here (no fixture,
// more than one, a stub of sfmd test --init).
func (fr *fixtureRunner) stepFixture(id string, st *suitespec.Step) (resp model.TemplateResponse, key string, size int, run, known bool) {
	if fr.cli[id] {
		if len(st.Exec) != 1 || len(st.HTTP) != 0 || st.Exec[0].TodoNode != nil {
			return resp, "", 0, false, false
		}
		e := st.Exec[0]
		er := model.Replayed(e.Stdout, e.Stderr, e.Exit)
		return model.TemplateResponse{Exec: &er}, "exec\x00" + e.Stdout + "\x00" + e.Stderr + "\x00" + strconv.Itoa(e.Exit), len(e.Stdout) + len(e.Stderr), true, true
	}
	if len(st.HTTP) != 1 || len(st.Exec) != 0 {
		return resp, "", 0, false, false
	}
	h := st.HTTP[0]
	switch r := h.Response; {
	case h.HasError:
		return resp, "", 0, false, true
	case r == nil || r.TodoNode != nil:
		return resp, "", 0, false, false
	case r.Status < 200 || r.Status > 299:
		return resp, "", 0, false, true
	default:
		return model.TemplateResponse{Status: r.Status, Body: string(r.Body)}, "http\x00" + strconv.Itoa(r.Status) + "\x00" + string(r.Body), len(r.Body), true, true
	}
}

// step runs in sess what st does to the session: a /set line, or the
// template of the action it calls against its fixture, keeping the run
// when its response is one the rules read. It reports whether the
// session is known after the step.
func (fr *fixtureRunner) step(suite, test string, st *suitespec.Step, sess *model.DrySession) bool {
	if _, ok := sess.Set(st.Run); ok {
		return true
	}
	id, args, ok := model.SplitActionCall(st.Run)
	if !ok {
		return keepsSession(st.Run)
	}
	r := fr.last[id]
	if r == nil {
		return true // no template: the call sets nothing in the session
	}
	resp, body, size, run, known := fr.stepFixture(id, st)
	switch {
	case !known:
		return false
	case !run:
		return true
	case fr.runs >= maxFixtureRuns || fr.bytes+size > maxFixtureBytes:
		return false
	}
	before := sess.State()
	key := id + "\x00" + args + "\x00" + strconv.FormatBool(st.Expect.WantOK()) + "\x00" + body + "\x00" + before
	unchanged, seen := fr.seen[key]
	if seen && unchanged {
		return true // the same run, from the same session: nothing new
	}
	fr.runs++
	fr.bytes += size
	d, ok := sess.RunTemplate(id, args, resp)
	fr.seen[key] = sess.State() == before
	if seen || !ok || !st.Expect.WantOK() || !succeeded(resp) || d.Code != "" || d.Message != "" || !d.JSONBody || len(d.Lines) != len(r.Lines) {
		return true
	}
	d.Text, d.Output, d.Vars = "", "", nil // the rules read where paths stopped only
	for i := range d.Lines {
		d.Lines[i].Printed = nil
	}
	fr.out = append(fr.out, &fixtureRun{Suite: suite, Test: test, Call: st.Run, Resp: r, Lines: r.Lines, Run: d})
	return true
}

// succeeded reports a response of the success path: a 2xx status, a
// command that exited 0. The runtime runs a CLI template on every exit
// status (model/response.go call.respond), but a failure is the author's
// test of the failure path: the template's lines read the success
// output, and a template has no conditional, so a line that reaches
// nothing there is no mistake the author can fix.
func succeeded(resp model.TemplateResponse) bool {
	if resp.Exec != nil {
		return resp.Exec.Exit == 0 && !resp.Exec.TimedOut
	}
	return resp.Status >= 200 && resp.Status <= 299
}

// keepsSession reports a run: line, not an action call, that leaves the
// session and the current document as they were: /info, /help, /ls,
// /source (model/dispatch.go). /set is run; another command (/open,
// /nav, /back, /refresh, /close, a /tool call, …) may change what a later
// call reads.
func keepsSession(run string) bool {
	switch model.CommandWord(run) {
	case "info", "help", "ls", "source":
		return true
	}
	return false
}

// kvMap is the suite's env: or vars: as a map.
func kvMap(kvs []suitespec.KeyValue) map[string]string {
	m := make(map[string]string, len(kvs))
	for _, kv := range kvs {
		m[kv.Key] = kv.Value
	}
	return m
}

// evidence names the fixture for a message.
func (fr *fixtureRun) evidence() string {
	return "with the response of test `" + fr.Test + "` in `" + fr.Suite + "` (`" + fr.Call + "`)"
}

// missText says why a path reached nothing in a fixture, in the words of
// the shape-based findings (tmplDry.why).
func missText(m model.PathMiss) string {
	at := m.Root
	switch {
	case m.Reached == "":
	case at == "":
		at = m.Reached
	case m.Reached[0] == '[':
		at += m.Reached
	default:
		at += "." + m.Reached
	}
	kind := article(m.Kind)
	switch {
	case m.Step == "":
		return at + " is " + kind + ", not an array"
	case m.Step[0] == '[' && m.Kind == "array":
		return at + " has " + plural(m.Length, "element") + ", so it has no index " + m.Step
	case m.Step[0] == '[':
		return at + " is " + kind + ", so it has no index " + m.Step
	case m.Kind == "object":
		return at + " has no key " + strconv.Quote(m.Step)
	}
	return at + " is " + kind + ", so it has no key " + strconv.Quote(m.Step)
}

// article is a JSON type with its article.
func article(kind string) string {
	switch kind {
	case "null":
		return "null"
	case "object", "array":
		return "an " + kind
	}
	return "a " + kind
}

// lineSet is the template lines a rule reported on, per template.
type lineSet map[*sfmd.Response]map[int]bool

func (s lineSet) add(r *sfmd.Response, li int) {
	if s[r] == nil {
		s[r] = map[int]bool{}
	}
	s[r][li] = true
}

func (s lineSet) has(r *sfmd.Response, li int) bool { return s[r][li] }

// ownMiss is the miss of a line's own path (a for:, save: or assignment
// path), if the run recorded one.
func ownMiss(f model.TemplateLineFact) (model.PathMiss, bool) {
	i := slices.IndexFunc(f.Misses, func(m model.PathMiss) bool { return m.Ref == "" })
	if i < 0 {
		return model.PathMiss{}, false
	}
	return f.Misses[i], true
}

// reportFixtureLoops reports the for: lines that never iterate with a
// fixture's response because their path reaches no array there (a null,
// or a path through one, is the API's "none", not reported): once per
// line (the first fixture, in the order sfmd test runs them, that shows
// it), and not on a line of done (the shape-based run reported it).
func reportFixtureLoops(pass *lint.Pass, done lineSet) {
	for _, fx := range fixtureRunsOf(pass) {
		nested := nestedLoops(fx.Resp)
		for li, l := range fx.Lines {
			f := fx.Run.Lines[li]
			if l.Kind != sfmd.LineFor || !l.ForValid || nested[l] || f.Kind != "for" || f.Found || done.has(fx.Resp, li) || !isBodyPath(loopPath(l.Arg)) {
				continue
			}
			m, ok := ownMiss(f)
			if !ok || m.Kind == "null" {
				continue // a null: the API's own "none"
			}
			done.add(fx.Resp, li)
			pass.Reportf(l.ArgSpan, "%s, the loop %q never iterates: %s; its lines print nothing",
				fx.evidence(), "for: "+l.ItemVar+" in "+l.Arg, missText(m))
		}
	}
}

// reportFixtureValues reports the template values that reach nothing in
// a fixture's response (on every run of their line; not through a null):
// once per line, as reportFixtureLoops.
func reportFixtureValues(pass *lint.Pass, done lineSet) {
	for _, fx := range fixtureRunsOf(pass) {
		for li, l := range fx.Lines {
			if !done.has(fx.Resp, li) && fixtureValues(pass, fx, li, l) {
				done.add(fx.Resp, li)
			}
		}
	}
}

// fixtureValues reports line li of fx's template, if a value of it
// reached nothing; it says whether it reported.
func fixtureValues(pass *lint.Pass, fx *fixtureRun, li int, l *sfmd.TemplateLine) bool {
	f := fx.Run.Lines[li]
	if f.Kind == "assign" {
		m, ok := ownMiss(f)
		if !ok || m.Kind == "null" || l.Kind != sfmd.LineAssign || !l.StrictAssign || !isBodyPath(f.Path) {
			return false
		}
		pass.Reportf(l.RHS.Span, "%s, line %d stores an empty {%s}: %s", fx.evidence(), l.Line.Span.Start.Line, l.LHS, missText(m))
		return true
	}
	if l.Template == nil || len(f.Misses) == 0 {
		return false
	}
	misses := map[string]model.PathMiss{}
	for _, m := range f.Misses {
		if m.Ref != "" && m.Kind != "null" {
			misses[m.Ref] = m
		}
	}
	// one finding per line: its first reference that reaches nothing,
	// the others named with it
	var first *sfmd.VarRef
	var why model.PathMiss
	var refs []string
	for _, ref := range l.Template.Refs {
		m, ok := misses[ref.Raw]
		if !ok || ref.Problem != "" || dotIndexed(ref) || !fixtureRef(l, fx.Lines, ref) {
			continue
		}
		delete(misses, ref.Raw)
		if first == nil {
			first, why = ref, m
		}
		refs = append(refs, ref.Raw)
	}
	if first == nil {
		return false
	}
	reportFixtureValue(pass, fx, l, first, refs, why)
	return true
}

// fixtureRef reports a reference whose value a fixture decides: a path
// into the response body, or into a loop's item.
func fixtureRef(l *sfmd.TemplateLine, lines []*sfmd.TemplateLine, ref *sfmd.VarRef) bool {
	switch {
	case ref.Kind == sfmd.RefResponse:
		return ref.Name == "body"
	case ref.Kind == sfmd.RefVar && l.Loop >= 0 && len(ref.Path) > 0:
		return lines[l.Loop].ItemVar == ref.Name
	}
	return false
}

func reportFixtureValue(pass *lint.Pass, fx *fixtureRun, l *sfmd.TemplateLine, first *sfmd.VarRef, refs []string, m model.PathMiss) {
	what := refs[0] + " on line " + strconv.Itoa(int(l.Line.Span.Start.Line)) + " reaches nothing"
	if len(refs) > 1 {
		what = strings.Join(refs, ", ") + " on line " + strconv.Itoa(int(l.Line.Span.Start.Line)) + " reach nothing"
	}
	if first.Kind == sfmd.RefVar {
		what += " in every item"
	}
	pass.Reportf(first.Span, "%s, %s: %s; the agent sees no value there", fx.evidence(), what, missText(m))
}
