package runner

import (
	"testing"

	"go.yaml.in/yaml/v3"
)

// outputEdits finds every expect.output scalar of src and returns edits
// setting them to value.
func outputEdits(t *testing.T, src string, value string) (*yaml.Node, []scalarEdit) {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	var edits []scalarEdit
	var walk func(n *yaml.Node, flow bool)
	walk = func(n *yaml.Node, flow bool) {
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == "output" {
					edits = append(edits, scalarEdit{node: n.Content[i+1], key: n.Content[i], flow: n.Style&yaml.FlowStyle != 0, value: value})
				}
			}
		}
		for _, c := range n.Content {
			walk(c, flow)
		}
	}
	walk(doc.Content[0], false)
	return doc.Content[0], edits
}

func TestApplyEdits(t *testing.T) {
	cases := []struct {
		name, src, value, want string
	}{
		{"plain with comment", "a: 1 # keep\nexpect:\n  output: old # why\nz: 2\n", "new\nline",
			"a: 1 # keep\nexpect:\n  output: |- # why\n    new\n    line\nz: 2\n"},
		{"double quoted to clip", "expect:\n  output: \"old\\nx\"\n  vars: {a: b}\n", "one\n",
			"expect:\n  output: |\n    one\n  vars: {a: b}\n"},
		{"literal shrinks", "- expect:\n    output: |\n      l1\n      l2\n\n      l3\n    # trailing comment\n  name: x\n", "only",
			"- expect:\n    output: |-\n      only\n    # trailing comment\n  name: x\n"},
		{"keep chomping", "expect:\n  output: x\n", "a\n\n\n", "expect:\n  output: |+\n    a\n\n\n"},
		{"leading space needs indicator", "expect:\n  output: x\n", "  indented\nnext", "expect:\n  output: |2-\n      indented\n    next\n"},
		{"flow mapping", "expect: {output: old, ok: true}\n", "two\nlines", "expect: {output: \"two\\nlines\", ok: true}\n"},
		{"control characters", "expect:\n  output: 'it''s'\n", "bell\a", "expect:\n  output: \"bell\\u0007\"\n"},
		{"empty", "expect:\n  output: x\n", "", "expect:\n  output: \"\"\n"},
		{"end of file without newline", "expect:\n  output: |\n    x", "y\n", "expect:\n  output: |\n    y\n"},
		{"crlf file stays crlf", "expect:\r\n  output: old # c\r\n  ok: true\r\n", "a\nb", "expect:\r\n  output: |- # c\r\n    a\r\n    b\r\n  ok: true\r\n"},
		{"crlf literal", "expect:\r\n  output: |\r\n    old\r\n  ok: true\r\n", "new\n", "expect:\r\n  output: |\r\n    new\r\n  ok: true\r\n"},
		{"folded replaced", "expect:\n  output: >\n    a\n    b\nnext: 1\n", "c", "expect:\n  output: |-\n    c\nnext: 1\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, edits := outputEdits(t, c.src, c.value)
			out, err := applyEdits([]byte(c.src), root, edits, nil)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != c.want {
				t.Errorf("got\n%q\nwant\n%q", out, c.want)
			}
		})
	}
}

func TestApplyEditsSeveral(t *testing.T) {
	src := "tests:\n  - expect:\n      output: a\n  - expect:\n      output: \"b\"  # c\n"
	root, edits := outputEdits(t, src, "X\n")
	out, err := applyEdits([]byte(src), root, edits, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "tests:\n  - expect:\n      output: |\n        X\n  - expect:\n      output: | # c\n        X\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestRedactor(t *testing.T) {
	r := newRedactor([]keyValue{{Key: "A", Value: "sec"}, {Key: "B", Value: "secret-long"}, {Key: "C", Value: ""}})
	if got := r.apply("x secret-long y sec z"); got != "x *** y *** z" {
		t.Errorf("got %q", got)
	}
}
