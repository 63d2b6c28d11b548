package rules

import (
	"maps"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestRawArgActionsByKind holds rawArgActions, which reads the kind the
// symbol table's list holds before the reference, to the walk that reads
// every use's reference, on the documents of TestUseKinds.
func TestRawArgActionsByKind(t *testing.T) {
	n := 0
	for name, doc := range symCheapDocs(t) {
		syms := buildSymbols(doc)
		want := map[*sfmd.Action]bool{}
		for _, u := range syms.Uses {
			if u.Action == nil || !u.Site.inDefinition() {
				continue
			}
			if u.Ref.Kind == sfmd.RefSpread || (u.Ref.Kind == sfmd.RefPersistent && u.Ref.Name == sfmd.ArgsVar) {
				want[u.Action] = true
			}
		}
		if got := rawArgActions(syms); !maps.Equal(got, want) {
			t.Errorf("%s: %d actions forward their arguments, the walk of the references %d", name, len(got), len(want))
		}
		n += len(want)
	}
	if n < 10 {
		t.Errorf("only %d actions forward their arguments: the documents test little", n)
	}
}
