package sfmd

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/txtar"
)

// fastYAMLMismatch runs the fast path on raw and, when it accepts,
// compares its tree with yaml.v3's: problem is "" when they are equal.
func fastYAMLMismatch(raw []byte) (accepted bool, problem string) {
	got, ok := fastYAML(raw, nil)
	if !ok {
		return false, ""
	}
	var want yaml.Node
	if err := yaml.Unmarshal(raw, &want); err != nil {
		return true, fmt.Sprintf("fast path accepted %q, which yaml.v3 refuses: %v", raw, err)
	}
	if !reflect.DeepEqual(got, &want) {
		return true, fmt.Sprintf("trees differ for %q:\nfast path: %s\nyaml.v3:   %s", raw, dumpYAMLNode(got), dumpYAMLNode(&want))
	}
	return true, ""
}

// dumpYAMLNode writes a node tree on one line with every field DeepEqual
// compares that the fast path sets or should leave empty.
func dumpYAMLNode(n *yaml.Node) string {
	if n == nil {
		return "nil"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "{K%d S%d %s %q %d:%d", n.Kind, n.Style, n.Tag, n.Value, n.Line, n.Column)
	if n.Anchor != "" || n.Alias != nil || n.HeadComment != "" || n.LineComment != "" || n.FootComment != "" {
		fmt.Fprintf(&b, " anchor=%q alias=%v comments=%q/%q/%q", n.Anchor, n.Alias != nil, n.HeadComment, n.LineComment, n.FootComment)
	}
	if n.Content == nil {
		b.WriteString(" nil")
	}
	for _, c := range n.Content {
		b.WriteString(" " + dumpYAMLNode(c))
	}
	b.WriteString("}")
	return b.String()
}

