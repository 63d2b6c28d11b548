package yamlpos

import (
	"errors"
	"testing"

	"go.yaml.in/yaml/v3"
)

func parse(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Content[0]
}

func TestGetFollowsAliases(t *testing.T) {
	m := parse(t, "base: &b {x: 1}\nuse: *b\nlist: [a, *b]\n")
	if v := Get(m, "use"); v == nil || v.Kind != yaml.MappingNode || Get(v, "x").Value != "1" {
		t.Fatalf("Get(use) = %+v, want the anchored mapping", v)
	}
	k, v := Pair(m, "use")
	if k.Value != "use" || v.Kind != yaml.AliasNode {
		t.Fatalf("Pair(use) = %v, %v: want the nodes as written", k, v)
	}
	if items := Items(Get(m, "list")); len(items) != 2 || items[1].Kind != yaml.MappingNode {
		t.Fatalf("Items(list) = %v", items)
	}
	if Get(m, "missing") != nil || Get(Get(m, "base"), "y") != nil || Get(nil, "x") != nil || Items(m) != nil {
		t.Fatal("absent keys and non-mappings give nil")
	}
}

func TestEntriesMarksDuplicates(t *testing.T) {
	m := parse(t, "a: 1\n? [x]\n: 2\nb: 3\na: 4\n")
	es := Entries(m)
	if len(es) != 4 {
		t.Fatalf("%d entries, want 4", len(es))
	}
	for i, want := range []bool{false, false, false, true} {
		if es[i].Dup != want {
			t.Errorf("entry %d (%s at line %d): Dup = %v, want %v", i, es[i].Key.Value, es[i].Key.Line, es[i].Dup, want)
		}
	}
	if es[3].Value.Value != "4" || es[3].Key.Line != 5 {
		t.Errorf("last entry = %+v", es[3])
	}
}

func TestScalarKinds(t *testing.T) {
	m := parse(t, "s: text\nq: '1'\nn: 1\nz:\nt: ~\nl: [1]\n")
	for key, want := range map[string][2]bool{"s": {true, false}, "q": {true, false}, "n": {false, false}, "z": {false, true}, "t": {false, true}, "l": {false, false}} {
		v := Get(m, key)
		if IsString(v) != want[0] || IsNull(v) != want[1] {
			t.Errorf("%s: IsString %v IsNull %v, want %v", key, IsString(v), IsNull(v), want)
		}
	}
	if IsString(nil) || IsNull(nil) {
		t.Error("nil is neither")
	}
}

func TestSyntaxError(t *testing.T) {
	var doc yaml.Node
	err := yaml.Unmarshal([]byte("a: 1\nb: [\n"), &doc)
	line, msg := SyntaxError(err)
	if line != 2 || msg == "" || msg[:5] == "yaml:" {
		t.Fatalf("SyntaxError(%q) = %d, %q", err, line, msg)
	}
	if line, msg := SyntaxError(errors.New("yaml: control characters are not allowed")); line != 0 || msg != "control characters are not allowed" {
		t.Fatalf("no line: %d, %q", line, msg)
	}
}

func TestLines(t *testing.T) {
	m := parse(t, "a: &z 1\nb:\n  c: [x,\n    y]\n  d: *z\n")
	if f, l := Lines(Get(m, "b")); f != 3 || l != 5 {
		t.Errorf("Lines(b) = %d, %d; want 3, 5", f, l)
	}
	if f, l := Lines(nil); f != 0 || l != 0 {
		t.Errorf("Lines(nil) = %d, %d", f, l)
	}
}

func TestRoot(t *testing.T) {
	if n, err := Root([]byte("a: 1\n")); err != nil || n == nil || n.Kind != yaml.MappingNode || n.Line != 1 {
		t.Errorf("Root(a: 1) = %v, %v", n, err)
	}
	for _, empty := range []string{"", "# only a comment\n"} {
		if n, err := Root([]byte(empty)); err != nil || n != nil {
			t.Errorf("Root(%q) = %v, %v; want nil, nil", empty, n, err)
		}
	}
	if _, err := Root([]byte("a: [\n")); err == nil {
		t.Error("Root of invalid YAML: no error")
	}
}
