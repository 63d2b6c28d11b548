package runner

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// sfmd test --init: a suite next to a document, one test per action. The
// invocation comes from the document (initcall.go), the request from the
// runtime itself, the response is a stub (todo:) to fill in or --record,
// and the expected output is left for sfmd test --update. An existing
// suite is never overwritten: it only gets the tests of the actions none
// of its steps invokes (and the env stand-ins they need), appended as
// text so that everything else stays as written.

// InitResult says what InitSuite did for one document.
type InitResult struct {
	Suite    string   // the suite's absolute path
	Created  bool     // a new suite was written
	Added    []string // the names of the tests added
	Warnings []string // calls that did not go as a test expects
}

// UserError is a problem the user can fix (exit status 2).
type UserError struct{ Msg string }

func (e *UserError) Error() string { return e.Msg }

func userErrorf(format string, args ...any) error {
	return &UserError{Msg: fmt.Sprintf(format, args...)}
}

// InitSuite writes (or completes) the suite of the document at docAbs,
// shown as display in messages.
func InitSuite(docAbs, display string) (*InitResult, error) {
	src, _, err := safeio.ReadFile(docAbs, maxDocumentBytes)
	if err != nil {
		return nil, userErrorf("%s: cannot read the document: %v", display, cause(err))
	}
	doc := sfmd.Parse(docAbs, src)
	parsed := model.Parse(doc)
	infos := parsed.Actions()
	if len(infos) == 0 {
		return nil, userErrorf("%s has no actions the runtime can call (```act.<id> blocks); there is nothing to test", display)
	}
	g := &initGen{doc: doc, parsed: parsed, display: display, smp: newSampler(doc), names: map[string]bool{}, covered: map[string]bool{},
		cwd: DefaultCwd, home: DefaultHome}
	g.res.Suite = suitePathFor(docAbs)
	suiteDisplay := displaySibling(display, g.res.Suite)
	// The suite is read and written in the document's directory only, as
	// --update writes in the suite's: a link there that leads out of it is
	// refused, never written through.
	dir, base := filepath.Split(g.res.Suite)
	tree, err := os.OpenRoot(dir)
	if err != nil {
		return nil, userErrorf("%s: cannot open the document's directory: %v", display, cause(err))
	}
	defer func() { _ = tree.Close() }()
	old, oldInfo, err := safeio.Read(tree, base, suiteDisplay, maxSuiteBytes)
	exists := err == nil
	switch {
	case exists:
		if err := g.readExisting(old); err != nil {
			return nil, err
		}
	case errors.Is(err, os.ErrNotExist):
		g.topic = defaultTopic(doc, docAbs)
		g.indent = 2 // "  - name:", as in the examples of docs/testing.md
	case safeio.IsEscape(err):
		return nil, userErrorf("%s leads outside the document's directory through a symbolic link; sfmd test --init writes a suite only in the document's directory, nothing was written", suiteDisplay)
	default:
		return nil, userErrorf("%s: cannot read the suite: %v", suiteDisplay, cause(err))
	}
	for _, name := range envNames(doc, parsed) {
		if v, ok := g.envValue(name); ok {
			g.secrets = append(g.secrets, keyValue{Key: name, Value: v})
			continue
		}
		kv := keyValue{Key: name, Value: standIn(name)}
		g.env = append(g.env, kv)
		g.newEnv = append(g.newEnv, kv)
		g.secrets = append(g.secrets, kv)
	}
	var tests []string
	for _, info := range infos {
		if g.covered[info.ID] {
			continue
		}
		t, err := g.test(info)
		if err != nil {
			return nil, err
		}
		tests = append(tests, t)
	}
	if !g.opened {
		t, err := g.openTest(filepath.Base(docAbs), infos)
		if err != nil {
			return nil, err
		}
		tests = append(tests, t)
	}
	if len(tests) == 0 {
		return &g.res, nil
	}
	out := g.fresh(filepath.Base(docAbs), filepath.Base(g.res.Suite), tests)
	if exists {
		if out, err = g.extend(old, tests); err != nil {
			return nil, err
		}
	}
	if err := g.verify(out); err != nil {
		return nil, fmt.Errorf("internal error: %v; please report this with the document", err)
	}
	if exists {
		err = replaceSuite(tree, base, suiteDisplay, out, oldInfo, old)
	} else {
		err = createSuite(tree, base, suiteDisplay, out)
		g.res.Created = true
	}
	if err != nil {
		return nil, userErrorf("%s: %v", suiteDisplay, err)
	}
	return &g.res, nil
}

