package suitespec

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/internal/vpath"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// Suite is what a *.test.yaml file says (test-format.md, version 1).
type Suite struct {
	Root    *yaml.Node // the suite's mapping
	Version int
	DocPath string     // the document: as written, "" when not set
	DocNode *yaml.Node // its value, nil when not set
	// Cwd and Home are virtual paths of the test's filesystem (the
	// sandbox stands for "/"): where the document lives, which is the
	// runtime's working directory, and the String home.
	Cwd         string
	Home        string
	Topic       string
	DocumentURL string
	Env         []KeyValue
	Vars        []KeyValue
	Files       []*File
	Tests       []*Test
}

// The defaults of the suite fields cwd and home.
const (
	DefaultCwd  = "/home/agent/docs"
	DefaultHome = "/home/agent"
)

// File is one entry of `files`.
type File struct {
	Name string // as written
	Path string // the virtual path it resolves to (against cwd)
	Text string // inline content
	From string // the source file, a name in the suite's Tree, when {from: …}
	Node *yaml.Node
}

// Test is one entry of `tests`.
type Test struct {
	Name  string
	Node  *yaml.Node // the test's mapping
	Skip  string
	Skips bool
	Steps []*Step
}

// Step is one call of the runtime with its fixtures and expectations.
type Step struct {
	Index  int        // 1-based
	Node   *yaml.Node // the step's mapping (or the test's, for the shorthand)
	Run    string
	RunPos *yaml.Node
	HTTP   []*HTTPFixture
	Exec   []*ExecFixture
	Expect Expectation
}

// HTTPFixture is one entry of `http`.
type HTTPFixture struct {
	Node    *yaml.Node
	Request Request
	// Exactly one of Response and Error (HasError) is set.
	Response *Response
	Error    string
	HasError bool
}

// Request is what the step must send.
type Request struct {
	Method  string
	URL     string
	Exact   bool
	Headers []KeyValue
	JSON    []byte // canonical JSON when HasJSON
	HasJSON bool
	Body    string
	HasBody bool
}

// Response is the recorded answer.
type Response struct {
	Status   int
	Headers  []KeyValue
	Body     []byte
	IsJSON   bool
	BodyFile string // a name in the suite's Tree, when the body came from body_file
	// Todo marks a stub written by sfmd test --init (stub.go).
	Todo     string
	TodoNode *yaml.Node
}

// ExecFixture is one entry of `exec`.
type ExecFixture struct {
	Node    *yaml.Node
	Command string
	Stdout  string
	Stderr  string
	Exit    int
	// Todo marks a stub written by sfmd test --init (stub.go).
	Todo     string
	TodoNode *yaml.Node
}

// Expectation holds a step's expectations.
type Expectation struct {
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
	Vars           []KeyValue
	Files          []KeyValue // virtual path (as written) → golden path (as written)
	FileGoldens    []string   // the goldens of Files: names in the suite's Tree
}

// WantOK is the expected ok flag.
func (e *Expectation) WantOK() bool {
	if e.OKSet {
		return e.OK
	}
	return !e.HasError
}

