package rules

import (
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// shellAssignRe is what shellAssignments finds (env-var-undeclared).
var shellAssignRe = regexp.MustCompile(`(?:^|[\s;&|(])(?:export\s+|local\s+)?([A-Za-z_][A-Za-z0-9_]*)=|\bfor\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\b|\bread\s+(?:-\w+\s+)*([A-Za-z_][A-Za-z0-9_]*)`)

func regexpAssignments(t string) []string {
	var out []string
	for _, m := range shellAssignRe.FindAllStringSubmatch(t, -1) {
		for _, g := range m[1:] {
			if g != "" {
				out = append(out, g)
			}
		}
	}
	return out
}

func scannedAssignments(t string) []string {
	var out []string
	shellAssignments(t, func(n string) { out = append(out, n) })
	return out
}

// TestShellAssignments compares shellAssignments with the regular
// expression it stands for, on commands and on random text made of the
// pieces the expression looks at.
func TestShellAssignments(t *testing.T) {
	for _, c := range []string{
		"A=1", "export A=1 B=2", "local X=$1; for i in 1 2; do read -r -p x LINE; done",
		"for x in=B", "read -x=B", "xexport A=1", "(A=1)", "a|b=2", "a.b=c", "1a=2", "for A inx", "forA in",
		"read", "read -r", "read -r -", "already read x", "export=1", "export  FOO=1", "é A=1", "A=B=C",
		"curl https://x.example/?q=1&n=2", "for\tA\tin\tB", "read\n-a\fx",
	} {
		if got, want := scannedAssignments(c), regexpAssignments(c); !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", c, got, want)
		}
	}
	atoms := []string{"export", "local", "for", "read", "in", " ", "\t", "\n", "=", ";", "&", "|", "(", "-", "-r", "a", "B_1", "x", "é", "1", "$", "\xff", "inx", "_"}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 200000; i++ {
		var b strings.Builder
		for j := 0; j < 1+r.Intn(12); j++ {
			b.WriteString(atoms[r.Intn(len(atoms))])
		}
		c := b.String()
		if got, want := scannedAssignments(c), regexpAssignments(c); !slices.Equal(got, want) {
			t.Fatalf("%q: %q, want %q", c, got, want)
		}
	}
}
