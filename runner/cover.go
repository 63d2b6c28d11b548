package runner

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/gitignore"
	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Coverage (sfmd test --cover) counts, per document, three kinds of
// items a suite should reach: the actions (invoked by some step), the
// lines of their response templates (rendered by some call; a loop body
// only when its loop iterated), and their error paths (a missing required
// field, a non-2xx status, a transport error, a non-zero exit). The
// runtime records what the calls reach (model.Coverage); this file adds
// it up per document, finds the documents no suite tests, and reports.

// suiteCover is what one suite run reached.
type suiteCover struct {
	doc    *sfmd.Document
	abs    string // the document's absolute path
	view   string // the document's path in the suite's sessions (virtual)
	parsed *model.Parsed
	cov    *model.Coverage
	// fixtures are the files the suite reads as bodies and goldens.
	fixtures []string
}

// startCover prepares the coverage of a suite run when --cover is on.
func (res *SuiteResult) startCover(opts *Options, s *suite, parsed *model.Parsed) {
	if !opts.Cover {
		return
	}
	// The suite names its files in its own tree.
	dir := filepath.Dir(s.AbsPath)
	inTree := func(name string) string { return filepath.Join(dir, name) }
	sc := &suiteCover{doc: s.Doc, abs: inTree(s.DocPath), view: path.Join(s.Cwd, s.DocName), parsed: parsed, cov: model.NewCoverage()}
	for _, f := range s.Files {
		if f.From != "" {
			sc.fixtures = append(sc.fixtures, inTree(f.From))
		}
	}
	for _, t := range s.Tests {
		for _, st := range t.Steps {
			for _, h := range st.HTTP {
				if h.Response != nil && h.Response.BodyFile != "" {
					sc.fixtures = append(sc.fixtures, inTree(h.Response.BodyFile))
				}
			}
			if st.Expect.OutputFile != "" {
				sc.fixtures = append(sc.fixtures, inTree(st.Expect.OutputFile))
			}
			for _, g := range st.Expect.FileGoldens {
				if g != "" {
					sc.fixtures = append(sc.fixtures, inTree(g))
				}
			}
		}
	}
	res.cover = sc
}

// coverage is the recorder the suite's calls report to, or nil.
func (res *SuiteResult) coverage() *model.Coverage {
	if res.cover == nil {
		return nil
	}
	return res.cover.cov
}

// CoverReport is the coverage of a run, documents in path order.
type CoverReport struct {
	Documents []*DocCoverage `json:"documents"`
	CoverCounts
}

// CoverCounts adds up items: covered of total, per kind and overall.
type CoverCounts struct {
	Covered int     `json:"covered"`
	Total   int     `json:"total"`
	Percent float64 `json:"percent"`
	// Per kind.
	Actions       Count `json:"actions"`
	TemplateLines Count `json:"template_lines"`
	ErrorPaths    Count `json:"error_paths"`
	// Pages counts the pages, blocks and menus the suites' sessions
	// showed (/open, /nav). It is reported apart: Covered, Total and
	// Percent are the actions' figures, as before sessions existed.
	Pages Count `json:"pages"`
}

// Count is covered of total items of one kind.
type Count struct {
	Covered int `json:"covered"`
	Total   int `json:"total"`
}

// count adds one item, covered or not.
func (c *Count) count(covered bool) {
	c.Total++
	if covered {
		c.Covered++
	}
}

// DocCoverage is the coverage of one document.
type DocCoverage struct {
	Path    string         `json:"path"`
	Suites  []string       `json:"suites"` // the suites that test it; none for an untested document
	Actions []*ActionCover `json:"actions"`
	// Pages are the document's page, its blocks and its menus, and
	// whether a session of its suites showed each.
	Pages []PageCover `json:"pages"`
	CoverCounts
}

// PageCover is the document's page, one of its blocks or one of its
// menus, and whether a session showed it.
type PageCover struct {
	Kind   string `json:"kind"` // "page", "block" or "menu"
	Name   string `json:"name,omitempty"`
	Line   int    `json:"line"`
	Opened bool   `json:"opened"`
}

// ActionCover is the coverage of one action.
type ActionCover struct {
	ID         string         `json:"id"`
	Line       int            `json:"line"` // of the act.<id> fence; 0 when unknown
	Invoked    bool           `json:"invoked"`
	Calls      int            `json:"calls"`
	Template   []TemplateLine `json:"template,omitempty"`
	ErrorPaths []PathCover    `json:"error_paths"`
}

// TemplateLine is one non-blank line of a response template.
type TemplateLine struct {
	Line     int    `json:"line"`  // in the document; 0 when unknown
	Index    int    `json:"index"` // 1-based, in the template
	Text     string `json:"text"`
	Rendered bool   `json:"rendered"`
}

