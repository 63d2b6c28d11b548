// Package yamlpos reads yaml.v3 node trees with their positions: the
// shared steps of every positioned YAML reader of sfmd (the frontmatter,
// the lint config, test suites, the language server's hovers and the
// runtime model's frontmatter lookups). It follows aliases, finds keys,
// lists a mapping's entries with the duplicate keys marked, tells a
// string or null scalar, and reads the line of a yaml.v3 syntax error.
// What a reader says about a node (its messages) stays with the reader.
package yamlpos

import (
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// maxAliasHops bounds the aliases Deref follows.
const maxAliasHops = 100

// Deref follows aliases (at most maxAliasHops of them).
func Deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < maxAliasHops; i++ {
		n = n.Alias
	}
	return n
}

// Root decodes the YAML document src and returns its top node, as
// written (an alias is not followed), or nil for an empty document.
func Root(src []byte) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, err
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, nil
	}
	return doc.Content[0], nil
}

// Pair returns the key and value nodes of the first entry of the mapping
// m whose key is the scalar key, as written (an alias is not followed),
// or nils when m is no mapping or has no such key.
func Pair(m *yaml.Node, key string) (k, v *yaml.Node) {
	if m = Deref(m); m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if kn := Deref(m.Content[i]); kn != nil && kn.Kind == yaml.ScalarNode && kn.Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// Get returns the value of key in the mapping m with its aliases
// followed, or nil.
func Get(m *yaml.Node, key string) *yaml.Node {
	_, v := Pair(m, key)
	return Deref(v)
}

// Items returns the elements of the sequence n with their aliases
// followed (nil for anything else).
func Items(n *yaml.Node) []*yaml.Node {
	if n = Deref(n); n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]*yaml.Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = Deref(c)
	}
	return out
}

// Entry is one key and value of a mapping, aliases followed.
type Entry struct {
	Key, Value *yaml.Node
	// Dup: the key is a scalar whose text an earlier scalar key of the
	// mapping has.
	Dup bool
}

// Entries lists the entries of the mapping m in source order, or nil
// when m is no mapping.
func Entries(m *yaml.Node) []Entry {
	if m = Deref(m); m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	out := make([]Entry, 0, len(m.Content)/2)
	seen := make(map[string]bool, len(m.Content)/2)
	for i := 0; i+1 < len(m.Content); i += 2 {
		e := Entry{Key: Deref(m.Content[i]), Value: Deref(m.Content[i+1])}
		if e.Key.Kind == yaml.ScalarNode {
			e.Dup = seen[e.Key.Value]
			seen[e.Key.Value] = true
		}
		out = append(out, e)
	}
	return out
}

// IsString reports whether n is a string scalar.
func IsString(n *yaml.Node) bool {
	return n != nil && n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str"
}

// IsNull reports whether n is a null scalar (an empty value, ~ or null).
func IsNull(n *yaml.Node) bool {
	return n != nil && n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

var syntaxLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// SyntaxError splits a yaml.v3 error ("yaml: line 3: did not find
// expected key") into its 1-based line and message; line is 0 when the
// error names none, and the message is then the error without "yaml: ".
func SyntaxError(err error) (line int, msg string) {
	msg = err.Error()
	first, _, _ := strings.Cut(msg, "\n")
	if m := syntaxLine.FindStringSubmatch(first); m != nil {
		if n, convErr := strconv.Atoi(m[1]); convErr == nil {
			return n, m[2]
		}
	}
	return 0, strings.TrimPrefix(msg, "yaml: ")
}
