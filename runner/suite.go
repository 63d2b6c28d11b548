package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// suite is one parsed *.test.yaml file (test-format.md, version 1): what
// it says (suitespec.Suite) and what the run needs beside it.
type suite struct {
	suitespec.Suite
	Path    string // as shown in messages (relative to where sfmd runs)
	AbsPath string // for reading and writing
	Src     []byte
	// SrcInfo is the suite file as Src was read from it: --update and
	// --record rewrite it only if it is still that file with that text.
	SrcInfo *safeio.Info
	// Tree is the suite's directory, open for the run: every file the
	// suite names is read (and, with --update, written) through it.
	Tree *os.Root

	// DocPath (in Suite) is the document: a name in Tree.
	DocName string // base name of the document
	Doc     *sfmd.Document
	// Parsed is Doc as the runtime reads it, made once for the pre-check
	// and all the suite's calls.
	Parsed *model.Parsed
	// Requirements is the setup document shown in the runtime's
	// "Setup info: /open <path>" hint, or "".
	Requirements string
}

// decoder reads a suite (suitespec.Decoder) and then checks it against
// its document.
type decoder struct {
	*suitespec.Decoder
	tree *os.Root // the suite's directory
	dir  string   // its path
}

// loadSuite reads and validates one suite. absPath is used for file
// access, display for messages. All problems are returned, each with the
// suite position.
func loadSuite(absPath, display string) (*suite, []*SuiteError) {
	return loadSuiteSecrets(absPath, display, nil)
}

// loadSuiteSecrets is loadSuite with the env values secrets gives taking
// the place of the suite's (Options.Secrets).
func loadSuiteSecrets(absPath, display string, secrets func(string) string) (*suite, []*SuiteError) {
	src, info, err := safeio.ReadFile(absPath, maxSuiteBytes)
	if err != nil {
		var nr *safeio.NotRegularError
		var big *safeio.TooLargeError
		msg := fmt.Sprintf("cannot read suite: %v", cause(err))
		switch {
		case errors.As(err, &nr):
			msg = fmt.Sprintf("cannot read suite: it is %s, not a regular file", safeio.Kind(nr.Mode))
		case errors.As(err, &big):
			msg = fmt.Sprintf("cannot read suite: it is larger than the limit of %s", safeio.FormatSize(big.Limit))
		}
		return nil, []*SuiteError{{Path: display, Msg: msg}}
	}
	tree, err := openTree(filepath.Dir(absPath))
	if err != nil {
		return nil, []*SuiteError{{Path: display, Msg: fmt.Sprintf("cannot open the suite's directory: %v", cause(err))}}
	}
	s, errs := parseSuiteSecrets(absPath, display, src, tree, secrets)
	if s == nil {
		_ = tree.Close()
	} else {
		s.SrcInfo = info
	}
	return s, errs
}

// close releases the suite's directory.
func (s *suite) close() {
	if s != nil && s.Tree != nil {
		_ = s.Tree.Close()
	}
}

// parseSuite validates suite source src. The files it names are read
// (and checked) through tree, the suite's directory.
func parseSuite(absPath, display string, src []byte, tree *os.Root) (*suite, []*SuiteError) {
	return parseSuiteSecrets(absPath, display, src, tree, nil)
}

// parseSuiteSecrets is parseSuite with the env values secrets gives (not
// "") taking the place of the suite's, before anything uses them.
func parseSuiteSecrets(absPath, display string, src []byte, tree *os.Root, secrets func(string) string) (*suite, []*SuiteError) {
	d := &decoder{Decoder: suitespec.NewDecoder(display, filepath.Dir(absPath), tree), tree: tree, dir: filepath.Dir(absPath)}
	spec := d.Decode(src)
	if spec == nil {
		return nil, d.Errs
	}
	s := &suite{Suite: *spec, Path: display, AbsPath: absPath, Src: src, Tree: tree}
	for i := range s.Env {
		if secrets == nil {
			break
		}
		if v := secrets(s.Env[i].Key); v != "" {
			s.Env[i].Value, s.Env[i].Secret = v, true
		}
	}
	root := s.Root
	d.document(s, s.DocNode, root)
	if len(d.Errs) == 0 {
		s.Requirements = requirementsPath(s)
		if err := expandFixtureEnv(s); err != nil {
			d.Errorf(root, "%v", err)
		}
	}
	if len(d.Errs) > 0 {
		// In the order of the suite's lines (the document is read last).
		sort.SliceStable(d.Errs, func(i, j int) bool {
			a, b := d.Errs[i], d.Errs[j]
			return a.Line < b.Line || (a.Line == b.Line && a.Col < b.Col)
		})
		red := newRedactor(s.Env)
		for _, e := range d.Errs {
			e.Msg = red.apply(e.Msg)
		}
		return nil, d.Errs
	}
	return s, nil
}

