package suitespec

import (
	"reflect"

	"github.com/sfmd-dev/sfmd/internal/jsonschema"
)

// The shape of a suite file (test-format.md, version 1). The Decoder
// (suite.go) takes the field names it accepts from these types, and
// Schema generates the JSON Schema shipped in schema/ from them, so the
// two cannot disagree on a field name. Values are still checked by the
// Decoder, which knows more (the files in the suite's tree), and by the
// runner (the actions the document defines); the schema says as much as a
// schema can.

// suiteFile is the whole file.
type suiteFile struct {
	Version     int                  `yaml:"version" schema:"required,enum=1" doc:"The suite format version; always 1."`
	Document    text                 `yaml:"document" doc:"The SFMD document under test, relative to the suite. Default: the .md file with the suite's stem (weather.test.yaml tests weather.md)."`
	Topic       text                 `yaml:"topic" doc:"The topic the calls run in. Default: app:<frontmatter name>, else app:<file stem>."`
	DocumentURL urlText              `yaml:"document_url" doc:"Run as if the document were served from this http(s) URL: relative action URLs resolve against it and CLI actions refuse to run."`
	Cwd         virtualDir           `yaml:"cwd" doc:"Where the document lives in the test's virtual filesystem, the runtime's working directory: an absolute path of the agent's machine. Default: /home/agent/docs."`
	Home        virtualDir           `yaml:"home" doc:"The String home ($HOME, ~) in the test's virtual filesystem: an absolute path of the agent's machine. Default: /home/agent."`
	Env         map[string]text      `yaml:"env" doc:"The topic's env store: values for $NAME. Printed as *** in every report, diff and log; $NAME in request fixtures stands for the value."`
	Vars        map[string]text      `yaml:"vars" doc:"Session {var}s set before the first step."`
	Files       map[string]fileValue `yaml:"files" doc:"Files created in each test's virtual filesystem (keys relative to cwd, or absolute): inline text, or {from: path} copied from a file in the suite's directory tree."`
	Tests       []testSpec           `yaml:"tests" schema:"required" doc:"The tests, run in order."`
}

// testSpec is one entry of tests: a name and either steps or the fields
// of a single step.
type testSpec struct {
	Name     text       `yaml:"name" schema:"required" doc:"What the test checks; unique within the suite."`
	Skip     skipValue  `yaml:"skip" doc:"Skip the test: a reason, or true."`
	Steps    []stepSpec `yaml:"steps" schema:"min=1" doc:"Calls run in order; session vars and shortcuts carry over. A test with one step may put run, http, exec and expect directly under the test instead."`
	stepSpec `yaml:",inline"`
}

// stepSpec is one call of the runtime with its fixtures and expectations.
type stepSpec struct {
	Run    text        `yaml:"run" doc:"Exactly what an agent would type, e.g. /act.search --q Seoul."`
	HTTP   []httpEntry `yaml:"http" doc:"The requests this step must send, in order, each with its recorded answer."`
	Exec   []execEntry `yaml:"exec" doc:"CLI actions: the commands this step must run, in order, with what they print."`
	Expect *expectSpec `yaml:"expect" doc:"What the call must return. Default: ok: true."`
}

// httpEntry is one entry of http.
type httpEntry struct {
	Request  requestSpec   `yaml:"request" schema:"required" doc:"What the step must send."`
	Response *responseSpec `yaml:"response" doc:"The recorded answer (default: status 200, empty body)."`
	Error    text          `yaml:"error" doc:"A transport failure instead of a response, e.g. connection refused."`
}

// requestSpec is what a step must send.
type requestSpec struct {
	Method  methodName      `yaml:"method" schema:"required" doc:"The HTTP method."`
	URL     urlText         `yaml:"url" schema:"required" doc:"The absolute URL. Query parameters compare as a multiset of decoded pairs unless exact is true."`
	Exact   bool            `yaml:"exact" doc:"Compare the URL the runtime builds byte for byte (encoding and order)."`
	Headers map[string]text `yaml:"headers" doc:"Headers that must be present with these values; other headers are ignored."`
	JSON    any             `yaml:"json" doc:"The JSON body, compared semantically (key order and spacing ignored)."`
	Body    text            `yaml:"body" doc:"The raw body, compared byte for byte."`
}

