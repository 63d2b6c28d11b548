package suitespec

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

func node(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(src), &n); err != nil {
		t.Fatal(err)
	}
	return &n
}

// A json: fixture is the compact JSON of its YAML, in the mapping's
// order; aliases are expanded up to JSONBytes, then refused.
func TestJSON(t *testing.T) {
	b, err := JSON(node(t, "z: 1\na: &x [true, null, 1e3, .5, \"s<\"]\nb: *x\n"))
	if want := `{"z":1,"a":[true,null,1e3,0.5,"s\u003c"],"b":[true,null,1e3,0.5,"s\u003c"]}`; err != nil || string(b) != want {
		t.Errorf("JSON = %s, %v; want %s", b, err, want)
	}
	var src strings.Builder
	fmt.Fprintf(&src, "l0: &l0 %s\n", strings.Repeat("x", 1<<20))
	for i := 1; i <= 3; i++ {
		fmt.Fprintf(&src, "l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", "))
	}
	if _, err := JSON(node(t, src.String())); err == nil || !strings.Contains(err.Error(), "aliases expanding") {
		t.Errorf("1 GB of aliases: %v, want refused", err)
	}
	if _, err := JSON(node(t, "a: .inf\n")); err == nil {
		t.Errorf("infinity has no JSON")
	}
	if b, err := ScalarJSON(yamlpos.Deref(node(t, "yes").Content[0])); err != nil || string(b) != `"yes"` {
		t.Errorf("ScalarJSON(yes) = %s, %v", b, err)
	}
}
