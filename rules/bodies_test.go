package rules

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestBodyScan checks the substitution body-invalid-json validates and the
// JSON-string context body-placeholder-unquoted-string relies on, for a
// multi-line body with a blank line and deeper indentation.
func TestBodyScan(t *testing.T) {
	src := "```act.p\nPOST https://a.example/p -H \"X: $K\"\n  t: string \"t\"\n  n: number \"n\"\n  body:\n    {\n\n      \"t\": \"{t}\", \"s\": \"x {t} y\",\n      \"n\": {n}, \"k\": $KEY, \"r\": {t}\n    }\n```\n"
	doc := sfmd.Parse("x.md", []byte(src))
	bs := actionBodies(doc, doc.Actions[0])
	if len(bs) != 1 {
		t.Fatalf("got %d bodies, want 1", len(bs))
	}
	out, refs := bs[0].scan()
	omap := bs[0].offsets()
	want := "{\n\n  \"t\": \"s\", \"s\": \"x 0 y\",\n  \"n\": 0, \"k\": 0, \"r\": 0\n}"
	if out != want {
		t.Errorf("scan:\n%s\nwant:\n%s", out, want)
	}
	if len(omap) != len(out) {
		t.Errorf("offset map has %d entries for %d bytes", len(omap), len(out))
	}
	var got []string
	for _, r := range refs {
		s := r.Ref.Raw
		if r.InString {
			s += "(in string)"
		}
		got = append(got, s)
	}
	if g, w := strings.Join(got, " "), "{t}(in string) {t}(in string) {n} $KEY {t}"; g != w {
		t.Errorf("refs: %s, want %s", g, w)
	}
	// every substituted byte maps back to the file, and unchanged bytes
	// map to themselves
	for i := range out {
		f := bs[0].fileOffset(omap[i])
		if f < 0 {
			t.Fatalf("byte %d of the scan has no file offset", i)
		}
		if out[i] == ':' && src[f] != ':' {
			t.Errorf("byte %d (':') maps to %q", i, src[f])
		}
	}
}

// TestBodyInvalidJSONPosition checks that the JSON error points at the
// offending character of an indented multi-line body.
func TestBodyInvalidJSONPosition(t *testing.T) {
	src := "```act.p\nPOST https://a.example/p\n  body:\n    {\n\n      \"a\": 1,\n      \"b\": 2,\n    }\n```\n"
	diags := check(t, "x.md", []byte(src), BodyInvalidJSON)
	if len(diags) != 1 {
		t.Fatalf("got %d diagnostics, want 1: %v", len(diags), diags)
	}
	if p := diags[0].Span.Start; p.Line != 8 || p.Col != 5 {
		t.Errorf("position %d:%d, want 8:5 (the '}' after the trailing comma)", p.Line, p.Col)
	}
}

// TestBodyInvalidJSONNumbers: JSON has no limit on numbers (JSON.parse
// reads 1e999 as Infinity and the runtime sends it), so only grammar
// errors are reported, never a number that does not fit a float64.
func TestBodyInvalidJSONNumbers(t *testing.T) {
	for body, want := range map[string]int{
		`{"a": 1e999}`:    0, // valid JSON: JSON.parse gives Infinity
		`{"a": -1E+309}`:  0,
		`{"a": 1.5e300}`:  0,
		`{"a": 1e-999}`:   0,
		`{"e": "1e999"}`:  0,
		`{"a": 12, "b":}`: 1,
	} {
		src := "```act.p\nPOST https://a.example/p\n  body:\n    " + body + "\n```\n"
		if got := len(check(t, "x.md", []byte(src), BodyInvalidJSON)); got != want {
			t.Errorf("%s: %d diagnostics, want %d", body, got, want)
		}
	}
}

func TestShellQuoteAt(t *testing.T) {
	cmd := `echo "a {x}" '{y}' {z} "q\"{w}" 'it'\''s {v}'`
	for _, c := range []struct {
		ref  string
		want byte
	}{{"{x}", '"'}, {"{y}", '\''}, {"{z}", 0}, {"{w}", '"'}, {"{v}", '\''}} {
		if got := shellQuoteAt(cmd, strings.Index(cmd, c.ref)); got != c.want {
			t.Errorf("%s: quote %q, want %q", c.ref, got, c.want)
		}
	}
}

func TestBracketIndices(t *testing.T) {
	for in, want := range map[string]string{
		"{Response.body.items.0.name}":  "{Response.body.items[0].name}",
		"{Response.body.a.10}":          "{Response.body.a[10]}",
		"{Response.body.m.2[1].k}":      "{Response.body.m[2][1].k}",
		"{Response.body.v2.x}":          "{Response.body.v2.x}",
		"{Response.body.items[0].name}": "{Response.body.items[0].name}",
	} {
		got, edits := bracketIndices(in, 0)
		if got != want {
			t.Errorf("%s: got %s, want %s", in, got, want)
		}
		// the edits produce the same text
		b := []byte(in)
		for i := len(edits) - 1; i >= 0; i-- {
			e := edits[i]
			b = append(b[:e.Start], append([]byte(e.New), b[e.End:]...)...)
		}
		if string(b) != want {
			t.Errorf("%s: edits give %s, want %s", in, b, want)
		}
	}
}

