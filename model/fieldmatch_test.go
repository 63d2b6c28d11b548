package model

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchField: the hand matcher gives reField's submatch indices, on
// hand-made lines, on every indented line of the real documents, and on
// random lines made of the pattern's pieces.
func TestMatchField(t *testing.T) {
	ins := []string{
		`  city: string (required) "City name" = "Seoul"`, `  c, -x: number`, `  c,-x : string`, "\tn: t", `  n:t`, `n: t`,
		`  n: t (required)`, `  n: t (required) `, `  n: t  (optional)"d"`, `  n: t "d" = "v"`, `  n: t ="v"`, `  n: t = "v`, `  n: t "d`,
		`  n: t (Required)`, `  n-x: t`, `  n, -xy: t`, `  n, x: t`, "\u00a0n:\u3000t", "  n: t\u2028", `  n: t "a"b"`, `  n: t "" = ""`,
		`  n: t (required) = "1"`, `  é: t`, "  n: t \"\xff\"", `  n: t="v"`, `   : t`, `  n: `, `  n:: t`, `  n: t (required)(optional)`,
	}
	filepath.Walk("../../shared/corpus/upstream", func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".md") {
			b, _ := os.ReadFile(p)
			for _, l := range strings.Split(string(b), "\n") {
				if l != "" && (l[0] == ' ' || l[0] == '\t') {
					ins = append(ins, l)
				}
			}
		}
		return nil
	})
	// lines made from the pattern's parts in order, each part sometimes
	// left out, doubled or replaced by another piece
	ws := []string{" ", "\t", "\u00a0", "\u2003", "  ", ""}
	parts := func(r *rand.Rand) [][]string {
		w := func() string { return ws[r.Intn(len(ws))] }
		return [][]string{{w(), " "}, {"city", "n_1", "é"}, {",", ", "}, {w()}, {"-x", "-", "-xy"}, {w()}, {":"}, {w(), " "}, {"string", "t", "9"},
			{w() + "(required)", " (optional)", " (Required)", "("}, {w() + `"desc"`, ` "`, ` ""`, "\"a\"b\""}, {w() + "=" + w() + `"v"`, ` = "`, `="\xff"`}, {"", " ", "\r", "x"}}
	}
	r := rand.New(rand.NewSource(1))
	matched := 0
	for k := 0; k < 20000; k++ {
		var b strings.Builder
		for _, alts := range parts(r) {
			switch x := r.Intn(40); {
			case x < 2: // left out
			case x < 3:
				b.WriteString(alts[r.Intn(len(alts))] + alts[r.Intn(len(alts))])
			case x < 8:
				b.WriteString(alts[r.Intn(len(alts))])
			default:
				b.WriteString(alts[0])
			}
		}
		ins = append(ins, b.String())
		if reField.MatchString(b.String()) {
			matched++
		}
	}
	if matched < 3000 {
		t.Fatalf("only %d random lines are fields", matched)
	}
	for _, in := range ins {
		want, got := reField.FindStringSubmatchIndex(in), matchField(in)
		if fmt.Sprint(want) != fmt.Sprint(got) {
			t.Errorf("%q: got %v, want %v", in, got, want)
		}
	}
}
