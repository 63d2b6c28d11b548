package suitespec

import (
	"strings"

	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// IsSuiteName reports whether a file name is a suite's: *.test.yaml or
// *.test.yml.
func IsSuiteName(name string) bool {
	return strings.HasSuffix(name, ".test.yaml") || strings.HasSuffix(name, ".test.yml")
}

// FixturePaths lists the files the suite src names as fixtures and
// goldens (files' from:, a response's body_file:, expect's output_file:
// and the goldens of expect.files), as written, aliases followed. It reads
// loosely, so that a suite with errors (sfmd test reports them) still
// names its files: such a key counts wherever it stands, and nothing is
// checked. Invalid YAML names nothing.
func FixturePaths(src []byte) []string {
	top, err := yamlpos.Root(src)
	if err != nil || top == nil {
		return nil
	}
	var out []string
	add := func(n *yaml.Node) {
		if n = yamlpos.Deref(n); n != nil && n.Kind == yaml.ScalarNode && n.Value != "" {
			out = append(out, n.Value)
		}
	}
	var walk func(n *yaml.Node, parent string, depth int)
	walk = func(n *yaml.Node, parent string, depth int) {
		if n == nil || depth > 64 {
			return
		}
		switch n = yamlpos.Deref(n); n.Kind {
		case yaml.DocumentNode, yaml.SequenceNode:
			for _, c := range n.Content {
				walk(c, parent, depth+1)
			}
		case yaml.MappingNode:
			for _, e := range yamlpos.Entries(n) {
				switch k, v := e.Key.Value, e.Value; {
				case k == "body_file" || k == "output_file" || k == "from":
					add(v)
				case k == "files" && parent == "expect" && v.Kind == yaml.MappingNode:
					for _, f := range yamlpos.Entries(v) {
						add(f.Value)
					}
				default:
					walk(v, k, depth+1)
				}
			}
		}
	}
	walk(top, "", 1)
	return out
}
