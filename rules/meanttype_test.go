package rules

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestMeantTypeIsMeantParamType: meantType answers as
// sfmd.MeantParamType for every type written on a parameter of the
// corpora, the rules' archives and a generated document, the aliases,
// and those and the four types in random cases.
func TestMeantTypeIsMeantParamType(t *testing.T) {
	types := map[string]bool{"": true, "string": true, "number": true, "boolean": true, "path": true, "int": true, "Bool": true, "str ing": true, "Number": true, "STRING": true, "Boolean": true, "Path": true}
	for name, src := range bigDocTestDocs(t) {
		for _, a := range sfmd.Parse(name, src).Actions {
			for _, p := range a.Params {
				types[p.Type] = true
			}
		}
	}
	r := rand.New(rand.NewPCG(21, 5))
	for _, w := range []string{"string", "number", "boolean", "path", "int", "integer", "bool", "url", "file", "dir", "float"} {
		for range 20 {
			b := []byte(w)
			for i := range b {
				if r.IntN(2) == 0 {
					b[i] = strings.ToUpper(string(b[i]))[0]
				}
			}
			types[string(b)] = true
		}
	}
	if len(types) < 60 {
		t.Fatalf("only %d types: the documents test little", len(types))
	}
	for ty := range types {
		if got, want := meantType(ty), sfmd.MeantParamType(ty); got != want {
			t.Errorf("meantType(%q) = %q, MeantParamType %q", ty, got, want)
		}
	}
}