// PathCover is one error path of an action.
type PathCover struct {
	Path      model.ErrorPath `json:"path"`
	Exercised bool            `json:"exercised"`
}

// Cover builds the coverage report of rep (run with Options.Cover): the
// documents its suites test, and the documents with actions that no suite
// tests found under roots (directories only, walked like Discover, minus
// the suites' fixtures). base resolves relative roots and shortens paths.
func Cover(rep *Report, base string, roots []string) *CoverReport {
	byDoc := map[string]*docAcc{}
	fixtures := map[string]bool{}
	shown := map[string]bool{} // model.ShownKey of host paths, from every suite
	for _, s := range rep.Suites {
		sc := s.cover
		if sc == nil || sc.doc == nil {
			continue
		}
		abs := absClean(base, sc.abs)
		a := byDoc[abs]
		if a == nil {
			a = &docAcc{abs: abs, doc: sc.doc, parsed: sc.parsed}
			byDoc[abs] = a
		}
		a.suites = append(a.suites, s.Path)
		a.covs = append(a.covs, sc.cov)
		sc.addShown(shown, base)
		for _, f := range sc.fixtures {
			fixtures[absClean(base, f)] = true
		}
	}
	for _, abs := range untestedDocs(base, roots, byDoc, fixtures) {
		src, _, err := safeio.ReadFile(abs, maxDocumentBytes)
		if err != nil {
			continue
		}
		doc := sfmd.Parse(abs, src)
		parsed := model.Parse(doc)
		if len(parsed.Actions()) == 0 {
			continue // prose, a fixture, a menu: nothing to call
		}
		byDoc[abs] = &docAcc{abs: abs, doc: doc, parsed: parsed}
	}
	cr := &CoverReport{}
	for _, a := range byDoc {
		d := &DocCoverage{Path: displayRel(base, a.abs), Suites: a.suites}
		for _, info := range a.parsed.Actions() {
			d.Actions = append(d.Actions, actionCover(a.doc, info, a.covs))
		}
		d.Pages = pageCover(a, shown)
		d.add()
		cr.Documents = append(cr.Documents, d)
		cr.addCounts(&d.CoverCounts)
	}
	sort.Slice(cr.Documents, func(i, j int) bool { return cr.Documents[i].Path < cr.Documents[j].Path })
	cr.finish()
	return cr
}

// docAcc collects what the suites of one document reached.
type docAcc struct {
	abs    string
	doc    *sfmd.Document
	parsed *model.Parsed
	suites []string
	covs   []*model.Coverage
}

// addShown adds what the suite's sessions showed to shown, keyed by the
// pages' host paths: a page of the app (the document's directory tree,
// copied below the document's directory in the sandbox) counts for its
// own document, whichever suite opened it.
func (sc *suiteCover) addShown(shown map[string]bool, base string) {
	vdir, hdir := path.Dir(sc.view), filepath.Dir(absClean(base, sc.abs))
	for key := range sc.cov.Shown {
		rel, ok := strings.CutPrefix(key, vdir+"/")
		if !ok {
			continue
		}
		shown[filepath.Join(hdir, filepath.FromSlash(rel))] = true
	}
}

// pageCover lists the document's page, blocks (<!-- #id --> markers) and
// menus ([!nav:name] and [!menu:name] directives), each opened when a
// session of a suite of the run showed it (shownKeys, see addShown).
func pageCover(a *docAcc, shownKeys map[string]bool) []PageCover {
	shown := func(block, menu string) bool {
		return shownKeys[model.ShownKey(a.abs, block, menu)]
	}
	out := []PageCover{{Kind: "page", Line: 1, Opened: shown("", "")}}
	seen := map[string]bool{}
	for _, m := range a.doc.Markers {
		if m.Open && m.ID != "" && !seen["#"+m.ID] {
			seen["#"+m.ID] = true
			out = append(out, PageCover{Kind: "block", Name: m.ID, Line: int(m.Span.Start.Line), Opened: shown(m.ID, "")})
		}
	}
	for _, d := range a.doc.Directives {
		if (d.Type == "nav" || d.Type == "menu") && d.Name != "" && !seen["@"+d.Name] {
			seen["@"+d.Name] = true
			out = append(out, PageCover{Kind: "menu", Name: d.Name, Line: int(d.Span.Start.Line), Opened: shown("", d.Name)})
		}
	}
	return out
}

// absClean makes p absolute (relative to base, else the process's
// directory) and clean, so that paths from suites and walks compare.
func absClean(base, p string) string {
	if !filepath.IsAbs(p) && base != "" {
		p = filepath.Join(base, p)
	}
	if a, err := filepath.Abs(p); err == nil {
		p = a
	}
	return filepath.Clean(p)
}

