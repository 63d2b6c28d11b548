package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// suite is one parsed *.test.yaml file (test-format.md, version 1).
type suite struct {
	Path    string // as shown in messages (relative to where sfmd runs)
	AbsPath string // for reading and writing
	Src     []byte
	// SrcInfo is the suite file as Src was read from it: --update and
	// --record rewrite it only if it is still that file with that text.
	SrcInfo *safeio.Info
	Root    *yaml.Node
	// Tree is the suite's directory, open for the run: every file the
	// suite names is read (and, with --update, written) through it.
	Tree *os.Root

	Version int
	DocPath string // the document: a name in Tree
	DocName string // base name of the document
	// Cwd and Home are virtual paths of the test's filesystem (the
	// sandbox stands for "/"): where the document lives, which is the
	// runtime's working directory, and the String home.
	Cwd  string
	Home string
	Doc  *sfmd.Document
	// Parsed is Doc as the runtime reads it, made once for the pre-check
	// and all the suite's calls.
	Parsed      *model.Parsed
	Topic       string
	DocumentURL string
	Env         []keyValue
	Vars        []keyValue
	Files       []*fileSpec
	Tests       []*testCase
	// Requirements is the setup document shown in the runtime's
	// "Setup info: /open <path>" hint, or "".
	Requirements string
}

// The defaults of the suite fields cwd and home.
const (
	DefaultCwd  = "/home/agent/docs"
	DefaultHome = "/home/agent"
)

// fileSpec is one entry of `files`.
type fileSpec struct {
	Name string // as written
	Path string // the virtual path it resolves to (against cwd)
	Text string // inline content
	From string // the source file, a name in the suite's Tree, when {from: …}
	Node *yaml.Node
}

// testCase is one entry of `tests`.
type testCase struct {
	Name  string
	Node  *yaml.Node // the test's mapping
	Skip  string
	Skips bool
	Steps []*testStep
}

// testStep is one call of the runtime with its fixtures and expectations.
type testStep struct {
	Index  int        // 1-based
	Node   *yaml.Node // the step's mapping (or the test's, for the shorthand)
	Run    string
	RunPos *yaml.Node
	HTTP   []*httpFixture
	Exec   []*execFixture
	Expect expectation
}

// httpFixture is one entry of `http`.
type httpFixture struct {
	Node    *yaml.Node
	Request fixtureRequest
	// Exactly one of Response and Error (HasError) is set.
	Response *fixtureResponse
	Error    string
	HasError bool
}

// fixtureRequest is what the step must send.
type fixtureRequest struct {
	Method  string
	URL     string
	Exact   bool
	Headers []keyValue
	JSON    []byte // canonical JSON when HasJSON
	HasJSON bool
	Body    string
	HasBody bool
}

// fixtureResponse is the recorded answer.
type fixtureResponse struct {
	Status   int
	Headers  []keyValue
	Body     []byte
	IsJSON   bool
	BodyFile string // a name in the suite's Tree, when the body came from body_file
	// Todo marks a stub written by sfmd test --init (stub.go).
	Todo     string
	TodoNode *yaml.Node
}

// execFixture is one entry of `exec`.
type execFixture struct {
	Node    *yaml.Node
	Command string
	Stdout  string
	Stderr  string
	Exit    int
	// Todo marks a stub written by sfmd test --init (stub.go).
	Todo     string
	TodoNode *yaml.Node
}

// expectation holds a step's expectations.
type expectation struct {
	Node           *yaml.Node
	OK             bool
	OKSet          bool
	Output         string
	HasOutput      bool
	OutputNode     *yaml.Node // the scalar, for --update
	OutputShared   bool       // written through an anchor or alias
	OutputFile     string     // a name in the suite's Tree
	OutputFileRel  string     // as written
	OutputFileNode *yaml.Node
	Error          string
	HasError       bool
	Vars           []keyValue
	Files          []keyValue // virtual path (as written) → golden path (as written)
	FileGoldens    []string   // the goldens of Files: names in the suite's Tree
}