// verify loads the generated suite and checks that the request of every
// added test matches what the runtime sent for it.
func (g *initGen) verify(out []byte) error {
	s, errs := parseSuiteAt(g.res.Suite, filepath.Base(g.res.Suite), out)
	if len(errs) > 0 {
		return fmt.Errorf("the generated suite does not load (%v)", errs[0])
	}
	byName := map[string]*testCase{}
	for _, t := range s.Tests {
		byName[t.Name] = t
	}
	for i, name := range g.res.Added {
		t, c := byName[name], g.calls[i]
		if t == nil || len(t.Steps) != 1 || len(t.Steps[0].HTTP) != len(c.reqs) {
			return fmt.Errorf("the generated test %q does not hold the %d request(s) sent", name, len(c.reqs))
		}
		for j, r := range c.reqs {
			req, err := http.NewRequest(r.method, r.url, nil)
			if err != nil {
				return err
			}
			req.Header = r.header
			if why := matchRequest(&t.Steps[0].HTTP[j].Request, req, []byte(r.body)); why != "" {
				return fmt.Errorf("the generated request of test %q does not match what the runtime sent: %s", name, why)
			}
		}
	}
	return nil
}

// parseSuiteAt parses suite source src as the suite file at abs would be
// parsed: the files it names are read through abs's directory.
func parseSuiteAt(abs, display string, src []byte) (*suite, []*SuiteError) {
	tree, err := openTree(filepath.Dir(abs))
	if err != nil {
		return nil, []*SuiteError{{Path: display, Msg: fmt.Sprintf("cannot open the suite's directory: %v", cause(err))}}
	}
	defer func() { _ = tree.Close() }()
	return parseSuite(abs, display, src, tree)
}

// suitePathFor is the suite next to the document: stem.test.yaml, or an
// existing stem.test.yml.
func suitePathFor(docAbs string) string {
	stem := strings.TrimSuffix(docAbs, filepath.Ext(docAbs))
	if _, err := os.Stat(stem + ".test.yml"); err == nil {
		return stem + ".test.yml"
	}
	return stem + ".test.yaml"
}

// displaySibling shows a file next to the document the way the document
// is shown.
func displaySibling(docDisplay, abs string) string {
	return filepath.ToSlash(filepath.Join(filepath.Dir(docDisplay), filepath.Base(abs)))
}

// defaultTopic is the topic a suite without topic: runs in.
func defaultTopic(doc *sfmd.Document, docAbs string) string {
	name := ""
	if doc.Frontmatter != nil {
		name, _ = doc.Frontmatter.String("name")
	}
	if name == "" {
		base := filepath.Base(docAbs)
		name = strings.TrimSuffix(base, filepath.Ext(base))
	}
	return "app:" + name
}

// initGen is the state of one InitSuite.
type initGen struct {
	doc     *sfmd.Document
	parsed  *model.Parsed
	display string
	smp     *sampler
	topic   string
	cwd     string // the suite's cwd and home (virtual paths)
	home    string
	env     []keyValue // the suite's env with the stand-ins added
	newEnv  []keyValue // the stand-ins added
	secrets []keyValue // the env values the document reads: written back as $NAME
	names   map[string]bool
	covered map[string]bool  // action ids some step invokes
	opened  bool             // some step runs /open, /back or /refresh
	root    *yaml.Node       // the existing suite's mapping
	calls   []*generatedCall // the calls of the tests added, in order
	indent  int              // of the "- " of the existing tests
	res     InitResult
}

func (g *initGen) envValue(name string) (string, bool) {
	for _, kv := range g.env {
		if kv.Key == name {
			return kv.Value, true
		}
	}
	return "", false
}

// readExisting loads the existing suite: the actions it invokes, its test
// names, topic and env.
func (g *initGen) readExisting(src []byte) error {
	shown := displaySibling(g.display, g.res.Suite)
	s, errs := parseSuiteAt(g.res.Suite, shown, src)
	if len(errs) > 0 {
		return userErrorf("%v; fix the suite before adding tests to it", errs[0])
	}
	g.topic, g.env, g.root = s.Topic, s.Env, s.Root
	g.cwd, g.home = s.Cwd, s.Home
	for _, t := range s.Tests {
		g.names[t.Name] = true
		for _, st := range t.Steps {
			if id, ok := model.CalledAction(st.Run); ok {
				g.covered[id] = true
			} else if id, ok := g.parsed.CalledToolAction(st.Run); ok {
				g.covered[id] = true
			}
			g.opened = g.opened || navigates(st.Run)
		}
	}
	tests := yamlpos.Get(s.Root, "tests")
	if tests == nil || tests.Kind != yaml.SequenceNode || tests.Style&yaml.FlowStyle != 0 || len(tests.Content) == 0 {
		return userErrorf("%s: tests is not a block list (\"- name: …\" items); write it as one to add tests to it", shown)
	}
	g.indent = tests.Content[0].Column - 3 // "- " before the item's first key
	if g.indent < 0 {
		g.indent = 0
	}
	return nil
}