// actionCover merges what the suites' calls of one action reached.
func actionCover(doc *sfmd.Document, info model.ActionInfo, covs []*model.Coverage) *ActionCover {
	ac := &ActionCover{ID: info.ID}
	lines := map[int]bool{}
	paths := map[model.ErrorPath]bool{}
	for _, c := range covs {
		if r := c.Actions[info.ID]; r != nil {
			ac.Calls += r.Calls
			for i := range r.Lines {
				lines[i] = true
			}
			for p := range r.Paths {
				paths[p] = true
			}
		}
	}
	ac.Invoked = ac.Calls > 0
	for _, a := range doc.Actions {
		if a.ID == info.ID && a.Fence != nil {
			ac.Line = int(a.Fence.Span.Start.Line)
			break
		}
	}
	docLines := templateDocLines(doc, info)
	for i, text := range info.Template {
		if strings.TrimSpace(text) == "" {
			continue
		}
		ac.Template = append(ac.Template, TemplateLine{Line: docLines[i], Index: i + 1, Text: strings.TrimSpace(text), Rendered: lines[i]})
	}
	for _, p := range info.ErrorPaths() {
		ac.ErrorPaths = append(ac.ErrorPaths, PathCover{Path: p, Exercised: paths[p]})
	}
	return ac
}

// templateDocLines maps the runtime's template line indexes to document
// lines: the lines of the last act.<id>.response block (the one the
// runtime keeps) whose text is the template's. Unknown lines are 0.
func templateDocLines(doc *sfmd.Document, info model.ActionInfo) []int {
	out := make([]int, len(info.Template))
	for i := len(doc.Responses) - 1; i >= 0; i-- {
		r := doc.Responses[i]
		if r.ActionID != info.ID || len(r.Lines) != len(info.Template) {
			continue
		}
		same := true
		for j, l := range r.Lines {
			if strings.TrimSpace(l.Line.Text) != strings.TrimSpace(info.Template[j]) {
				same = false
				break
			}
		}
		if !same {
			continue
		}
		for j, l := range r.Lines {
			out[j] = int(l.Line.Span.Start.Line)
		}
		break
	}
	return out
}

func (d *DocCoverage) add() {
	c := &d.CoverCounts
	for _, a := range d.Actions {
		c.Actions.count(a.Invoked)
		for _, l := range a.Template {
			c.TemplateLines.count(l.Rendered)
		}
		for _, p := range a.ErrorPaths {
			c.ErrorPaths.count(p.Exercised)
		}
	}
	for _, p := range d.Pages {
		c.Pages.count(p.Opened)
	}
	c.finish()
}

func (c *CoverCounts) addCounts(o *CoverCounts) {
	for _, k := range [][2]*Count{{&c.Actions, &o.Actions}, {&c.TemplateLines, &o.TemplateLines}, {&c.ErrorPaths, &o.ErrorPaths}, {&c.Pages, &o.Pages}} {
		k[0].Covered += k[1].Covered
		k[0].Total += k[1].Total
	}
}

func (c *CoverCounts) finish() {
	c.Covered = c.Actions.Covered + c.TemplateLines.Covered + c.ErrorPaths.Covered
	c.Total = c.Actions.Total + c.TemplateLines.Total + c.ErrorPaths.Total
	c.Percent = percent(c.Covered, c.Total)
}

// percent is covered/total in percent, rounded down to one decimal so
// that anything short of everything never shows as 100.0.
func percent(covered, total int) float64 {
	if total == 0 {
		return 100
	}
	return math.Floor(float64(covered)*1000/float64(total)) / 10
}

// Below reports whether the coverage is under min percent (compared
// exactly, not on the rounded figure).
func (c *CoverCounts) Below(min float64) bool {
	return float64(c.Covered)*100 < min*float64(c.Total)
}

// untestedDocs walks the directory roots for .md files that no suite of
// the run tests, the way Discover walks for suites: hidden folders,
// node_modules, vendor and git-ignored paths are skipped, and so are the
// suites' fixtures and fixtures/, golden/, testdata/ folders.
func untestedDocs(base string, roots []string, tested map[string]*docAcc, fixtures map[string]bool) []string {
	if len(roots) == 0 {
		roots = []string{"."}
	}
	ignored := gitignore.New().Ignored
	var out []string
	seen := map[string]bool{}
	for _, root := range roots {
		abs := absClean(base, root)
		if st, err := os.Stat(abs); err != nil || !st.IsDir() {
			continue
		}
		_ = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if p == abs {
					return err
				}
				return nil // unreadable entries below the root are not documents
			}
			name := d.Name()
			if d.IsDir() {
				if p != abs && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "vendor" || ignored(p, true) ||
					(fixtureDirNames[name] && dirHasSuite(filepath.Dir(p)))) {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.Type().IsRegular() || !strings.EqualFold(filepath.Ext(name), ".md") || ignored(p, false) {
				return nil
			}
			c := filepath.Clean(p)
			if tested[c] == nil && !fixtures[c] && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
			return nil
		})
	}
	return out
}