// responseSpec is the recorded answer to a request.
type responseSpec struct {
	Status   int             `yaml:"status" schema:"min=100,max=999" doc:"The HTTP status. Default: 200."`
	Headers  map[string]text `yaml:"headers" doc:"Response headers, e.g. {Content-Type: application/json}."`
	JSON     any             `yaml:"json" doc:"The body as JSON (sent with Content-Type: application/json)."`
	Body     text            `yaml:"body" doc:"The body as text."`
	BodyFile text            `yaml:"body_file" doc:"The body read from this file, relative to the suite."`
	Todo     text            `yaml:"todo" doc:"Marks a stub written by sfmd test --init: the step fails until the response is filled in and this line removed (sfmd test --record replaces the whole entry)."`
}

// execEntry is one entry of exec.
type execEntry struct {
	Command text `yaml:"command" schema:"required" doc:"The command line after substitution."`
	Stdout  text `yaml:"stdout" doc:"What the command prints on standard output."`
	Stderr  text `yaml:"stderr" doc:"What the command prints on standard error."`
	Exit    int  `yaml:"exit" schema:"min=0,max=255" doc:"The exit status. Default: 0."`
	Todo    text `yaml:"todo" doc:"Marks a stub written by sfmd test --init: the step fails until stdout, stderr and exit are filled in and this line removed."`
}

// expectSpec holds a step's expectations.
type expectSpec struct {
	OK         bool            `yaml:"ok" doc:"Whether the call succeeds. Default: true (false when error is set)."`
	Output     text            `yaml:"output" doc:"The exact text the runtime returns (sfmd test --update rewrites it)."`
	OutputFile text            `yaml:"output_file" doc:"A golden file holding the exact text the runtime returns, relative to the suite (written by sfmd test --update)."`
	Error      text            `yaml:"error" doc:"A substring of the failure text; implies ok: false."`
	Vars       map[string]text `yaml:"vars" doc:"Session vars after the step (only the listed ones are compared)."`
	Files      map[string]text `yaml:"files" doc:"Files the step wrote (path in the test's filesystem, relative to cwd or absolute: golden file in the suite's directory tree), compared byte for byte."`
}

// fileFrom is the {from: path} form of a files entry.
type fileFrom struct {
	From text `yaml:"from" schema:"required" doc:"A file in the suite's directory tree to copy into the sandbox."`
}

// The field names the Decoder accepts, in the order its messages list them.
var (
	suiteKeys    = jsonschema.Keys[suiteFile]()
	testKeys     = jsonschema.Keys[testSpec]()
	stepKeys     = jsonschema.Keys[stepSpec]()
	httpKeys     = jsonschema.Keys[httpEntry]()
	requestKeys  = jsonschema.Keys[requestSpec]()
	responseKeys = jsonschema.Keys[responseSpec]()
	execKeys     = jsonschema.Keys[execEntry]()
	expectKeys   = jsonschema.Keys[expectSpec]()
	fileFromKeys = jsonschema.Keys[fileFrom]()
)

// text is a scalar the Decoder reads as text: a string, or a number or
// boolean kept as spelled.
type text string

// JSONSchema says so.
func (text) JSONSchema(*jsonschema.Generator) *jsonschema.Schema {
	return &jsonschema.Schema{Type: jsonschema.Types{"string", "number", "boolean"}}
}

// urlText is an absolute http(s) URL.
type urlText string

// JSONSchema says so.
func (urlText) JSONSchema(*jsonschema.Generator) *jsonschema.Schema {
	return &jsonschema.Schema{Type: jsonschema.Types{"string"}, Pattern: "^https?://"}
}

// virtualDir is a directory of the test's virtual filesystem: an absolute
// POSIX path (the Decoder also refuses a backslash and NUL).
type virtualDir string

// JSONSchema says so.
func (virtualDir) JSONSchema(*jsonschema.Generator) *jsonschema.Schema {
	return &jsonschema.Schema{Type: jsonschema.Types{"string"}, Pattern: `^/[^\\\x00]*$`}
}

