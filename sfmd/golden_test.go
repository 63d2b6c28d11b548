package sfmd_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// Golden AST dumps: every testdata/NAME.md is parsed and its DumpText
// compared with testdata/NAME.golden. Rewrite the goldens with
//
//	go test ./sfmd -run TestGolden -update    (or SFMD_UPDATE=1)
//
// and review the diff: a golden is only as good as the eyes that read it.
// Updating is refused under CI=true so CI can never accept new output.

// The -update flag is registered in init, after every package-level
// variable, and only when no other test file of the package registered it
// (a var-initialised flag.Bool("update") elsewhere therefore wins instead
// of panicking); updating reads it by name.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files in testdata (refused under CI=true)")
	}
}

// updating reports whether goldens should be rewritten, failing the test
// when that is asked for under CI.
func updating(t *testing.T) bool {
	t.Helper()
	on := os.Getenv("SFMD_UPDATE") == "1"
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		on = true
	}
	if on && os.Getenv("CI") == "true" {
		t.Fatal("refusing to rewrite goldens under CI=true, run the update locally and commit the result")
	}
	return on
}

func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) < 15 {
		t.Fatalf("found %d inputs in testdata, want at least 15: were they deleted?", len(inputs))
	}
	upd := updating(t)
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			doc := sfmd.Parse(filepath.ToSlash(in), src)
			got := sfmd.DumpText(doc)

			js, err := sfmd.DumpJSON(doc)
			if err != nil {
				t.Fatalf("DumpJSON: %v", err)
			}
			if !json.Valid(js) {
				t.Fatalf("DumpJSON wrote invalid JSON:\n%s", js)
			}

			golden := strings.TrimSuffix(in, ".md") + ".golden"
			if upd {
				if err := os.WriteFile(golden, []byte(got), 0o600); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (create it with go test ./sfmd -run TestGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("dump of %s differs from %s (rerun with -update and review the diff):\n%s", in, golden, lineDiff(string(want), got))
			}
		})
	}
}

// lineDiff shows the first differing lines of want and got.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b bytes.Buffer
	shown := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl == gl {
			continue
		}
		fmt.Fprintf(&b, "line %d:\n  want: %s\n  got:  %s\n", i+1, wl, gl)
		if shown++; shown == 10 {
			b.WriteString("  …\n")
			break
		}
	}
	return b.String()
}