// Decode reads the suite src: its fields, tests, steps and fixtures,
// each value checked where it stands, every problem added to d.Errs with
// its position. The files it names are checked (body_file: read) through
// the suite's directory tree. It returns nil when src holds no suite at
// all (invalid YAML, empty, not a mapping); else the suite as far as it
// could be read, whose values are right only when d.Errs is empty.
func (d *Decoder) Decode(src []byte) *Suite {
	s := &Suite{Cwd: DefaultCwd, Home: DefaultHome}
	top, err := yamlpos.Root(src)
	if err != nil {
		d.Errs = append(d.Errs, yamlSyntaxError(d.path, err))
		return nil
	}
	if top == nil {
		d.Errs = append(d.Errs, &Error{Path: d.path, Msg: "empty suite: expected a mapping with \"version\" and \"tests\"; see test-format.md"})
		return nil
	}
	root := yamlpos.Deref(top)
	s.Root = root
	d.root = root
	var testsNode, filesNode *yaml.Node
	hasVersion := false
	d.fields(root, "suite", suiteKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "version":
			hasVersion = true
			if n, ok := d.integer(v, "version"); ok {
				if n != 1 {
					d.Errorf(v, "unsupported suite version %d, expected 1", n)
				}
				s.Version = n
			}
		case "document":
			if str, ok := d.str(v, "document"); ok {
				s.DocPath = str
				s.DocNode = v
			}
		case "topic":
			d.strInto(&s.Topic, v, "topic")
		case "document_url":
			if str, ok := d.str(v, "document_url"); ok {
				if !strings.HasPrefix(str, "http://") && !strings.HasPrefix(str, "https://") {
					d.Errorf(v, "document_url %q must be an http:// or https:// URL", str)
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
		return nil
	}
	if !hasVersion {
		d.Errorf(root, "missing required field \"version\"; add \"version: 1\" at the top")
	}
	if filesNode != nil {
		s.Files = d.files(filesNode, s.Cwd)
	}
	if testsNode == nil {
		d.Errorf(root, "missing required field \"tests\"; add a list of tests")
	} else {
		s.Tests = d.tests(testsNode)
	}
	return s
}

// DefaultDocument is the document a suite named suiteBase (a base name,
// "weather.test.yaml") tests when it sets no document: the .md with its
// stem, next to it (test-format.md).
func DefaultDocument(suiteBase string) string {
	return strings.TrimSuffix(strings.TrimSuffix(suiteBase, ".test.yaml"), ".test.yml") + ".md"
}

// Document is the document the suite named suiteBase (a base name) tests,
// relative to the suite's directory, in the system's separators: its
// document: or, without one, DefaultDocument, as sfmd test pairs a suite
// with its document (runner/suite.go decoder.document).
func (s *Suite) Document(suiteBase string) string {
	if s.DocNode != nil {
		return filepath.Clean(filepath.FromSlash(s.DocPath))
	}
	return DefaultDocument(suiteBase)
}

// virtualDir reads a directory of the test's filesystem: an absolute
// POSIX path, kept clean.
func (d *Decoder) virtualDir(n *yaml.Node, what, def string) string {
	s, ok := d.str(n, what)
	if !ok {
		return def
	}
	if !path.IsAbs(s) || strings.ContainsAny(s, "\x00\\") {
		d.Errorf(n, "%s %q must be an absolute path of the agent's machine, e.g. %q", what, s, def)
		return def
	}
	return path.Clean(s)
}

func (d *Decoder) files(n *yaml.Node, cwd string) []*File {
	n = yamlpos.Deref(n)
	if n.Kind != yaml.MappingNode {
		d.Errorf(n, "files must be a mapping of sandbox paths to contents, got %s", kindName(n))
		return nil
	}
	var out []*File
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
			d.Errorf(k, "files %q and %q are the same file %s; keep only one", prev, name, p)
			continue
		}
		seen[p] = name
		fs := &File{Name: name, Path: p, Node: k}
		if v.Kind == yaml.MappingNode {
			d.fields(v, fmt.Sprintf("files entry %q", name), fileFromKeys, func(_ string, _, fv *yaml.Node) {
				if p, ok := d.str(fv, "from"); ok {
					if from, ok := d.checkTreeFile(fv, p, fmt.Sprintf("files entry %q: from:", name), FixtureBytes); ok {
						fs.From = from
					}
				}
			})
			if fs.From == "" {
				if len(v.Content) == 0 {
					d.Errorf(v, "files entry %q needs \"from: <path>\" or inline text", name)
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
func (d *Decoder) virtualFile(n *yaml.Node, p, cwd, what string) (string, bool) {
	v := vpath.Resolve(cwd, p)
	if p == "" || v == "/" || strings.ContainsRune(p, 0) || strings.HasSuffix(p, "/") {
		d.Errorf(n, "%s %q must name a file of the test's filesystem: a path relative to cwd, or absolute", what, p)
		return "", false
	}
	return v, true
}

func (d *Decoder) tests(n *yaml.Node) []*Test {
	items, ok := d.list(n, `tests must be a list ("- name: …" items)`)
	if !ok {
		return nil
	}
	var out []*Test
	names := map[string]*yaml.Node{}
	for _, item := range items {
		t := &Test{Node: item}
		step := &Step{Index: 1, Node: item}
		var stepsNode *yaml.Node
		shorthand := false
		ok := d.fields(item, "test", testKeys, func(key string, k, v *yaml.Node) {
			switch key {
			case "name":
				d.strInto(&t.Name, v, "name")
			case "skip":
				t.Skips = true
				v = yamlpos.Deref(v)
				if v.Kind == yaml.ScalarNode && v.Tag == "!!bool" {
					var b bool
					if v.Decode(&b) == nil {
						t.Skips = b
					}
				} else {
					d.strInto(&t.Skip, v, "skip")
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
			d.Errorf(item, "test without a name; add \"name: <what it checks>\"")
		} else if prev, dup := names[t.Name]; dup {
			d.Errorf(item, "duplicate test name %q (first at line %d); test names must be unique in a suite", t.Name, prev.Line)
		} else {
			names[t.Name] = item
		}
		switch {
		case stepsNode != nil && shorthand:
			d.Errorf(item, "test %q has both \"steps\" and step fields (run/http/exec/expect); move them into steps", t.Name)
		case stepsNode != nil:
			t.Steps = d.steps(stepsNode)
		case shorthand:
			d.finishStep(step)
			t.Steps = []*Step{step}
		default:
			d.Errorf(item, "test %q has no steps; add \"run:\" (single step) or \"steps:\"", t.Name)
		}
		out = append(out, t)
	}
	return out
}

func (d *Decoder) steps(n *yaml.Node) []*Step {
	items, ok := d.list(n, `steps must be a list ("- run: …" items)`)
	if !ok {
		return nil
	}
	if len(items) == 0 {
		d.Errorf(yamlpos.Deref(n), "steps is empty; add at least one \"- run: …\"")
	}
	var out []*Step
	for i, item := range items {
		st := &Step{Index: i + 1, Node: item}
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

func (d *Decoder) finishStep(st *Step) {
	if st.RunPos == nil {
		d.Errorf(st.Node, "step %d has no \"run\"; add the command an agent would type, e.g. \"run: /act.search --q x\"", st.Index)
	}
	if st.Expect.Node == nil {
		st.Expect.OK = true
	}
}

func (d *Decoder) stepField(st *Step, key string, k, v *yaml.Node) {
	switch key {
	case "run":
		if s, ok := d.str(v, "run"); ok {
			if strings.TrimSpace(s) == "" {
				d.Errorf(v, "run is empty; write the command an agent would type")
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

func (d *Decoder) httpList(n *yaml.Node) []*HTTPFixture {
	items, ok := d.list(n, "http must be a list of {request, response} entries")
	if !ok {
		return nil
	}
	var out []*HTTPFixture
	for _, item := range items {
		f := &HTTPFixture{Node: item}
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
			d.Errorf(item, "http entry without \"request\"; add the method and url the step must send")
		}
		if hasResp && f.HasError {
			d.Errorf(item, "http entry has both \"response\" and \"error\"; keep one")
		}
		if !hasResp && !f.HasError {
			f.Response = &Response{Status: 200}
		}
		out = append(out, f)
	}
	return out
}

var httpMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"}

func (d *Decoder) request(r *Request, n *yaml.Node) {
	var methodSet, urlSet bool
	d.fields(n, "request", requestKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "method":
			if s, ok := d.str(v, "method"); ok {
				methodSet = true
				r.Method = strings.ToUpper(s)
				if !slices.Contains(httpMethods, r.Method) {
					d.Errorf(v, "unknown method %q, expected one of %s", s, suggest.QuoteList(httpMethods))
				}
			}
		case "url":
			if s, ok := d.str(v, "url"); ok {
				urlSet = true
				r.URL = s
				if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
					d.Errorf(v, "url %q must be an absolute http:// or https:// URL", s)
				}
			}
		case "exact":
			if b, ok := d.boolean(v, "exact"); ok {
				r.Exact = b
			}
		case "headers":
			r.Headers = d.stringMap(v, "request headers")
		case "json":
			raw, err := JSON(v)
			if err != nil {
				d.Errorf(v, "request json cannot be encoded: %v", err)
				return
			}
			c, err := CanonicalJSON(raw)
			if err != nil {
				d.Errorf(v, "request json cannot be encoded: %v", err)
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
		d.Errorf(n, "request without \"method\"; add e.g. \"method: GET\"")
	}
	if !urlSet {
		d.Errorf(n, "request without \"url\"; add the URL the step must send")
	}
	if r.HasJSON && r.HasBody {
		d.Errorf(n, "request has both \"json\" and \"body\"; keep one")
	}
}

func (d *Decoder) response(n *yaml.Node) *Response {
	r := &Response{Status: 200}
	var bodies int
	d.fields(n, "response", responseKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "status":
			if s, ok := d.integer(v, "status"); ok {
				if s < 100 || s > 999 {
					d.Errorf(v, "status %d is not an HTTP status, expected 100-999", s)
				}
				r.Status = s
			}
		case "headers":
			r.Headers = d.stringMap(v, "response headers")
		case "json":
			bodies++
			b, err := JSON(v)
			if err != nil {
				d.Errorf(v, "response json cannot be encoded: %v", err)
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
				if name, b, ok := d.readTree(v, p, "body_file", FixtureBytes); ok {
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
		d.Errorf(n, "response has more than one of \"json\", \"body\", \"body_file\"; keep one")
	}
	return r
}

func (d *Decoder) execList(n *yaml.Node) []*ExecFixture {
	items, ok := d.list(n, "exec must be a list of {command, stdout, stderr, exit} entries")
	if !ok {
		return nil
	}
	var out []*ExecFixture
	for _, item := range items {
		f := &ExecFixture{Node: item}
		hasCmd := false
		if !d.fields(item, "exec entry", execKeys, func(key string, k, v *yaml.Node) {
			switch key {
			case "command":
				if s, ok := d.str(v, "command"); ok {
					f.Command, hasCmd = s, true
				}
			case "stdout":
				d.strInto(&f.Stdout, v, "stdout")
			case "stderr":
				d.strInto(&f.Stderr, v, "stderr")
			case "exit":
				if x, ok := d.integer(v, "exit"); ok {
					if x < 0 || x > 255 {
						d.Errorf(v, "exit %d is out of range, expected 0-255", x)
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
			d.Errorf(item, "exec entry without \"command\"; add the command line the step must run")
		}
		out = append(out, f)
	}
	return out
}

func (d *Decoder) expect(e *Expectation, n *yaml.Node) {
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
		d.Errorf(e.Node, "expect has both \"output\" and \"output_file\"; keep one")
	}
	if e.HasError && e.OKSet && e.OK {
		d.Errorf(e.Node, "expect has \"error\" with \"ok: true\"; an error implies ok: false, drop \"ok\"")
	}
}
