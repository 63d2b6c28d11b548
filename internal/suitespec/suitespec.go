// Package suitespec owns the suite format of `sfmd test`
// (docs/test-format.md): its shape (shape.go: the keys, from which the
// JSON Schema in schema/ is generated), its types (Suite, Test, Step and
// the fixtures), their decoding from yaml.v3 nodes with positions
// (Decoder), the files a suite may name in its own directory tree
// (tree.go), the size bounds of the suite file and of its fixtures, and
// the JSON a `json:` fixture stands for. The runner, sfmd test --init and
// the language server's hovers all read suites with it, so that none
// reads a suite otherwise than sfmd test does.
package suitespec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// The size bounds of what a suite is read from.
const (
	SuiteBytes = 10 << 20 // a *.test.yaml file
	// FixtureBytes bounds a files from: or body_file: fixture: a test
	// over one allocates up to maxFixtureAlloc (runner/memory_test.go)
	// times its size, on the worst shapes found.
	FixtureBytes = 10 << 20
	// JSONBytes bounds what a json: fixture may expand to, so that
	// nested aliases cannot blow up memory: the limit of a fixture file.
	JSONBytes = FixtureBytes
)

// JSON encodes a YAML node as compact JSON, keeping the mapping order
// (the runtime shows JSON bodies as sent, so key order is visible). It
// fails once the text passes JSONBytes (aliases expanding) or the value
// nests deeper than 200 levels.
func JSON(n *yaml.Node) ([]byte, error) {
	var buf bytes.Buffer
	if err := writeJSON(&buf, n, 0); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func writeJSON(buf *bytes.Buffer, n *yaml.Node, depth int) error {
	n = yamlpos.Deref(n)
	if n == nil {
		buf.WriteString("null")
		return nil
	}
	if depth > 200 {
		return fmt.Errorf("line %d: value nested too deeply", n.Line)
	}
	if buf.Len() > JSONBytes {
		return fmt.Errorf("line %d: value larger than %d bytes (aliases expanding?); use body_file", n.Line, JSONBytes)
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			buf.WriteString("null")
			return nil
		}
		return writeJSON(buf, n.Content[0], depth+1)
	case yaml.MappingNode:
		buf.WriteByte('{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := yamlpos.Deref(n.Content[i])
			if k.Kind != yaml.ScalarNode {
				return fmt.Errorf("line %d: JSON object keys must be scalars", k.Line)
			}
			if i > 0 {
				buf.WriteByte(',')
			}
			kb, err := json.Marshal(k.Value)
			if err != nil {
				return err
			}
			buf.Write(kb)
			buf.WriteByte(':')
			if err := writeJSON(buf, n.Content[i+1], depth+1); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	case yaml.SequenceNode:
		buf.WriteByte('[')
		for i, c := range n.Content {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeJSON(buf, c, depth+1); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case yaml.ScalarNode:
		return writeScalar(buf, n)
	default:
		return fmt.Errorf("line %d: unsupported YAML node", n.Line)
	}
	return nil
}

// writeScalar writes the JSON of a scalar node.
func writeScalar(buf *bytes.Buffer, n *yaml.Node) error {
	switch n.Tag {
	case "!!null":
		buf.WriteString("null")
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return err
		}
		buf.WriteString(strconv.FormatBool(b))
	case "!!int", "!!float":
		if json.Valid([]byte(n.Value)) {
			buf.WriteString(n.Value)
			return nil
		}
		var f float64
		if err := n.Decode(&f); err != nil {
			return err
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return fmt.Errorf("line %d: %q has no JSON representation", n.Line, n.Value)
		}
		buf.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
	default:
		b, err := json.Marshal(n.Value)
		if err != nil {
			return err
		}
		buf.Write(b)
	}
	return nil
}

// ScalarJSON returns the JSON of a scalar node (as JSON writes it in a
// value).
func ScalarJSON(n *yaml.Node) ([]byte, error) {
	var buf bytes.Buffer
	if err := writeScalar(&buf, n); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