// methodName is an HTTP method; the Decoder ignores case.
type methodName string

// JSONSchema lists the methods in both cases.
func (methodName) JSONSchema(*jsonschema.Generator) *jsonschema.Schema {
	var enum []any
	for _, m := range httpMethods {
		enum = append(enum, m)
	}
	for _, m := range httpMethods {
		enum = append(enum, toLower(m))
	}
	return &jsonschema.Schema{Type: jsonschema.Types{"string"}, Enum: enum}
}

func toLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// skipValue is a reason or a boolean.
type skipValue string

// JSONSchema says so.
func (skipValue) JSONSchema(*jsonschema.Generator) *jsonschema.Schema {
	return &jsonschema.Schema{Type: jsonschema.Types{"string", "number", "boolean"}}
}

// fileValue is inline text or {from: path}.
type fileValue string

// JSONSchema says so.
func (fileValue) JSONSchema(g *jsonschema.Generator) *jsonschema.Schema {
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{
		g.For(reflect.TypeFor[text]()),
		g.For(reflect.TypeFor[fileFrom]()),
	}}
}

// JSONSchema adds the rule that a test has steps or a run, not both.
func (testSpec) JSONSchema(g *jsonschema.Generator) *jsonschema.Schema {
	s := g.Struct(reflect.TypeFor[testSpec]())
	both := `a test has either "steps" or the fields of one step (run, http, exec, expect), not both`
	s.AnyOf = []*jsonschema.Schema{
		{Required: []string{"steps"}, Not: &jsonschema.Schema{Description: both, AnyOf: []*jsonschema.Schema{
			{Required: []string{"run"}}, {Required: []string{"http"}}, {Required: []string{"exec"}}, {Required: []string{"expect"}},
		}}},
		{Required: []string{"run"}, Not: &jsonschema.Schema{Description: both, Required: []string{"steps"}}},
	}
	return s
}

// JSONSchema makes run required in a step.
func (stepSpec) JSONSchema(g *jsonschema.Generator) *jsonschema.Schema {
	s := g.Struct(reflect.TypeFor[stepSpec]())
	s.Required = append(s.Required, "run")
	return s
}

// JSONSchema adds: a response or an error, not both.
func (httpEntry) JSONSchema(g *jsonschema.Generator) *jsonschema.Schema {
	s := g.Struct(reflect.TypeFor[httpEntry]())
	s.Not = &jsonschema.Schema{Required: []string{"response", "error"}}
	return s
}

// JSONSchema adds: json or body, not both.
func (requestSpec) JSONSchema(g *jsonschema.Generator) *jsonschema.Schema {
	s := g.Struct(reflect.TypeFor[requestSpec]())
	s.Not = &jsonschema.Schema{Required: []string{"json", "body"}}
	return s
}

// JSONSchema adds: at most one of json, body and body_file.
func (responseSpec) JSONSchema(g *jsonschema.Generator) *jsonschema.Schema {
	s := g.Struct(reflect.TypeFor[responseSpec]())
	s.Not = &jsonschema.Schema{Description: `keep one of "json", "body", "body_file"`, AnyOf: []*jsonschema.Schema{
		{Required: []string{"json", "body"}}, {Required: []string{"json", "body_file"}}, {Required: []string{"body", "body_file"}},
	}}
	return s
}

// JSONSchema adds: output or output_file, not both.
func (expectSpec) JSONSchema(g *jsonschema.Generator) *jsonschema.Schema {
	s := g.Struct(reflect.TypeFor[expectSpec]())
	s.Not = &jsonschema.Schema{Required: []string{"output", "output_file"}}
	return s
}

// Schema is the JSON Schema of a suite file, generated from the types
// the Decoder takes its field names from. id is its $id.
func Schema(id string) *jsonschema.Schema {
	return jsonschema.NewGenerator().Document(reflect.TypeFor[suiteFile](), id,
		"sfmd test suite",
		"A *.test.yaml suite for sfmd test: the actions of one SFMD document run against recorded HTTP and CLI fixtures, offline (test-format.md, version 1).")
}