// fastYAMLCases are decided inputs: accept=true must take the fast path
// (and equal yaml.v3), accept=false must fall back to yaml.v3.
var fastYAMLCases = []struct {
	raw    string
	accept bool
}{
	// accepted
	{"name: app-1\ntitle: \"Fetch things\"\ntype: app\ndefault: home\ntags: [result, service]\ndescription: Lists what the service returns.\nenv:\n  - API_KEY: \"Service API key\"\n  - LANG: \"Output language\"\n    default: en\n", true},
	{"a: 1\nb:\nc: []\n", true},
	{"\n\n  a: x\n  b: z\n", true},
	{"a:\n\nb: 2", true},
	{"a:   \n  - x\n  -   w\n", true},
	{"env:\n- A\n- B\nc: d", true},
	{"x:\n  - a:\n    - w\n    b: z\n  - c\n", true},
	{"a  : b", true},
	{"a: [ x ,  'y' , \"z\" ]", true},
	{"a: [ ]\nb: [x]\n", true},
	{"é: ü\nb: [é, ü]\n", true},
	{"ключ: значение — 😀 ok\nb: \"日本\"\nc: [ü, 'é', \"😀\"]\n", true},
	{"my key: my value\n", true},
	{"a: b   \nc: d  \n\n   \n", true},
	{"a: https://example.com/x?y=1&z=2\n", true},
	{"a: true\nb: False\nc: NULL\nd: null\ne: 42\nf: 0\ng: TRUE\n", true},
	{"version: 1.0.0\ntitle: 13f Analyzer\ntags: [3d-scan, r2, 10x]\n", true},
	{"a: 'it is'\nb: \"x 'y' z\"\nc: ''\nd: \"\"\ne: ' spaced '\n", true},
	{"a: b [c] {d}, e * f & g ! h | i > j\n", true},
	{"a:\n  b:\n    c: d\n  e: f\n", true},
	{"a: x\nb:\n", true},
	{"a:\n  b:\n  - c\n  d: e\n", true},
	{"true: 1\n12: x\n", true},
	{"a: $HOME/x\nb: /usr/bin\nc: (x)\nd: _x\n", true},
	{"a:\n  -  b: c\n     d: e\n", true},
	// fall back: numbers, timestamps and words yaml.v3 resolves apart
	{"a: 1.0", false},
	{"a: 0123", false},
	{"a: 0x1F", false},
	{"a: 1_000", false},
	{"a: 1e3", false},
	{"a: 12345678901234567890", false},
	{"a: yes", false},
	{"a: Off", false},
	{"a: -1", false},
	{"a: +1", false},
	{"a: .5", false},
	{"a: ~", false},
	{"<<: x", false},
	{"a: 2001-12-14", false},
	{"a: [2001-12-14]", false},
	// fall back: quoting and escapes
	{"a: 'it''s'", false},
	{"a: \"x\\ty\"", false},
	{"a: [\"x\\y\"]", false},
	{"\"a\": b", false},
	{"a: \"b\n  c\"", false},
	// fall back: structure
	{"a: b: c", false},
	{"a:b", false},
	{"- x", false},
	{"a: 1\na: 2", false},
	{"a:\n  b: 1\n  b: 2\n", false},
	{"a: b\n  c", false},
	{"  a: 1\nb: 2", false},
	{"a:\n    b: 1\n  c: 2", false},
	{"a:\n  -\n", false},
	{"a:\n  - - x\n", false},
	{"a: -", false},
	{"a: b:", false},
	{"a: [a, ]", false},
	{"a: [a: b]", false},
	{"a: [a\n, b]", false},
	{"a: {b: c}", false},
	{"? a\n: b", false},
	{"---\na: b", false},
	{"%YAML 1.2\n---\na: b", false},
	{"a: b\n...\n", false},
	// fall back: characters
	{"a:\n\t- x", false},
	{"a: b\tc", false},
	{"a: b\r\nc: d\r\n", false},
	{"a: b\rc: d", false},
	{"a: b # c", false},
	{"a: C#", false},
	{"\ufeffa: b", false},
	{"a: x\u2028y", false},
	{"a: x\u0085y", false},
	{"a: x\x00y", false},
	{"a: \xff", false},
	// literal block scalars with clip chomping
	{"a: |\n  x\n", true},
	{"a: |\n  x\n  y\nb: c\n", true},
	{"description: |\n  The first line,\n  the second — é.\ntitle: T\n", true},
	{"a: |\n  x\n\n  y\n\n\nb: c", true},
	{"a: |\n\n  x\n", true},
	{"a: |\n  x\n    more indented\n  y\n", true},
	{"a: |\n  x: y\n  - z\n  'q'\n", true},
	{"a: |\n  x", true},
	{"env:\n  - A: |\n      x\n      y\n    default: d\n", true},
	{"a:   |\n  x\n", true},
	// fall back: other block scalars, anchors, aliases, tags, reserved
	{"a: |\n", false},
	{"a: |\nb: c\n", false},
	{"a: |\n  x\n \n  y\n", false},
	{"a: |\n    x\n  y\n", false},
	{"a: |-\n  x\n", false},
	{"a: |+\n  x\n", false},
	{"a: |2\n  x\n", false},
	{"- |\n  x\n", false},
	{"a: >\n  x\n", false},
	{"a: &x b\nc: *x", false},
	{"a: !t b", false},
	{"a: @x", false},
	{"a: `x`", false},
	{"a: %x", false},
	{"a: ? b", false},
}

func TestFastYAMLCases(t *testing.T) {
	for _, c := range fastYAMLCases {
		accepted, problem := fastYAMLMismatch([]byte(c.raw))
		if problem != "" {
			t.Error(problem)
		}
		if accepted != c.accept {
			t.Errorf("fast path on %q: accepted=%v, want %v", c.raw, accepted, c.accept)
		}
	}
}