// wantOK is the expected ok flag.
func (e *expectation) wantOK() bool {
	if e.OKSet {
		return e.OK
	}
	return !e.HasError
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
	s := &suite{Path: display, AbsPath: absPath, Src: src, Tree: tree, Cwd: DefaultCwd, Home: DefaultHome}
	d := &decoder{path: display, tree: tree, dir: filepath.Dir(absPath)}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, []*SuiteError{yamlSyntaxError(display, err)}
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, []*SuiteError{{Path: display, Msg: "empty suite: expected a mapping with \"version\" and \"tests\"; see test-format.md"}}
	}
	root := yamlpos.Deref(doc.Content[0])
	s.Root = root
	d.root = root
	var docNode, testsNode, filesNode *yaml.Node
	hasVersion := false
	d.fields(root, "suite", suiteKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "version":
			hasVersion = true
			if n, ok := d.integer(v, "version"); ok {
				if n != 1 {
					d.errorf(v, "unsupported suite version %d, expected 1", n)
				}
				s.Version = n
			}
		case "document":
			if str, ok := d.str(v, "document"); ok {
				s.DocPath = str
				docNode = v
			}
		case "topic":
			if str, ok := d.str(v, "topic"); ok {
				s.Topic = str
			}
		case "document_url":
			if str, ok := d.str(v, "document_url"); ok {
				if !strings.HasPrefix(str, "http://") && !strings.HasPrefix(str, "https://") {
					d.errorf(v, "document_url %q must be an http:// or https:// URL", str)
				}
				s.DocumentURL = str
			}
		case "cwd":
			s.Cwd = d.virtualDir(v, "cwd", s.Cwd)
		case "home":
			s.Home = d.virtualDir(v, "home", s.Home)
		case "env":
			s.Env = d.stringMap(v, "env")
		case "vars":
			s.Vars = d.stringMap(v, "vars")
		case "files":
			filesNode = v
		case "tests":
			testsNode = v
		}
	})
	if root.Kind != yaml.MappingNode {
		return nil, d.errs
	}
	for i := range s.Env {
		if secrets == nil {
			break
		}
		if v := secrets(s.Env[i].Key); v != "" {
			s.Env[i].Value, s.Env[i].Secret = v, true
		}
	}
	if !hasVersion {
		d.errorf(root, "missing required field \"version\"; add \"version: 1\" at the top")
	}
	if filesNode != nil {
		s.Files = d.files(filesNode, s.Cwd)
	}
	if testsNode == nil {
		d.errorf(root, "missing required field \"tests\"; add a list of tests")
	} else {
		s.Tests = d.tests(testsNode)
	}

	d.document(s, docNode, root)
	if len(d.errs) == 0 {
		s.Requirements = requirementsPath(s)
		if err := expandFixtureEnv(s); err != nil {
			d.errorf(root, "%v", err)
		}
	}
	if len(d.errs) > 0 {
		// In the order of the suite's lines (the document is read last).
		sort.SliceStable(d.errs, func(i, j int) bool {
			a, b := d.errs[i], d.errs[j]
			return a.Line < b.Line || (a.Line == b.Line && a.Col < b.Col)
		})
		red := newRedactor(s.Env)
		for _, e := range d.errs {
			e.Msg = red.apply(e.Msg)
		}
		return nil, d.errs
	}
	return s, nil
}

// document reads and parses the document under test: document: or the
// .md with the suite's stem, in the suite's tree.
func (d *decoder) document(s *suite, docNode, root *yaml.Node) {
	at, rel := docNode, s.DocPath
	if at == nil {
		at = root
		base := filepath.Base(s.AbsPath)
		rel = strings.TrimSuffix(strings.TrimSuffix(base, ".test.yaml"), ".test.yml") + ".md"
	}
	name, ok := d.treeName(at, rel, "document")
	if !ok {
		return
	}
	s.DocPath, s.DocName = name, filepath.Base(name)
	docSrc, _, err := safeio.Read(d.tree, name, rel, maxDocumentBytes)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			d.errorf(at, "document %q not found next to the suite; create it or set \"document:\" to its path", rel)
		} else {
			d.errorf(at, "%s", treeError("document", rel, err))
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

// virtualDir reads a directory of the test's filesystem: an absolute
// POSIX path, kept clean.
func (d *decoder) virtualDir(n *yaml.Node, what, def string) string {
	s, ok := d.str(n, what)
	if !ok {
		return def
	}
	if !path.IsAbs(s) || strings.ContainsAny(s, "\x00\\") {
		d.errorf(n, "%s %q must be an absolute path of the agent's machine, e.g. %q", what, s, def)
		return def
	}
	return path.Clean(s)
}

func (d *decoder) files(n *yaml.Node, cwd string) []*fileSpec {
	n = yamlpos.Deref(n)
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "files must be a mapping of sandbox paths to contents, got %s", kindName(n))
		return nil
	}
	var out []*fileSpec
	seen := map[string]string{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := yamlpos.Deref(n.Content[i]), yamlpos.Deref(n.Content[i+1])
		name, ok := d.str(k, "files key")
		if !ok {
			continue
		}
		p, ok := d.virtualFile(k, name, cwd, "file")
		if !ok {
			continue
		}
		if prev, dup := seen[p]; dup {
			d.errorf(k, "files %q and %q are the same file %s; keep only one", prev, name, p)
			continue
		}
		seen[p] = name
		fs := &fileSpec{Name: name, Path: p, Node: k}
		if v.Kind == yaml.MappingNode {
			d.fields(v, fmt.Sprintf("files entry %q", name), fileFromKeys, func(_ string, _, fv *yaml.Node) {
				if p, ok := d.str(fv, "from"); ok {
					if from, ok := d.checkTreeFile(fv, p, fmt.Sprintf("files entry %q: from:", name), maxFixtureBytes); ok {
						fs.From = from
					}
				}
			})
			if fs.From == "" {
				if len(v.Content) == 0 {
					d.errorf(v, "files entry %q needs \"from: <path>\" or inline text", name)
				}
				continue
			}
		} else if text, ok := d.str(v, fmt.Sprintf("files entry %q", name)); ok {
			fs.Text = text
		} else {
			continue
		}
		out = append(out, fs)
	}
	return out
}

