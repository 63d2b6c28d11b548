package rules

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestValidJSONIsValid holds validJSON to json.Valid on random JSON
// values, the same with 1 to 3 bytes inserted, dropped or replaced,
// random strings of JSON's bytes and others, nesting at and past the
// scanner's limit of 10,000, and what body-invalid-json asks of the
// bodies of the documents (upstream, the archives, generated). It fails with a leading zero, an empty
// fraction or exponent, a short \u escape or a control byte in a string
// allowed, or the depth limit moved by one.
func TestValidJSONIsValid(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 31))
	const bytes = "{}[]\":,.-+eE0123456789 \t\n\r\\/ubfnrtalsx\x00\x1f\x7f\xc3\xa9\xff"
	var cases []string
	for range 20000 {
		v := randomJSON(r, 3)
		cases = append(cases, v, mutateBytes(r, v, bytes))
	}
	cases = append(cases, randomStrings(9, 20000, bytes)...)
	for _, k := range []int{9999, 10000, 10001} {
		cases = append(cases, strings.Repeat("[", k)+strings.Repeat("]", k),
			strings.Repeat(`{"a":`, k)+"1"+strings.Repeat("}", k),
			strings.Repeat(`[{"a":`, k/2)+"[]"+strings.Repeat("}]", k/2))
	}
	cases = append(cases, validJSONEdges...)
	for _, doc := range symCheapDocs(t) {
		for _, a := range doc.Actions {
			for _, b := range actionBodies(doc, a) {
				out, _ := b.scan()
				cases = append(cases, out)
			}
		}
	}
	valid := 0
	for _, s := range cases {
		want := json.Valid([]byte(s))
		if want {
			valid++
		}
		if got := validJSON(s); got != want {
			t.Fatalf("validJSON(%q) = %v, json.Valid %v", s, got, want)
		}
	}
	if valid < len(cases)/4 || valid > len(cases)*3/4 {
		t.Errorf("%d of %d cases valid: the cases do not test both answers", valid, len(cases))
	}
}

// randomJSON is a random JSON value, nested up to depth, with the white
// space, numbers, escapes and literals the grammar allows.
func randomJSON(r *rand.Rand, depth int) string {
	ws := func() string { return []string{"", "", " ", "\n\t", "\r "}[r.IntN(5)] }
	pick := r.IntN(8)
	if depth == 0 {
		pick = 2 + r.IntN(6)
	}
	switch pick {
	case 0, 1:
		open, end := "[", "]"
		if pick == 1 {
			open, end = "{", "}"
		}
		var b strings.Builder
		b.WriteString(open + ws())
		for i := range r.IntN(4) {
			if i > 0 {
				b.WriteString(ws() + "," + ws())
			}
			if pick == 1 {
				b.WriteString(randomJSONString(r) + ws() + ":" + ws())
			}
			b.WriteString(randomJSON(r, depth-1))
		}
		b.WriteString(ws() + end)
		return b.String()
	case 2, 3:
		return randomJSONString(r)
	case 4, 5:
		return []string{"0", "-0", "12", "-3.25", "1e5", "2E-3", "0.5e+10", "-19.0E1", "100"}[r.IntN(9)]
	default:
		return []string{"true", "false", "null"}[r.IntN(3)]
	}
}

func randomJSONString(r *rand.Rand) string {
	parts := []string{"a", "é", "\xff", " ", `\"`, `\\`, `\/`, `\b`, `\n`, `\u00e9`, `\uD83D`, "{x}", "\x7f"}
	var b strings.Builder
	b.WriteByte('"')
	for range r.IntN(5) {
		b.WriteString(parts[r.IntN(len(parts))])
	}
	b.WriteByte('"')
	return b.String()
}

// mutateBytes inserts, drops or replaces 1 to 3 bytes of s.
func mutateBytes(r *rand.Rand, s, alphabet string) string {
	b := []byte(s)
	for range 1 + r.IntN(3) {
		i := r.IntN(len(b) + 1)
		switch op := r.IntN(3); {
		case op == 0:
			b = append(b[:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[i:]...)...)
		case i < len(b) && op == 1:
			b = append(b[:i], b[i+1:]...)
		case i < len(b):
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
	}
	return string(b)
}

// validJSONEdges are inputs where a hand-written scanner is most likely
// to differ from json.Valid: a byte order mark (refused), invalid UTF-8
// and encoded or escaped surrogates in strings (accepted: Valid checks
// neither), \u escapes of either case and short ones, DEL, empty and
// blank input, trailing commas and values, and numbers at their edges.
var validJSONEdges = []string{
	"", " ", "\ufeff{}", "{}\ufeff", "\ufeff", "\xef\xbb\xbf[]",
	`"\uD800"`, `"\udfff\ud800"`, `"\uABCD\uabcd\u0aF9"`, `"\uabcg"`, `"\u00"`, `"\u"`, `"\U0041"`, `"\x41"`, `"\'"`,
	"\"\xed\xa0\x80\"", "\"\xff\xfe\"", "\"\xc3\"", "\"\x7f\"", "\"\x1f\"", "\"\t\"",
	"[1,]", "[,1]", `{"a":1,}`, "{,}", `{"a"}`, `{"a":}`, `{1:2}`, "[] []", "1 2", "nul", "truefalse", "True",
	"-", "-0", "-0.0e-0", "1E+", "1e+5", "0e0", ".5", "5.", "+1", "00", "-01", "1e999999999999", "0x1", "1_000",
	"\f1", "\v1", "\u00a01", "1\n\r\t ",
}

// FuzzValidJSON holds validJSON to json.Valid on any input (go test
// -fuzz=FuzzValidJSON ./rules/; the seeds run with go test).
func FuzzValidJSON(f *testing.F) {
	for _, s := range validJSONEdges {
		f.Add(s)
	}
	f.Add(`{"a":[1,-2.5e3,"\u00e9\n",true,false,null,{}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validJSON(s), json.Valid([]byte(s)); got != want {
			t.Fatalf("validJSON(%q) = %v, json.Valid %v", s, got, want)
		}
	})
}