// TestFastYAMLDeep: nesting beyond maxFastDepth falls back, and just
// below it is read.
func TestFastYAMLDeep(t *testing.T) {
	nest := func(n int) []byte {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "%sk:\n", strings.Repeat(" ", i))
		}
		fmt.Fprintf(&b, "%sk: v\n", strings.Repeat(" ", n))
		return []byte(b.String())
	}
	for n, want := range map[int]bool{maxFastDepth - 1: true, maxFastDepth + 1: false} {
		accepted, problem := fastYAMLMismatch(nest(n))
		if problem != "" {
			t.Error(problem)
		}
		if accepted != want {
			t.Errorf("nesting %d: accepted=%v, want %v", n, accepted, want)
		}
	}
}

// TestDecodeYAMLError: errors keep coming from yaml.v3, word for word.
func TestDecodeYAMLError(t *testing.T) {
	for _, raw := range []string{"a: b: c", "a: [x", "a:\n    b: 1\n  c: 2"} {
		_, err := decodeYAML([]byte(raw), nil)
		var n yaml.Node
		want := yaml.Unmarshal([]byte(raw), &n)
		if err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("decodeYAML(%q) = %v, want yaml.v3's %v", raw, err, want)
		}
	}
}

// fastYAMLCorpus counts, for one corpus, the frontmatters read and those
// the fast path took, and reports every tree that differs from yaml.v3's.
type fastYAMLCorpus struct {
	t           *testing.T
	name        string
	total, fast int
}

func (c *fastYAMLCorpus) doc(where string, src []byte) {
	doc := Parse(where, src)
	if doc.Frontmatter == nil || strings.TrimSpace(doc.Frontmatter.Raw) == "" {
		return
	}
	raw := []byte(doc.Frontmatter.Raw)
	c.check(where, raw)
	if bytes.IndexByte(raw, '\r') >= 0 {
		// as decodeFrontmatter hands it over
		c.check(where, bytes.ReplaceAll(raw, []byte("\r\n"), []byte("\n")))
	}
}

func (c *fastYAMLCorpus) check(where string, raw []byte) {
	c.total++
	accepted, problem := fastYAMLMismatch(raw)
	if problem != "" {
		c.t.Errorf("%s: %s", where, problem)
	}
	if accepted {
		c.fast++
	}
}

func (c *fastYAMLCorpus) files(root string, match func(path string) bool) {
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !match(path) {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, ".txtar") {
			for _, f := range txtar.Parse(src).Files {
				if strings.HasSuffix(f.Name, ".md") {
					c.doc(path+":"+f.Name, f.Data)
				}
			}
			return nil
		}
		if rest, ok := bytes.CutPrefix(src, []byte("go test fuzz v1\n")); ok {
			// a seed of Go's fuzzing engine: read it when it is one []byte
			lit := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(string(rest)), "[]byte("), ")")
			if s, uerr := strconv.Unquote(lit); uerr == nil {
				c.doc(path, []byte(s))
			}
			return nil
		}
		c.doc(path, src)
		return nil
	})
	if err != nil {
		c.t.Fatal(err)
	}
}

func (c *fastYAMLCorpus) report() {
	share := 0.0
	if c.total > 0 {
		share = 100 * float64(c.fast) / float64(c.total)
	}
	c.t.Logf("%-10s %5d frontmatters, fast path %5d (%.1f%%)", c.name, c.total, c.fast, share)
}

// TestFastYAMLCorpus compares the fast path with yaml.v3 on every
// frontmatter the repository holds (and the upstream corpus next to it
// when present), logs the share the fast path took, and requires it to
// take all of the benchmark corpus's.
func TestFastYAMLCorpus(t *testing.T) {
	isMD := func(p string) bool { return strings.HasSuffix(p, ".md") }
	any := func(string) bool { return true }
	for _, s := range []struct {
		name, root string
		match      func(string) bool
	}{
		{"ok", "../corpus/ok", isMD},
		{"err", "../corpus/err", isMD},
		{"fuzz", "../corpus/fuzz", isMD},
		{"testdata", "testdata", any},
		{"rules", "../rules/testdata", func(p string) bool { return strings.HasSuffix(p, ".txtar") }},
	} {
		c := &fastYAMLCorpus{t: t, name: s.name}
		c.files(s.root, s.match)
		c.report()
	}

	bench := &fastYAMLCorpus{t: t, name: "benchgen"}
	for i, d := range benchgen.Generate(benchgen.DefaultDocs, benchgen.DefaultSeed) {
		bench.doc(fmt.Sprintf("benchgen %d", i), d)
	}
	bench.report()
	if bench.total != benchgen.DefaultDocs || bench.fast != bench.total {
		t.Errorf("benchgen: the fast path took %d of %d frontmatters (of %d documents), want all", bench.fast, bench.total, benchgen.DefaultDocs)
	}

	const upstream = "../../shared/corpus/upstream"
	if _, err := os.Stat(upstream); err != nil {
		t.Logf("upstream corpus not found at %s, skipped", upstream)
		return
	}
	up := &fastYAMLCorpus{t: t, name: "upstream"}
	up.files(upstream, isMD)
	up.report()
}