// document reads and parses the document under test: document: or the
// .md with the suite's stem, in the suite's tree.
func (d *decoder) document(s *suite, docNode, root *yaml.Node) {
	at, rel := docNode, s.DocPath
	if at == nil {
		at = root
		rel = suitespec.DefaultDocument(filepath.Base(s.AbsPath))
	}
	name, ok := d.TreeName(at, rel, "document")
	if !ok {
		return
	}
	s.DocPath, s.DocName = name, filepath.Base(name)
	docSrc, _, err := safeio.Read(d.tree, name, rel, maxDocumentBytes)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			d.Errorf(at, "document %q not found next to the suite; create it or set \"document:\" to its path", rel)
		} else {
			d.Errorf(at, "%s", suitespec.TreeError("document", rel, err))
		}
		return
	}
	s.Doc = sfmd.ParseAsRuntime(filepath.Join(d.dir, name), docSrc) // as the runtime reads it, without recovery
	s.Parsed = model.Parse(s.Doc)
	if s.Topic == "" {
		name := ""
		if s.Doc != nil && s.Doc.Frontmatter != nil {
			name, _ = s.Doc.Frontmatter.String("name")
		}
		if name == "" {
			name = strings.TrimSuffix(s.DocName, filepath.Ext(s.DocName))
		}
		s.Topic = "app:" + name
	}
	d.checkActions(s)
}

// checkActions verifies that every run: line calling an action names one
// the runtime finds in the document (a typo would otherwise test the
// NOT_FOUND message). The runtime itself says which action a line calls
// and which actions the document has (its line scanner sees action blocks
// CommonMark does not, e.g. inside an HTML comment). After a step that may
// change the current document (/open, /back, /refresh), an action of any
// page of the app (the .md files of the document's directory tree,
// appfiles.go) is accepted too. Steps that expect a failure may name a
// missing action on purpose.
func (d *decoder) checkActions(s *suite) {
	if s.Doc == nil {
		return
	}
	ids := map[string]bool{}
	var list []string
	for _, a := range s.Parsed.Actions() {
		if !ids[a.ID] {
			ids[a.ID] = true
			list = append(list, a.ID)
		}
	}
	var appIDs map[string]bool
	for _, t := range s.Tests {
		moved := false
		for _, st := range t.Steps {
			if navigates(st.Run) {
				moved = true
			}
			id, ok := model.CalledAction(st.Run)
			if !ok || !st.Expect.WantOK() {
				continue
			}
			if ids[id] {
				if !moved {
					d.checkFlags(s, st)
				}
				continue
			}
			if moved {
				if appIDs == nil {
					appIDs = appActions(s)
				}
				if appIDs[id] {
					continue
				}
			}
			msg := fmt.Sprintf("action %q is not defined in %s", id, s.DocName)
			if moved {
				msg = fmt.Sprintf("action %q is not defined in %s or another page of the app", id, s.DocName)
			}
			if best := closest(id, list); best != "" {
				msg += fmt.Sprintf("; did you mean %q?", best)
			} else if len(list) > 0 {
				msg += fmt.Sprintf(", expected one of %s", suggest.QuoteList(list))
			} else if !moved {
				msg += "; the document has no act.<id> blocks"
			}
			d.Errorf(st.RunPos, "%s", msg)
		}
	}
}

// checkFlags refuses a flag of a run: line that is not a field of the
// action but is within edit distance 2 of one the line does not give: a
// misspelling. The runtime would not refuse it: it puts the flag into the
// call's payload under its own name (bindCallerValues; an HTTP action
// sends it as a query parameter or JSON field), and the field meant stays
// unset. Other undeclared flags are
// left alone, as an API may take parameters the document does not list.
func (d *decoder) checkFlags(s *suite, st *testStep) {
	info, flags, ok := s.Parsed.CallFlags(st.Run)
	if !ok {
		return
	}
	given := map[string]bool{}
	for _, f := range flags {
		given[f] = true
	}
	var unset []string
	declared := map[string]bool{}
	for _, f := range info.Fields {
		declared[f.Name] = true
		if !given[f.Name] && !given[f.Name+"-file"] {
			unset = append(unset, f.Name)
		}
	}
	for _, f := range flags {
		if base, isFile := strings.CutSuffix(f, "-file"); declared[f] || (isFile && declared[base]) {
			continue
		}
		best := closest(f, unset)
		if best == "" || 2*suggest.EditDistance(f, best) > len(f) {
			continue // far from every unset field, or too short to tell
		}
		d.Errorf(st.RunPos, "flag --%s is not a field of action %q in %s (the runtime would pass it on under that name and leave %q unset); did you mean --%s?", f, info.ID, s.DocName, best, best)
	}
}

// closest returns the candidate within edit distance 2 of s, or "".
func closest(s string, cands []string) string {
	best, bestD := "", 3
	for _, c := range cands {
		if d := suggest.EditDistance(s, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// navigates reports whether a run line is /open, /back or /refresh, which
// may change the current document.
func navigates(run string) bool {
	switch model.CommandWord(run) {
	case "open", "back", "refresh":
		return true
	}
	return false
}

// appActions lists the action ids of the app's other pages.
func appActions(s *suite) map[string]bool {
	ids := map[string]bool{}
	if s.Tree == nil || s.DocumentURL != "" {
		return ids
	}
	names, _ := appPages(s)
	for _, n := range names {
		src, _, err := safeio.Read(s.Tree, filepath.FromSlash(n), n, maxDocumentBytes)
		if err != nil {
			continue
		}
		for _, a := range sfmd.ParseAsRuntime(n, src).Actions {
			ids[a.ID] = true
		}
	}
	return ids
}