// virtualFile resolves a file of the test's filesystem, written relative
// to cwd or absolute (".." stops at "/", so every path is inside the
// sandbox); the root itself and NUL bytes are refused.
func (d *decoder) virtualFile(n *yaml.Node, p, cwd, what string) (string, bool) {
	v := model.Resolve(cwd, p)
	if p == "" || v == "/" || strings.ContainsRune(p, 0) || strings.HasSuffix(p, "/") {
		d.errorf(n, "%s %q must name a file of the test's filesystem: a path relative to cwd, or absolute", what, p)
		return "", false
	}
	return v, true
}

func (d *decoder) tests(n *yaml.Node) []*testCase {
	n = yamlpos.Deref(n)
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "tests must be a list (\"- name: …\" items), got %s", kindName(n))
		return nil
	}
	var out []*testCase
	names := map[string]*yaml.Node{}
	for _, item := range n.Content {
		item = yamlpos.Deref(item)
		t := &testCase{Node: item}
		step := &testStep{Index: 1, Node: item}
		var stepsNode *yaml.Node
		shorthand := false
		ok := d.fields(item, "test", testKeys, func(key string, k, v *yaml.Node) {
			switch key {
			case "name":
				if s, ok := d.str(v, "name"); ok {
					t.Name = s
				}
			case "skip":
				t.Skips = true
				v = yamlpos.Deref(v)
				if v.Kind == yaml.ScalarNode && v.Tag == "!!bool" {
					var b bool
					if v.Decode(&b) == nil {
						t.Skips = b
					}
				} else if s, ok := d.str(v, "skip"); ok {
					t.Skip = s
				}
			case "steps":
				stepsNode = v
			default:
				shorthand = true
				d.stepField(step, key, k, v)
			}
		})
		if !ok {
			continue
		}
		if t.Name == "" {
			d.errorf(item, "test without a name; add \"name: <what it checks>\"")
		} else if prev, dup := names[t.Name]; dup {
			d.errorf(item, "duplicate test name %q (first at line %d); test names must be unique in a suite", t.Name, prev.Line)
		} else {
			names[t.Name] = item
		}
		switch {
		case stepsNode != nil && shorthand:
			d.errorf(item, "test %q has both \"steps\" and step fields (run/http/exec/expect); move them into steps", t.Name)
		case stepsNode != nil:
			t.Steps = d.steps(stepsNode)
		case shorthand:
			d.finishStep(step)
			t.Steps = []*testStep{step}
		default:
			d.errorf(item, "test %q has no steps; add \"run:\" (single step) or \"steps:\"", t.Name)
		}
		out = append(out, t)
	}
	return out
}

func (d *decoder) steps(n *yaml.Node) []*testStep {
	n = yamlpos.Deref(n)
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "steps must be a list (\"- run: …\" items), got %s", kindName(n))
		return nil
	}
	if len(n.Content) == 0 {
		d.errorf(n, "steps is empty; add at least one \"- run: …\"")
	}
	var out []*testStep
	for i, item := range n.Content {
		item = yamlpos.Deref(item)
		st := &testStep{Index: i + 1, Node: item}
		if !d.fields(item, "step", stepKeys, func(key string, k, v *yaml.Node) {
			d.stepField(st, key, k, v)
		}) {
			continue
		}
		d.finishStep(st)
		out = append(out, st)
	}
	return out
}