// test generates the test of one action.
func (g *initGen) test(info model.ActionInfo) (string, error) {
	inv := pickInvocation(g.doc, g.parsed, info, g.smp)
	line := inv.String(info.ID)
	call, err := callOnce(g.doc, g.parsed, g.topic, g.env, g.cwd, g.home, line)
	if err != nil {
		return "", err
	}
	name := info.ID
	for n := 2; g.names[name]; n++ {
		name = fmt.Sprintf("%s (%d)", info.ID, n)
	}
	g.names[name] = true
	g.res.Added = append(g.res.Added, name)
	if !call.res.OK && len(call.reqs) == 0 && len(call.cmds) == 0 {
		first, _, _ := strings.Cut(call.res.Content, "\n")
		g.res.Warnings = append(g.res.Warnings, fmt.Sprintf("act.%s: %s fails before it sends anything (%s); fix the run line of test %q", info.ID, line, first, name))
	}
	g.calls = append(g.calls, call)
	return renderTest(name, call, info, g.secrets, g.indent), nil
}

// Texts of the stubs.
const (
	todoResponse = "fill in what the server answers, then delete this line (or run sfmd test --record)"
	todoExec     = "fill in what the command prints, then delete this line"
)

// renderTest writes one test as a block list item indented by pad spaces.
func renderTest(name string, c *generatedCall, info model.ActionInfo, env []keyValue, pad int) string {
	p := strings.Repeat(" ", pad)
	var b strings.Builder
	fmt.Fprintf(&b, "%s- name: %s\n", p, yamlScalar(name))
	fmt.Fprintf(&b, "%s  run: %s\n", p, yamlScalar(c.run))
	if len(c.reqs) > 0 {
		fmt.Fprintf(&b, "%s  http:\n", p)
		for _, r := range c.reqs {
			renderRequest(&b, p+"    ", r, info, env)
		}
	}
	if len(c.cmds) > 0 {
		writeExecStubs(&b, p, "exec:", c.cmds)
	}
	fmt.Fprintf(&b, "%s  expect:\n%s    output: \"\"\n", p, p)
	return b.String()
}

// renderRequest writes one http entry: the request as the runtime sent
// it (the action's own headers only; env values as $NAME) and a stub
// response.
func renderRequest(b *strings.Builder, p string, r captured, info model.ActionInfo, env []keyValue) {
	fmt.Fprintf(b, "%s- request:\n", p)
	fmt.Fprintf(b, "%s    method: %s\n", p, r.method)
	fmt.Fprintf(b, "%s    url: %s\n", p, yamlScalar(envRefs(r.url, env, false)))
	var headers []string
	seen := map[string]bool{}
	for _, h := range info.Headers {
		k := http.CanonicalHeaderKey(h)
		if v, ok := r.header[k]; ok && !seen[k] {
			seen[k] = true
			headers = append(headers, fmt.Sprintf("%s      %s: %s\n", p, yamlScalar(h), yamlScalar(envRefs(strings.Join(v, ", "), env, false))))
		}
	}
	if len(headers) > 0 {
		fmt.Fprintf(b, "%s    headers:\n%s", p, strings.Join(headers, ""))
	}
	if r.body != "" {
		body := envRefs(r.body, env, json.Valid([]byte(r.body)))
		if y, ok := jsonAsYAML(body, len(p)+4); ok {
			fmt.Fprintf(b, "%s    json:%s", p, y)
		} else {
			fmt.Fprintf(b, "%s    body: %s", p, renderScalar(body, len(p)+4, false, true, ""))
		}
	}
	fmt.Fprintf(b, "%s  response:\n", p)
	fmt.Fprintf(b, "%s    todo: %s\n", p, todoResponse)
	fmt.Fprintf(b, "%s    status: 200\n", p)
	if info.HasTemplate && strings.Contains(strings.Join(info.Template, "\n"), "Response.body") {
		fmt.Fprintf(b, "%s    json: {}\n", p)
	} else {
		fmt.Fprintf(b, "%s    body: \"\"\n", p)
	}
}