// FuzzYAMLFastPath: whenever the fast path accepts an input, yaml.v3
// accepts it too and gives the identical tree. Each input is tried as
// it is and as a program for fuzzLines, which reaches the combinations of
// indentation and line forms that byte mutations rarely hit. Seeds:
// fastYAMLCases and testdata/fuzz/FuzzYAMLFastPath. Run it with
//
//	go test ./sfmd -run '^$' -fuzz FuzzYAMLFastPath -fuzztime 60s -fuzzminimizetime 3s
//
// (the default minimization time of 60s per new input can use up a
// short run).
func FuzzYAMLFastPath(f *testing.F) {
	for _, c := range fastYAMLCases {
		f.Add([]byte(c.raw))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if _, problem := fastYAMLMismatch(raw); problem != "" {
			t.Fatal(problem)
		}
		if _, problem := fastYAMLMismatch(fuzzLines(raw)); problem != "" {
			t.Fatal(problem)
		}
	})
}

// fuzzLineForms are the line forms fuzzLines builds documents from: what
// the fast path reads, and near misses it must decline.
var fuzzLineForms = []string{
	"k%d: v", "k%d:", "- v%d", "- k%d: v", "- k%d:", "-", "- - v", "k%d: [a, 'b', \"c\"]",
	"k%d: 'q'", "k%d: \"d d\"", "k%d: 12", "k%d: 1.0", "k%d: true", "é%d: ü😀", "k%d:   ", "",
	"  ", "k%d: b: c", "k%d: |", "v%d", "k%d: []", "k%d: [a,]", "\"k%d\": v", "k%d : v ",
	"k%d: 1.0.0", "k%d: null", "- 'q%d'", "- [x]", "k%d: a:b", "? k%d", "k%d: ~", "k",
}

// fuzzLines turns data into a document, a line per byte: the low five bits
// choose a form of fuzzLineForms (numbered by the line, so that keys
// rarely repeat), the high three bits its indentation.
func fuzzLines(data []byte) []byte {
	var b bytes.Buffer
	for i, c := range data {
		form := fuzzLineForms[int(c&31)%len(fuzzLineForms)]
		b.WriteString(strings.Repeat(" ", int(c>>5)))
		if strings.Contains(form, "%d") {
			fmt.Fprintf(&b, form, i)
		} else {
			b.WriteString(form)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// BenchmarkDecodeYAML decodes the frontmatters of 200 benchmark documents
// with the fast path and with yaml.v3, for the ratio between the two.
func BenchmarkDecodeYAML(b *testing.B) {
	var raws [][]byte
	for _, d := range benchgen.Generate(200, benchgen.DefaultSeed) {
		if fm := Parse("bench.md", d).Frontmatter; fm != nil {
			raws = append(raws, []byte(fm.Raw))
		}
	}
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, raw := range raws {
				if _, ok := fastYAML(raw, nil); !ok {
					b.Fatalf("fast path declined %q", raw)
				}
			}
		}
	})
	b.Run("yaml.v3", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, raw := range raws {
				var n yaml.Node
				if err := yaml.Unmarshal(raw, &n); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// TestFastYAMLRandom compares the fast path with yaml.v3 on documents a
// seeded random walk builds from the forms frontmatter uses (nested and
// indentless sequences, mapping items with continuation lines, every
// kind of scalar), with some indentation knocked off by one, so that the
// nesting rules are tested in combinations no table lists. It requires
// the fast path to take a fair share of them, or the comparison would be
// empty.
func TestFastYAMLRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 1))
	const docs = 10000
	fast := 0
	for range docs {
		g := &yamlGen{r: r}
		g.mapping(r.IntN(2), 0)
		accepted, problem := fastYAMLMismatch(g.b.Bytes())
		if problem != "" {
			t.Fatal(problem)
		}
		if accepted {
			fast++
		}
	}
	t.Logf("fast path took %d of %d random documents", fast, docs)
	if fast < docs/4 {
		t.Errorf("fast path took only %d of %d random documents", fast, docs)
	}
}

