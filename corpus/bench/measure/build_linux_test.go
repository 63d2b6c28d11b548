package measure

import (
	"debug/elf"
	"testing"
)

// TestBuildIsStatic: the programs the benchmarks measure are built as
// released (.ci/release: CGO_ENABLED=0), static: no dynamic loader runs
// at every start of sfmd.
func TestBuildIsStatic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sfmd")
	}
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := Build(root, t.TempDir(), "./cmd/sfmd")
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Fatalf("%s is linked dynamically (it names a program interpreter): the release is static", bin)
		}
	}
}
