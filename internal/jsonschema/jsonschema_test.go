package jsonschema

import (
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

type item struct {
	ID    string   `yaml:"id" schema:"required" doc:"the id"`
	Count int      `yaml:"count" schema:"min=1,max=9"`
	Tags  []string `yaml:"tags" schema:"min=1"`
}

type common struct {
	Kind string `yaml:"kind" schema:"enum=a|b"`
}

type root struct {
	Version int             `yaml:"version" schema:"required,enum=1"`
	Items   []item          `yaml:"items"`
	Env     map[string]bool `yaml:"env"`
	Any     any             `yaml:"any"`
	Either  either          `yaml:"either"`
	common  `yaml:",inline"`
	Skipped string `yaml:"-"`
}

type either string

func (either) JSONSchema(g *Generator) *Schema {
	return &Schema{AnyOf: []*Schema{{Type: Types{"string"}}, g.For(reflect.TypeFor[item]())}}
}

func TestKeys(t *testing.T) {
	got := strings.Join(Keys[root](), ",")
	if want := "version,items,env,any,either,kind"; got != want {
		t.Errorf("Keys = %s, want %s", got, want)
	}
}

func TestFormatPath(t *testing.T) {
	for _, c := range []struct {
		path []any
		want string
	}{
		{nil, ""},
		{[]any{"tests", 0, "http", 1, "response"}, "tests[0].http[1].response"},
		{[]any{"env", "API KEY"}, `env["API KEY"]`},
		{[]any{"files", "a.txt"}, `files["a.txt"]`},
		{[]any{"body_file"}, "body_file"},
	} {
		if got := FormatPath(c.path); got != c.want {
			t.Errorf("FormatPath(%v) = %q, want %q", c.path, got, c.want)
		}
	}
}

func TestValidate(t *testing.T) {
	doc := NewGenerator().Document(reflect.TypeFor[root](), "x", "t", "d")
	// Through JSON and back, as editors and the repository tests read it.
	b, err := Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := Marshal(s)
	if string(b) != string(b2) {
		t.Fatalf("schema does not round-trip:\n%s\n---\n%s", b, b2)
	}
	for _, c := range []struct {
		name, yaml string
		want       []string // "line:col: path: message" prefixes
	}{
		{"valid", "version: 1\nitems:\n  - {id: x, count: 3, tags: [a]}\nenv: {A: true}\nany: [1, {x: y}]\neither: text\nkind: a\n", nil},
		{"either as a mapping", "version: 1\neither: {id: x}\n", nil},
		{"missing required", "items: []\n", []string{`1:1: (root): missing required field "version"`}},
		{"unknown field", "version: 1\nvresion: 2\n", []string{`2:1: vresion: unknown field "vresion", expected one of "version", "items", "env", "any", "either", "kind"`}},
		{"nested unknown field", "version: 1\nitems:\n  - id: x\n    cuont: 2\n", []string{`4:5: items[0].cuont: unknown field "cuont"`}},
		{"enum", "version: 2\nkind: c\n", []string{`1:10: version: the number 2 is not allowed, expected one of 1`, `2:7: kind: "c" is not allowed, expected one of "a", "b"`}},
		{"type", "version: one\nenv: {A: maybe}\n", []string{`1:10: version: expected an integer, got "one"`, `2:10: env.A: expected a boolean, got "maybe"`}},
		{"range", "version: 1\nitems: [{id: x, count: 0}, {id: y, count: 10, tags: []}]\n", []string{`2:24: items[0].count: 0 is less than the minimum 1`, `2:43: items[1].count: 10 is greater than the maximum 9`, `2:53: items[1].tags: expected at least 1 items, got 0`}},
		{"anyOf picks the branch of the right type", "version: 1\neither: {id: x, bad: 1}\n", []string{`2:17: either.bad: unknown field "bad"`}},
		{"anyOf without a fitting branch", "version: 1\neither: [x]\n", []string{`2:9: either: expected a string or a mapping, got a list`}},
		{"alias", "version: 1\nitems:\n  - &a {id: x}\n  - *a\n", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var n yaml.Node
			if err := yaml.Unmarshal([]byte(c.yaml), &n); err != nil {
				t.Fatal(err)
			}
			errs := s.Validate(&n)
			if len(errs) != len(c.want) {
				t.Fatalf("got %d errors, want %d: %v", len(errs), len(c.want), errs)
			}
			for i, e := range errs {
				if !strings.HasPrefix(e.Error(), c.want[i]) {
					t.Errorf("error %d = %q, want prefix %q", i, e.Error(), c.want[i])
				}
			}
		})
	}
}