// envRefs writes the secrets (the env values the document reads) in s as
// $NAME, as --record does (maskValues: values of at least minSecretLen
// characters, where they occur as a value); replay expands them again.
// In a JSON text (isJSON) a value is looked for as JSON escapes it.
func envRefs(s string, env []keyValue, isJSON bool) string {
	if isJSON {
		esc := make([]keyValue, len(env))
		for i, kv := range env {
			esc[i] = keyValue{Key: kv.Key, Value: jsonEscape(kv.Value)}
		}
		env = esc
	}
	return maskValues(s, env, func(name string) string { return "$" + name })
}

// jsonAsYAML writes a JSON body as the YAML value of a json: key
// indented by parent spaces, starting with the space or newline after the
// colon: a flow mapping on the key's line when short ({id: bk_1001}), a
// block below it otherwise. Key order and every value's type are kept.
func jsonAsYAML(body string, parent int) (string, bool) {
	if !json.Valid([]byte(body)) {
		return "", false
	}
	var doc yaml.Node
	if yaml.Unmarshal([]byte(body), &doc) != nil || len(doc.Content) == 0 {
		return "", false
	}
	root := doc.Content[0]
	plain(root)
	setStyle(root, yaml.FlowStyle)
	if out, err := yaml.Marshal(root); err == nil && !bytes.Contains(bytes.TrimSuffix(out, []byte("\n")), []byte("\n")) && len(out) <= 72 {
		return " " + string(out), true
	}
	if root.Kind != yaml.MappingNode && root.Kind != yaml.SequenceNode {
		return "", false
	}
	setStyle(root, 0)
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if enc.Encode(root) != nil || enc.Close() != nil {
		return "", false
	}
	pad := strings.Repeat(" ", parent+2)
	var b strings.Builder
	b.WriteString("\n")
	for _, l := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		b.WriteString(pad + l + "\n")
	}
	return b.String(), true
}

// plain lets the encoder choose how to write each string (quoting only
// what would otherwise read as another type) instead of keeping JSON's
// double quotes.
func plain(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!str" {
		n.Style = 0
	}
	for _, c := range n.Content {
		plain(c)
	}
}

func setStyle(n *yaml.Node, style yaml.Style) {
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		n.Style = style
	}
	for _, c := range n.Content {
		setStyle(c, style)
	}
}

// yamlScalar writes a one-line value as a YAML scalar: plain when YAML
// reads it back as the same string, else double-quoted.
func yamlScalar(s string) string {
	if s != "" && !strings.ContainsAny(s, "\n\r\t") {
		out, err := yaml.Marshal(s)
		if err == nil {
			t := strings.TrimSuffix(string(out), "\n")
			var back string
			if !strings.Contains(t, "\n") && yaml.Unmarshal([]byte("v: "+t), &struct {
				V *string `yaml:"v"`
			}{&back}) == nil && back == s {
				return t
			}
		}
	}
	return quoteYAML(s)
}

// fresh writes a new suite.
func (g *initGen) fresh(docName, suiteName string, tests []string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# Tests of %s, written by sfmd test --init: one test per action, and\n", docName)
	b.WriteString("# one that opens the app (the page it shows goes to a golden file).\n")
	b.WriteString("# A response marked todo is a stub: write what the server answers in its\n")
	b.WriteString("# place (or fetch it with sfmd test --record), delete the todo line, then\n")
	b.WriteString("# run sfmd test --update to fill in the expected outputs.\n")
	b.WriteString("version: 1\n")
	if strings.TrimSuffix(suiteName, filepath.Ext(suiteName)) != strings.TrimSuffix(docName, filepath.Ext(docName))+".test" {
		fmt.Fprintf(&b, "document: %s\n", yamlScalar(docName))
	}
	if len(g.newEnv) > 0 {
		b.WriteString("env: # stand-ins for the secrets: requests name them as $NAME\n")
		for _, kv := range g.newEnv {
			fmt.Fprintf(&b, "  %s: %s\n", kv.Key, yamlScalar(kv.Value))
		}
	}
	b.WriteString("tests:\n")
	b.WriteString(strings.Join(tests, "\n"))
	return []byte(b.String())
}