func (d *decoder) finishStep(st *testStep) {
	if st.RunPos == nil {
		d.errorf(st.Node, "step %d has no \"run\"; add the command an agent would type, e.g. \"run: /act.search --q x\"", st.Index)
	}
	if st.Expect.Node == nil {
		st.Expect.OK = true
	}
}

func (d *decoder) stepField(st *testStep, key string, k, v *yaml.Node) {
	switch key {
	case "run":
		if s, ok := d.str(v, "run"); ok {
			if strings.TrimSpace(s) == "" {
				d.errorf(v, "run is empty; write the command an agent would type")
			}
			st.Run = s
			st.RunPos = yamlpos.Deref(v)
		}
	case "http":
		st.HTTP = d.httpList(v)
	case "exec":
		st.Exec = d.execList(v)
	case "expect":
		d.expect(&st.Expect, v)
	}
}

func (d *decoder) httpList(n *yaml.Node) []*httpFixture {
	n = yamlpos.Deref(n)
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "http must be a list of {request, response} entries, got %s", kindName(n))
		return nil
	}
	var out []*httpFixture
	for _, item := range n.Content {
		item = yamlpos.Deref(item)
		f := &httpFixture{Node: item}
		var hasReq, hasResp bool
		d.fields(item, "http entry", httpKeys, func(key string, k, v *yaml.Node) {
			switch key {
			case "request":
				hasReq = true
				d.request(&f.Request, v)
			case "response":
				hasResp = true
				f.Response = d.response(v)
			case "error":
				if s, ok := d.str(v, "error"); ok {
					f.Error, f.HasError = s, true
				}
			}
		})
		if item.Kind != yaml.MappingNode {
			continue
		}
		if !hasReq {
			d.errorf(item, "http entry without \"request\"; add the method and url the step must send")
		}
		if hasResp && f.HasError {
			d.errorf(item, "http entry has both \"response\" and \"error\"; keep one")
		}
		if !hasResp && !f.HasError {
			f.Response = &fixtureResponse{Status: 200}
		}
		out = append(out, f)
	}
	return out
}

var httpMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"}

func (d *decoder) request(r *fixtureRequest, n *yaml.Node) {
	var methodSet, urlSet bool
	d.fields(n, "request", requestKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "method":
			if s, ok := d.str(v, "method"); ok {
				methodSet = true
				r.Method = strings.ToUpper(s)
				if !contains(httpMethods, r.Method) {
					d.errorf(v, "unknown method %q, expected one of %s", s, quoteList(httpMethods))
				}
			}
		case "url":
			if s, ok := d.str(v, "url"); ok {
				urlSet = true
				r.URL = s
				if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
					d.errorf(v, "url %q must be an absolute http:// or https:// URL", s)
				}
			}
		case "exact":
			if b, ok := d.boolean(v, "exact"); ok {
				r.Exact = b
			}
		case "headers":
			r.Headers = d.stringMap(v, "request headers")
		case "json":
			raw, err := toJSON(v)
			if err != nil {
				d.errorf(v, "request json cannot be encoded: %v", err)
				return
			}
			c, err := canonicalJSON(raw)
			if err != nil {
				d.errorf(v, "request json cannot be encoded: %v", err)
				return
			}
			r.JSON, r.HasJSON = []byte(c), true
		case "body":
			if s, ok := d.str(v, "body"); ok {
				r.Body, r.HasBody = s, true
			}
		}
	})
	if n = yamlpos.Deref(n); n.Kind != yaml.MappingNode {
		return
	}
	if !methodSet {
		d.errorf(n, "request without \"method\"; add e.g. \"method: GET\"")
	}
	if !urlSet {
		d.errorf(n, "request without \"url\"; add the URL the step must send")
	}
	if r.HasJSON && r.HasBody {
		d.errorf(n, "request has both \"json\" and \"body\"; keep one")
	}
}