type yamlGen struct {
	r    *rand.Rand
	b    bytes.Buffer
	keys int
}

var yamlGenScalars = []string{
	"v", "two words", "https://x.io/a?b=c", "true", "False", "null", "NULL", "42", "0", "1.0.0",
	"1.0", "0123", "yes", "-1", "~", "2001-12-14", "13f x", "'q'", "''", "\"d d\"", "\"\"",
	"'it''s'", "\"x\\ty\"", "[a, 'b', \"c\"]", "[]", "[ 1 , x ]", "[a,]", "ü😀", "a [b] {c}",
	"b: c", "a:b", "{a: b}", "|", "&x y", "$HOME", "(x)", "_x", "/p",
}

// indent returns ind, now and then off by one.
func (g *yamlGen) indent(ind int) int {
	if g.r.IntN(25) == 0 {
		return max(0, ind+g.r.IntN(3)-1)
	}
	return ind
}

func (g *yamlGen) line(ind int, s string) {
	g.b.WriteString(strings.Repeat(" ", ind) + s)
	if g.r.IntN(10) == 0 {
		g.b.WriteString("  ")
	}
	g.b.WriteByte('\n')
	if g.r.IntN(12) == 0 {
		g.b.WriteString(strings.Repeat(" ", g.r.IntN(4)) + "\n")
	}
}

func (g *yamlGen) key() string {
	g.keys++
	switch g.r.IntN(12) {
	case 0:
		return fmt.Sprintf("ключ %d", g.keys)
	case 1:
		return strconv.Itoa(g.keys)
	}
	return fmt.Sprintf("k%d", g.keys)
}

// mapping writes a block mapping at ind; its first key goes on the
// current line when a sequence item's "- " is already written there.
func (g *yamlGen) mapping(ind, depth int) {
	for i := range 1 + g.r.IntN(4) {
		g.entry(g.indent(ind), depth, i == 0 && g.b.Len() > 0 && g.b.Bytes()[g.b.Len()-1] != '\n')
	}
}

func (g *yamlGen) entry(ind, depth int, inline bool) {
	at := ind
	if inline {
		at = 0
	}
	k := g.key()
	switch n := g.r.IntN(10); {
	case n < 5 || depth > 3:
		g.line(at, k+": "+yamlGenScalars[g.r.IntN(len(yamlGenScalars))])
	case n == 5:
		g.line(at, k+":")
	case n < 8:
		g.line(at, k+":")
		g.mapping(ind+1+g.r.IntN(3), depth+1)
	default:
		g.line(at, k+":")
		g.sequence(ind+g.r.IntN(3), depth+1)
	}
}

func (g *yamlGen) sequence(ind, depth int) {
	for range 1 + g.r.IntN(3) {
		at := g.indent(ind)
		if g.r.IntN(3) == 0 && depth < 4 {
			g.b.WriteString(strings.Repeat(" ", at) + "- ")
			g.mapping(at+2, depth+1)
			continue
		}
		g.line(at, "- "+yamlGenScalars[g.r.IntN(len(yamlGenScalars))])
	}
}