// fixtureDirNames are the folders that hold a suite's fixtures and
// goldens when they sit next to it (as in sfmd lint's walk).
var fixtureDirNames = map[string]bool{"fixtures": true, "golden": true, "testdata": true}

func dirHasSuite(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if suitespec.IsSuiteName(e.Name()) {
			return true
		}
	}
	return false
}

// Summary is the one-line total for CI logs.
func (c *CoverCounts) Summary() string {
	return fmt.Sprintf("%.1f%% (%d/%d): actions %d/%d, template lines %d/%d, error paths %d/%d",
		c.Percent, c.Covered, c.Total, c.Actions.Covered, c.Actions.Total,
		c.TemplateLines.Covered, c.TemplateLines.Total, c.ErrorPaths.Covered, c.ErrorPaths.Total)
}

// pathText says what a test must do to exercise an error path.
var pathText = map[model.ErrorPath]string{
	model.PathRequired:   "no test leaves out a required field (a step that passes other flags only, expecting error: Missing required flags)",
	model.PathHTTPStatus: "no test answers with a non-2xx status (a response with status: 500)",
	model.PathTransport:  "no test makes the request fail (an http entry with error: instead of response)",
	model.PathExit:       "no test has the command exit non-zero (an exec entry with exit: 1)",
}

// gap is one uncovered item, for the text and line formats.
type gap struct {
	line int
	msg  string
}

func (d *DocCoverage) gaps() []gap {
	var out []gap
	for _, a := range d.Actions {
		if !a.Invoked {
			out = append(out, gap{a.Line, fmt.Sprintf("act.%s is not invoked by any test", a.ID)})
			continue // its lines and paths follow from that
		}
		for _, l := range a.Template {
			if !l.Rendered {
				out = append(out, gap{l.Line, fmt.Sprintf("act.%s.response line %d never rendered: %s", a.ID, l.Index, l.Text)})
			}
		}
		for _, p := range a.ErrorPaths {
			if !p.Exercised {
				out = append(out, gap{a.Line, fmt.Sprintf("act.%s: %s", a.ID, pathText[p.Path])})
			}
		}
	}
	for _, p := range d.Pages {
		if p.Opened {
			continue
		}
		switch p.Kind {
		case "page":
			out = append(out, gap{p.Line, "the page is not opened by any test (a step /open " + path.Base(d.Path) + ")"})
		case "block":
			out = append(out, gap{p.Line, fmt.Sprintf("block %q is not opened by any test (/open %s#%s)", p.Name, path.Base(d.Path), p.Name)})
		case "menu":
			out = append(out, gap{p.Line, fmt.Sprintf("menu %q is not shown by any test (/open the page, or /nav %s)", p.Name, p.Name)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].line < out[j].line })
	return out
}

// WriteCoverText writes the report for people: per document its figures
// and what no test reaches (an action nobody invokes stands for its lines
// and error paths), then the summary line.
func WriteCoverText(w io.Writer, cr *CoverReport) {
	for _, d := range cr.Documents {
		tested := "tested by " + strings.Join(d.Suites, ", ")
		if len(d.Suites) == 0 {
			tested = "no suite"
		}
		fmt.Fprintf(w, "%s (%s): %s\n", d.Path, tested, d.Summary())
		for _, g := range d.gaps() {
			fmt.Fprintf(w, "  %s:%d: %s\n", d.Path, g.line, g.msg)
		}
	}
	fmt.Fprintf(w, "coverage: %s\n", cr.Summary())
	fmt.Fprintf(w, "pages: %s\n", cr.PagesSummary())
}

// PagesSummary is the one-line figure of the pages, blocks and menus the
// sessions showed (apart from the coverage percentage).
func (c *CoverCounts) PagesSummary() string {
	return fmt.Sprintf("%d/%d pages, blocks and menus opened", c.Pages.Covered, c.Pages.Total)
}

// WriteCoverLine writes one line per uncovered item in the problem-matcher
// shape, then the summary line.
func WriteCoverLine(w io.Writer, cr *CoverReport) {
	for _, d := range cr.Documents {
		for _, g := range d.gaps() {
			fmt.Fprintf(w, "%s:%d:1: info: %s [not-covered]\n", d.Path, max(g.line, 1), g.msg)
		}
	}
	fmt.Fprintf(w, "coverage: %s\n", cr.Summary())
}

// WriteCoverJSON writes the report as indented JSON.
func WriteCoverJSON(w io.Writer, cr *CoverReport) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(cr)
}

// displayRel shows abs relative to base when it lies below it.
func displayRel(base, abs string) string {
	if base == "" {
		if wd, err := os.Getwd(); err == nil {
			base = wd
		}
	}
	if rel, err := filepath.Rel(base, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}
