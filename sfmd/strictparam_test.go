package sfmd

import (
	"bytes"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
)

// strictParamRe is the runtime's field regex as isStrictParam's comment
// writes it, read by Go's regexp: its \s ([\t\n\f\r ]) and \w
// ([0-9A-Za-z_]) are the byte classes isStrictParam reads (JavaScript's \s
// also takes \v and Unicode spaces, which isStrictParam does not).
var strictParamRe = regexp.MustCompile(`^\s+(\w+)(?:,\s*-([a-zA-Z]))?\s*:\s+(\w+)(?:\s+\((required|optional)\))?(?:\s+"([^"]*)")?(?:\s*=\s*"([^"]*)")?$`)

// strictParamLines are the lines every document of the repository's
// corpora, the upstream corpus (when present) and the benchmark
// generator hold.
func strictParamLines(t *testing.T) []string {
	var lines []string
	add := func(src []byte) {
		for l := range bytes.SplitSeq(src, []byte("\n")) {
			lines = append(lines, string(bytes.TrimSuffix(l, []byte("\r"))))
		}
	}
	for _, root := range []string{"../corpus/ok", "../corpus/err", "../corpus/fuzz", "testdata", "../rules/testdata", "../../shared/corpus/upstream"} {
		if _, err := os.Stat(root); err != nil {
			t.Logf("%s not found, skipped", root)
			continue
		}
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			src, err := os.ReadFile(path)
			if err == nil {
				add(src)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range benchgen.Generate(benchgen.DefaultDocs, benchgen.DefaultSeed) {
		add(d)
	}
	add(benchgen.Document(1 << 20))
	return lines
}

// randomParamLine builds a line from the pieces of a parameter line, so
// that near misses of every part come up.
func randomParamLine(r *rand.Rand) string {
	pieces := []string{" ", "  ", "\t", "\f", "\v", "\r", "\n", "name", "x_1", "a-b", "é", ",", "-", "-v", "-vv", ":", "string",
		"(required)", "(optional)", "(req)", "(", ")", `"`, `"desc"`, `"a b"`, "=", `"x"`, "= \"d\"", "min: 1", "|", "{v}", "$X"}
	var b strings.Builder
	for n := r.IntN(12); n >= 0; n-- {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// TestStrictParamMatchesRegexp holds isStrictParam to the runtime's regex
// on every line of the corpora and the generated documents, on lines
// built to match it, and on random lines of the parts of one.
func TestStrictParamMatchesRegexp(t *testing.T) {
	check := func(where, l string) {
		t.Helper()
		if got, want := isStrictParam(l), strictParamRe.MatchString(l); got != want {
			t.Errorf("%s: isStrictParam(%q) = %v, the regex says %v", where, l, got, want)
		}
	}
	matched := 0
	for _, l := range strictParamLines(t) {
		check("corpus", l)
		if strictParamRe.MatchString(l) {
			matched++
		}
	}
	if matched < 100 {
		t.Errorf("only %d corpus lines match the regex: the corpora were not read", matched)
	}
	for _, l := range []string{
		"  name: string", "  name, -n: string (required) \"the name\" = \"x\"", "\tname:\tstring", "  n: s  =  \"\"",
		" n : s", "  n: s (required)\"d\"", "  n: s \"d\"=\"e\"", "  n,-x: s", "  n, -xy: s", "n: s", "  n:s", "  n: s ",
		"  n: s (optional) (required)", "  n: s \"a\" \"b\"", "  n: s = x", "\v n: s", "  n: s\f",
	} {
		check("case", l)
	}
	r := rand.New(rand.NewPCG(21, 12))
	for range 200000 {
		check("random", randomParamLine(r))
	}
}
