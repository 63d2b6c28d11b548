package runner

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"io"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// Recorded JSON bodies are written as block YAML under `json:`, where that
// serves the same JSON back: the fixture's json: is sent as compact JSON
// in the YAML's key order (toJSON), so the block is kept only when that
// JSON is the recorded value, key for key in order, number text for number
// text. A body with duplicate keys (JSON.parse keeps the last, a YAML
// mapping refuses them) or with a \uD800-\uDFFF escape (a lone surrogate
// Go's decoder would turn into U+FFFD) stays a `body:` string.

var surrogateEscape = lazyre.New(`\\u[dD][89a-fA-F][0-9a-fA-F]{2}`)

// jsonBlock renders JSON text as the value of a `json:` field whose key is
// indented by keyIndent: " {}"-style inline for a scalar or an empty
// container, else a newline and the block, each line indented further. It
// returns the compact JSON a replay serves and ok false when the block
// would not serve the same value.
func jsonBlock(body []byte, keyIndent int) (text string, served []byte, ok bool) {
	if surrogateEscape.Match(body) {
		return "", nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var want bytes.Buffer
	node, err := jsonNode(dec, &want)
	if err != nil {
		return "", nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", nil, false
	}
	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(node); err != nil || enc.Close() != nil {
		return "", nil, false
	}
	y := strings.TrimSuffix(out.String(), "\n")
	inline := node.Kind == yaml.ScalarNode || len(node.Content) == 0
	pad := strings.Repeat(" ", keyIndent+2)
	if inline {
		text = " " + y
	} else {
		text = "\n" + pad + strings.ReplaceAll(y, "\n", "\n"+pad)
	}
	// The self-check: the block, read back as the suite reader does,
	// serves exactly the recorded value.
	var back yaml.Node
	if err := yaml.Unmarshal([]byte("json:"+text+"\n"), &back); err != nil {
		return "", nil, false
	}
	v := yamlpos.Get(back.Content[0], "json")
	if v == nil {
		return "", nil, false
	}
	served, err = suitespec.JSON(v)
	if err != nil || !bytes.Equal(served, want.Bytes()) {
		return "", nil, false
	}
	return text, served, true
}

var errDuplicateKey = errors.New("duplicate key")

// jsonNode reads one JSON value from dec as a YAML node, writing to want
// the compact JSON toJSON makes of that value (strings through
// json.Marshal, numbers as written, keys in order).
func jsonNode(dec *json.Decoder, want *bytes.Buffer) (*yaml.Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '[' {
			n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
			want.WriteByte('[')
			for i := 0; dec.More(); i++ {
				if i > 0 {
					want.WriteByte(',')
				}
				c, err := jsonNode(dec, want)
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, c)
			}
			want.WriteByte(']')
			_, err := dec.Token()
			if len(n.Content) == 0 {
				n.Style = yaml.FlowStyle
			}
			return n, err
		}
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		seen := map[string]bool{}
		want.WriteByte('{')
		for i := 0; dec.More(); i++ {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string)
			if seen[k] {
				return nil, errDuplicateKey
			}
			seen[k] = true
			if i > 0 {
				want.WriteByte(',')
			}
			kb, _ := json.Marshal(k)
			want.Write(kb)
			want.WriteByte(':')
			v, err := jsonNode(dec, want)
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k}, v)
		}
		want.WriteByte('}')
		_, err := dec.Token()
		if len(n.Content) == 0 {
			n.Style = yaml.FlowStyle
		}
		return n, err
	case string:
		b, _ := json.Marshal(t)
		want.Write(b)
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: t}, nil
	case json.Number:
		want.WriteString(t.String())
		tag := "!!int"
		if strings.ContainsAny(t.String(), ".eE") {
			tag = "!!float"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: t.String()}, nil
	case bool:
		if t {
			want.WriteString("true")
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"}, nil
		}
		want.WriteString("false")
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "false"}, nil
	}
	want.WriteString("null")
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
}
