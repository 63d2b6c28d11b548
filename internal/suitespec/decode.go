package suitespec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/jsonschema"
	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// Error is a problem in a suite file (exit status 2). Line and Col
// are 1-based; zero when the problem concerns the whole file.
type Error struct {
	Path string
	Line int
	Col  int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line <= 0 {
		return fmt.Sprintf("%s: %s", e.Path, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
}

// Decoder reads a suite from its yaml.v3 nodes and records every problem
// with the node's position, so that each message points at the suite
// line.
type Decoder struct {
	path string
	// Errs are the problems found, at most maxErrors of them.
	Errs []*Error
	tree *os.Root   // the suite's directory
	dir  string     // its path
	root *yaml.Node // the suite's mapping, for field paths in messages
}

// NewDecoder returns a decoder of the suite shown as path in messages,
// whose directory dir is open as tree.
func NewDecoder(path, dir string, tree *os.Root) *Decoder {
	return &Decoder{path: path, dir: dir, tree: tree}
}

const maxErrors = 50

// Clean reports whether no problem recorded so far lies within the lines
// of n (an entry the decoder read as sfmd test runs it).
func (d *Decoder) Clean(n *yaml.Node) bool {
	first, last := yamlpos.Lines(n)
	for _, e := range d.Errs {
		if e.Line >= first && e.Line <= last {
			return false
		}
	}
	return true
}

// Errorf records a problem at node n (nil: the whole file).
func (d *Decoder) Errorf(n *yaml.Node, format string, args ...any) {
	if len(d.Errs) >= maxErrors {
		return
	}
	e := &Error{Path: d.path, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	d.Errs = append(d.Errs, e)
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "null"
		}
		return "a scalar"
	}
	return "an unknown node"
}

// fields visits the keys of mapping n. allowed lists the accepted keys in
// the order shown in messages; fn receives each known key and its value.
func (d *Decoder) fields(n *yaml.Node, what string, allowed []string, fn func(key string, k, v *yaml.Node)) bool {
	n = yamlpos.Deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		if n != nil {
			d.Errorf(n, "%s must be a mapping, got %s; write key: value lines", what, kindName(n))
		}
		return false
	}
	for _, e := range yamlpos.Entries(n) {
		k, v := e.Key, e.Value
		if k.Kind != yaml.ScalarNode {
			d.Errorf(k, "%s has a non-scalar key; use plain field names", what)
			continue
		}
		if k.Value == "<<" {
			d.Errorf(k, "merge keys (<<) are not supported in %s; write the fields out", what)
			continue
		}
		if !slices.Contains(allowed, k.Value) {
			if best := suggest.Nearest(k.Value, allowed); best != "" {
				d.Errorf(k, "unknown field %q in %s; did you mean %q?%s", k.Value, what, best, d.fieldPath(n, k.Value))
			} else {
				d.Errorf(k, "unknown field %q in %s, expected one of %s%s", k.Value, what, suggest.QuoteList(allowed), d.fieldPath(n, k.Value))
			}
			continue
		}
		if e.Dup {
			d.Errorf(k, "duplicate field %q in %s; keep only one", k.Value, what)
			continue
		}
		fn(k.Value, k, v)
	}
	return true
}

// list returns the items of the sequence n, aliases followed; when n is
// no list it records "<what>, got <its kind>" and returns false.
func (d *Decoder) list(n *yaml.Node, what string) ([]*yaml.Node, bool) {
	if n = yamlpos.Deref(n); n.Kind != yaml.SequenceNode {
		d.Errorf(n, "%s, got %s", what, kindName(n))
		return nil, false
	}
	return yamlpos.Items(n), true
}

// str reads a scalar as text (numbers and booleans keep their spelling).
func (d *Decoder) str(n *yaml.Node, what string) (string, bool) {
	n = yamlpos.Deref(n)
	if n.Kind != yaml.ScalarNode {
		d.Errorf(n, "%s must be a string, got %s", what, kindName(n))
		return "", false
	}
	if n.Tag == "!!null" {
		d.Errorf(n, "%s must be a string, got null; quote it (\"\") for an empty value", what)
		return "", false
	}
	return n.Value, true
}