func (d *decoder) response(n *yaml.Node) *fixtureResponse {
	r := &fixtureResponse{Status: 200}
	var bodies int
	d.fields(n, "response", responseKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "status":
			if s, ok := d.integer(v, "status"); ok {
				if s < 100 || s > 999 {
					d.errorf(v, "status %d is not an HTTP status, expected 100-999", s)
				}
				r.Status = s
			}
		case "headers":
			r.Headers = d.stringMap(v, "response headers")
		case "json":
			bodies++
			b, err := toJSON(v)
			if err != nil {
				d.errorf(v, "response json cannot be encoded: %v", err)
				return
			}
			r.Body, r.IsJSON = b, true
		case "body":
			bodies++
			if s, ok := d.str(v, "body"); ok {
				r.Body = []byte(s)
			}
		case "body_file":
			bodies++
			if p, ok := d.str(v, "body_file"); ok {
				if name, b, ok := d.readTree(v, p, "body_file", maxFixtureBytes); ok {
					r.Body, r.BodyFile = b, name
				}
			}
		case "todo":
			if s, ok := d.str(v, "todo"); ok {
				r.Todo, r.TodoNode = s, k
			}
		}
	})
	if bodies > 1 {
		d.errorf(n, "response has more than one of \"json\", \"body\", \"body_file\"; keep one")
	}
	return r
}

func (d *decoder) execList(n *yaml.Node) []*execFixture {
	n = yamlpos.Deref(n)
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "exec must be a list of {command, stdout, stderr, exit} entries, got %s", kindName(n))
		return nil
	}
	var out []*execFixture
	for _, item := range n.Content {
		item = yamlpos.Deref(item)
		f := &execFixture{Node: item}
		hasCmd := false
		if !d.fields(item, "exec entry", execKeys, func(key string, k, v *yaml.Node) {
			switch key {
			case "command":
				if s, ok := d.str(v, "command"); ok {
					f.Command, hasCmd = s, true
				}
			case "stdout":
				if s, ok := d.str(v, "stdout"); ok {
					f.Stdout = s
				}
			case "stderr":
				if s, ok := d.str(v, "stderr"); ok {
					f.Stderr = s
				}
			case "exit":
				if x, ok := d.integer(v, "exit"); ok {
					if x < 0 || x > 255 {
						d.errorf(v, "exit %d is out of range, expected 0-255", x)
					}
					f.Exit = x
				}
			case "todo":
				if s, ok := d.str(v, "todo"); ok {
					f.Todo, f.TodoNode = s, k
				}
			}
		}) {
			continue
		}
		if !hasCmd {
			d.errorf(item, "exec entry without \"command\"; add the command line the step must run")
		}
		out = append(out, f)
	}
	return out
}

func (d *decoder) expect(e *expectation, n *yaml.Node) {
	e.Node = yamlpos.Deref(n)
	e.OK = true
	d.fields(n, "expect", expectKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "ok":
			if b, ok := d.boolean(v, "ok"); ok {
				e.OK, e.OKSet = b, true
			}
		case "output":
			if s, ok := d.str(v, "output"); ok {
				e.Output, e.HasOutput, e.OutputNode = s, true, yamlpos.Deref(v)
				e.OutputShared = v.Kind == yaml.AliasNode || v.Anchor != ""
			}
		case "output_file":
			if s, ok := d.str(v, "output_file"); ok {
				e.OutputFileRel, e.OutputFileNode = s, yamlpos.Deref(v)
				e.OutputFile, _ = d.checkGolden(v, s, "output_file")
			}
		case "error":
			if s, ok := d.str(v, "error"); ok {
				e.Error, e.HasError = s, true
			}
		case "vars":
			e.Vars = d.stringMap(v, "expect vars")
		case "files":
			e.Files = d.stringMap(v, "expect files")
			e.FileGoldens = make([]string, len(e.Files))
			for i, f := range e.Files {
				d.virtualFile(f.KeyNode, f.Key, DefaultCwd, "expected file")
				e.FileGoldens[i], _ = d.checkGolden(f.Node, f.Value, "golden")
			}
		}
	})
	if e.HasOutput && e.OutputFileNode != nil {
		d.errorf(e.Node, "expect has both \"output\" and \"output_file\"; keep one")
	}
	if e.HasError && e.OKSet && e.OK {
		d.errorf(e.Node, "expect has \"error\" with \"ok: true\"; an error implies ok: false, drop \"ok\"")
	}
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
			if !ok || !st.Expect.wantOK() {
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
				msg += fmt.Sprintf(", expected one of %s", quoteList(list))
			} else if !moved {
				msg += "; the document has no act.<id> blocks"
			}
			d.errorf(st.RunPos, "%s", msg)
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
		d.errorf(st.RunPos, "flag --%s is not a field of action %q in %s (the runtime would pass it on under that name and leave %q unset); did you mean --%s?", f, info.ID, s.DocName, best, best)
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