// TestTemplateRulesRuntimeAgreement pins behaviours taken from
// runtime-semantics.md §3: value shortcuts run inside loops, CLI
// responses have exit_code/stdout/stderr, and keys with '-' are reachable
// by assignments only.
func TestTemplateRulesRuntimeAgreement(t *testing.T) {
	src := "```act.sh\nCLI ls\n```\n\n```act.sh.response\n{k} = {Response.body.foo-bar}\nfor: p in Response.body.items\n{@item} = {p.id}\nend:\n{Response.exit_code} {Response.stderr}\n```\n"
	for _, a := range []*lint.Analyzer{ForBodyNonOutput, ResponseRefRootInvalid, ResponsePathMalformed, TemplateVarUndefined} {
		for _, d := range check(t, "x.md", []byte(src), a) {
			t.Errorf("unexpected: %s", format(d))
		}
	}
}

// TestBodyOffsets checks textOffset and fileOffset against a scan of the
// pieces, on a body with an unknown piece (base -1) in the middle.
func TestBodyOffsets(t *testing.T) {
	pieces := []string{"{", "", "  \"a\": 1,", "x", "}"}
	text := strings.Join(pieces, "\n")
	b := &bodyText{T: &sfmd.Template{Text: text}}
	b.layPieces(true)
	copy(b.base, []int{10, 12, -1, 30, 40})
	b.indexKnown()
	for k, p := range pieces {
		if b.piece(k) != p {
			t.Errorf("piece %d: %q, want %q", k, b.piece(k), p)
		}
	}
	naiveText := func(file int) int {
		start := 0
		for k, p := range pieces {
			if b.base[k] >= 0 && file >= b.base[k] && file <= b.base[k]+len(p) {
				return start + file - b.base[k]
			}
			start += len(p) + 1
		}
		return -1
	}
	naiveFile := func(off int) int {
		start := 0
		for k, p := range pieces {
			if off <= start+len(p) {
				if b.base[k] < 0 {
					return -1
				}
				return b.base[k] + off - start
			}
			start += len(p) + 1
		}
		return -1
	}
	for f := 0; f < 50; f++ {
		if g, w := b.textOffset(f), naiveText(f); g != w {
			t.Errorf("textOffset(%d) = %d, want %d", f, g, w)
		}
	}
	for o := 0; o <= len(text)+2; o++ {
		if g, w := b.fileOffset(o), naiveFile(o); g != w {
			t.Errorf("fileOffset(%d) = %d, want %d", o, g, w)
		}
	}
}

// TestQuoteCursor holds quoteCursor to shellQuoteAt: on random commands
// of quotes, backslashes and words, at increasing bytes of one command
// (the scan goes on), at a byte before the previous one and on another
// command (it starts again).
func TestQuoteCursor(t *testing.T) {
	atoms := []string{`"`, `'`, `\`, `\"`, `\'`, "a", " ", "{x}", "$", "é"}
	r := rand.New(rand.NewSource(2))
	var c quoteCursor
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for j := 0; j < 1+r.Intn(16); j++ {
			b.WriteString(atoms[r.Intn(len(atoms))])
		}
		cmd := b.String()
		// a command's first byte asked may follow the previous command's
		// last one: the cursor must see that the command changed
		for i := r.Intn(len(cmd) + 2); i <= len(cmd)+1; i += 1 + r.Intn(3) {
			if got, want := c.at(cmd, i), shellQuoteAt(cmd, i); got != want {
				t.Fatalf("%q at %d: %q, want %q", cmd, i, got, want)
			}
		}
		if i := r.Intn(len(cmd) + 1); n%2 == 0 && c.at(cmd, i) != shellQuoteAt(cmd, i) {
			t.Fatalf("%q back at %d: %q, want %q", cmd, i, c.at(cmd, i), shellQuoteAt(cmd, i))
		}
	}
}

// TestTemplateUsesMemo holds symbolTable.templateUses, the uses of every
// response listed once, to templateUses on each response, asked from the
// last response to the first: on the rule archives, corpus/err, the
// upstream corpus and a generated document.
func TestTemplateUsesMemo(t *testing.T) {
	docs := droppedParamDocs(t)
	docs["gen.md"] = benchgen.Document(1 << 20)
	uses := 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		syms := buildSymbols(doc)
		for k := len(doc.Responses) - 1; k >= 0; k-- {
			type call struct {
				i   int
				l   *sfmd.TemplateLine
				ref *sfmd.VarRef
			}
			var want, got []call
			templateUses(doc, doc.Responses[k], func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) { want = append(want, call{i, l, ref}) })
			syms.templateUses(doc, k, func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) { got = append(got, call{i, l, ref}) })
			if !slices.Equal(got, want) {
				t.Fatalf("%s: response %d: %d uses, want %d", name, k, len(got), len(want))
			}
			uses += len(want)
		}
	}
	if uses < 1000 {
		t.Errorf("only %d uses compared", uses)
	}
}
