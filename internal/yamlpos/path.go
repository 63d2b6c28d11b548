package yamlpos

import "go.yaml.in/yaml/v3"

// PathTo returns the route from root to target: mapping keys as
// strings, sequence indexes as ints.
func PathTo(root, target *yaml.Node) []any {
	var walk func(n *yaml.Node, path []any) []any
	walk = func(n *yaml.Node, path []any) []any {
		if n == target {
			return append([]any{}, path...)
		}
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if p := walk(n.Content[i+1], append(path, n.Content[i].Value)); p != nil {
					return p
				}
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				if p := walk(c, append(path, i)); p != nil {
					return p
				}
			}
		}
		return nil
	}
	return walk(root, nil)
}

// Follow walks path (mapping keys as strings, sequence indexes as ints)
// from n, following aliases; nil when the path leads nowhere.
func Follow(n *yaml.Node, path []any) *yaml.Node {
	for _, p := range path {
		n = Deref(n)
		if n == nil {
			return nil
		}
		switch k := p.(type) {
		case string:
			if n.Kind != yaml.MappingNode {
				return nil
			}
			_, n = Pair(n, k)
		case int:
			if n.Kind != yaml.SequenceNode || k >= len(n.Content) {
				return nil
			}
			n = n.Content[k]
		}
	}
	return Deref(n)
}

// Lines returns the first and last line n and the nodes below it start
// on, aliases not followed (an alias's line is where it is written).
func Lines(n *yaml.Node) (first, last int) {
	if n == nil {
		return 0, 0
	}
	first, last = n.Line, n.Line
	for _, c := range n.Content {
		if _, l := Lines(c); l > last {
			last = l
		}
	}
	return first, last
}