// extend appends tests (and missing env stand-ins) to an existing suite,
// leaving every other byte as it was.
func (g *initGen) extend(src []byte, tests []string) ([]byte, error) {
	var edits []textEdit
	testsKey, _ := yamlpos.Pair(g.root, "tests")
	end := blockEnd(src, testsKey)
	text := "\n" + strings.Join(tests, "\n")
	if end > 0 && src[end-1] != '\n' {
		text = "\n" + text
	}
	edits = append(edits, textEdit{end, end, text})
	if len(g.newEnv) > 0 {
		e, err := g.envEdit(src, testsKey)
		if err != nil {
			return nil, err
		}
		edits = append(edits, e)
	}
	out := append([]byte(nil), src...)
	// Apply from the end so that earlier offsets stay valid.
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	for _, e := range edits {
		out = append(out[:e.start], append([]byte(e.text), out[e.end:]...)...)
	}
	if bytes.Contains(src, []byte("\r\n")) {
		out = bytes.ReplaceAll(bytes.ReplaceAll(out, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
	}
	return out, nil
}

// envEdit adds the stand-ins to env: at the end of its block, or as a new
// env block before tests.
func (g *initGen) envEdit(src []byte, testsKey *yaml.Node) (textEdit, error) {
	var b strings.Builder
	envKey, _ := yamlpos.Pair(g.root, "env")
	if envKey == nil {
		b.WriteString("env: # stand-ins for the secrets: requests name them as $NAME\n")
		for _, kv := range g.newEnv {
			fmt.Fprintf(&b, "  %s: %s\n", kv.Key, yamlScalar(kv.Value))
		}
		at := offsetOf(src, testsKey.Line, 1)
		return textEdit{at, at, b.String()}, nil
	}
	val := yamlpos.Get(g.root, "env")
	if val.Kind != yaml.MappingNode || val.Style&yaml.FlowStyle != 0 || len(val.Content) == 0 {
		var names []string
		for _, kv := range g.newEnv {
			names = append(names, kv.Key)
		}
		return textEdit{}, userErrorf("%s: the new tests need env values for %s, and env is not a block mapping; write it as one (NAME: value lines)", displaySibling(g.display, g.res.Suite), strings.Join(names, ", "))
	}
	pad := strings.Repeat(" ", val.Content[0].Column-1)
	for _, kv := range g.newEnv {
		fmt.Fprintf(&b, "%s%s: %s\n", pad, kv.Key, yamlScalar(kv.Value))
	}
	at := blockEnd(src, envKey)
	if at > 0 && src[at-1] != '\n' {
		return textEdit{at, at, "\n" + b.String()}, nil
	}
	return textEdit{at, at, b.String()}, nil
}

// blockEnd returns the offset just past the block value of the top-level
// key: the start of the first later non-blank line indented no more than
// the key, except list items ("- ") at the key's indentation, which
// belong to it; comments and blank lines just before the next key stay
// with that key.
func blockEnd(src []byte, key *yaml.Node) int {
	indent := key.Column - 1
	off := offsetOf(src, key.Line, 1)
	end := lineEnd(src, off)
	if end < len(src) {
		end++
	}
	for o := end; o < len(src); {
		le := lineEnd(src, o)
		line := src[o:le]
		next := le
		if next < len(src) {
			next++
		}
		trimmed := bytes.TrimSpace(line)
		switch {
		case len(trimmed) == 0 || trimmed[0] == '#':
		case indentOf(line) > indent || (indentOf(line) == indent && bytes.HasPrefix(line[indent:], []byte("-"))):
			end = next
		default:
			return end
		}
		o = next
	}
	if end == len(src) || end == 0 {
		return len(src)
	}
	return end
}

// createSuite writes the suite name of tree, which must not exist yet:
// nothing is ever overwritten (safeio.Create).
func createSuite(tree *os.Root, name, display string, data []byte) error {
	err := safeio.Create(tree, name, display, data, 0o644)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("the suite appeared while it was being written; nothing was changed, run sfmd test --init again")
	}
	return fmt.Errorf("cannot create the suite: %v", cause(err))
}

// replaceSuite replaces the suite name of tree, read as old with info,
// by data, unless it changed meanwhile (safeio.Replace).
func replaceSuite(tree *os.Root, name, display string, data []byte, info *safeio.Info, old []byte) error {
	err := safeio.Replace(tree, name, display, data, info, old)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, safeio.ErrChanged):
		return fmt.Errorf("the suite changed while tests were being added; nothing was written, run sfmd test --init again")
	}
	return fmt.Errorf("cannot write the suite: %v; nothing was written", writeCause(err))
}

// writeExecStubs writes the exec: fixtures of a generated step, one stub
// (todo:, empty stdout, exit 0) per command, at indent p under the line
// header.
func writeExecStubs(b *strings.Builder, p, header string, cmds []string) {
	fmt.Fprintf(b, "%s  %s\n", p, header)
	for _, cmd := range cmds {
		// Exec fixtures are compared as run: no $NAME here.
		fmt.Fprintf(b, "%s    - command: %s\n", p, yamlScalar(cmd))
		fmt.Fprintf(b, "%s      todo: %s\n", p, todoExec)
		fmt.Fprintf(b, "%s      stdout: \"\"\n", p)
		fmt.Fprintf(b, "%s      exit: 0\n", p)
	}
}