// strInto sets *dst to the text of the scalar n, when it is one.
func (d *Decoder) strInto(dst *string, n *yaml.Node, what string) {
	if s, ok := d.str(n, what); ok {
		*dst = s
	}
}

func (d *Decoder) integer(n *yaml.Node, what string) (int, bool) {
	n = yamlpos.Deref(n)
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		d.Errorf(n, "%s must be an integer, got %s", what, describeScalar(n))
		return 0, false
	}
	v, err := strconv.Atoi(strings.ReplaceAll(n.Value, "_", ""))
	if err != nil {
		d.Errorf(n, "%s must be an integer, got %q", what, n.Value)
		return 0, false
	}
	return v, true
}

func (d *Decoder) boolean(n *yaml.Node, what string) (bool, bool) {
	n = yamlpos.Deref(n)
	var b bool
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || n.Decode(&b) != nil {
		d.Errorf(n, "%s must be true or false, got %s", what, describeScalar(n))
		return false, false
	}
	return b, true
}

func describeScalar(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode && n.Tag != "!!null" {
		return strconv.Quote(n.Value)
	}
	return kindName(n)
}

// stringMap reads a mapping of scalar values in source order.
func (d *Decoder) stringMap(n *yaml.Node, what string) []KeyValue {
	n = yamlpos.Deref(n)
	if n.Kind != yaml.MappingNode {
		d.Errorf(n, "%s must be a mapping of names to values, got %s", what, kindName(n))
		return nil
	}
	var out []KeyValue
	for _, e := range yamlpos.Entries(n) {
		k, v := e.Key, e.Value
		name, ok := d.str(k, what+" key")
		if !ok {
			continue
		}
		if e.Dup {
			d.Errorf(k, "duplicate key %q in %s; keep only one", name, what)
			continue
		}
		val, ok := d.str(v, fmt.Sprintf("%s value of %q", what, name))
		if !ok {
			continue
		}
		out = append(out, KeyValue{Key: name, Value: val, Node: v, KeyNode: k})
	}
	return out
}

// KeyValue is an ordered key/value pair from the suite with its nodes.
type KeyValue struct {
	Key   string
	Value string
	// Secret: the value came from Options.Secrets, so --record masks it
	// whatever its length.
	Secret  bool
	KeyNode *yaml.Node
	Node    *yaml.Node
}

// CanonicalJSON re-encodes JSON text with sorted keys so that two
// documents compare semantically.
func CanonicalJSON(b []byte) (string, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	if dec.More() {
		return "", fmt.Errorf("trailing data after JSON value")
	}
	v = normalizeNumbers(v)
	out, err := json.MarshalIndent(v, "", "  ") // maps encode with sorted keys
	return string(out), err
}

func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String()
	case map[string]any:
		for k, e := range x {
			x[k] = normalizeNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalizeNumbers(e)
		}
	}
	return v
}

// yamlSyntaxError turns a yaml.v3 error into a positioned Error.
func yamlSyntaxError(path string, err error) *Error {
	e := &Error{Path: path}
	line, msg := yamlpos.SyntaxError(err)
	if line > 0 {
		e.Line, e.Col = line, 1
	}
	e.Msg = fmt.Sprintf("invalid YAML: %s; fix the syntax (a suite is a YAML mapping, see test-format.md)", msg)
	return e
}

// fieldPath returns " (at tests[0].expect.outptu)": where the field key
// of mapping m sits in the suite, written as the schema validator writes
// it (jsonschema.FormatPath), so both name a typo the same way. It is ""
// when m cannot be located (a mapping reached through an alias).
func (d *Decoder) fieldPath(m *yaml.Node, key string) string {
	if d.root == nil {
		return ""
	}
	route := yamlpos.PathTo(d.root, m)
	if route == nil {
		return ""
	}
	return " (at " + jsonschema.FormatPath(append(route, key)) + ")"
}
