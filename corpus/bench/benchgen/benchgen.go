// Package benchgen generates a deterministic synthetic SFMD corpus for
// benchmarks: documents with frontmatter, prose (lists, links, shortcuts,
// hints, block markers, directives, ordinary code), six action blocks and
// six response templates each. Generate(2000, 1) is about 7 MB.
package benchgen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
)

// DefaultDocs and DefaultSeed give the corpus the benchmarks and the
// figures of docs/development.md use.
const (
	DefaultDocs = 2000
	DefaultSeed = 1
)

// ActionsPerDoc is the number of act blocks (and of response templates) in
// every generated document.
const ActionsPerDoc = 6

// Generate returns n documents. The same (n, seed) always yields the same
// bytes.
func Generate(n int, seed int64) [][]byte {
	docs := make([][]byte, n)
	for i := range docs {
		r := rand.New(rand.NewPCG(uint64(seed), uint64(i)))
		docs[i] = doc(r, i)
	}
	return docs
}

// Total is the summed size of docs in bytes.
func Total(docs [][]byte) int64 {
	var t int64
	for _, d := range docs {
		t += int64(len(d))
	}
	return t
}

var (
	words = strings.Fields(`the a weather forecast city report data service request response
token value field list item page menu search result query user account order invoice
payment status update create delete fetch render template output session variable
document action header body param default limit offset cursor region language unit
summary detail record archive export import sync queue job worker schedule event`)
	types   = []string{"string", "number", "boolean", "path"}
	hosts   = []string{"api.example.com", "wx.example.org", "data.io", "svc.dev"}
	methods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "CLI"}
)

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func sentence(r *rand.Rand, n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = pick(r, words)
	}
	s := strings.Join(ws, " ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

func ident(r *rand.Rand) string {
	return pick(r, words) + string(rune('a'+r.IntN(26)))
}

func doc(r *rand.Rand, i int) []byte {
	var b strings.Builder
	b.Grow(4096)
	ids := make([]string, ActionsPerDoc)
	for k := range ids {
		ids[k] = fmt.Sprintf("%s_%d", pick(r, words), k)
	}
	fmt.Fprintf(&b, "---\nname: app-%d\ntitle: %q\ntype: app\ndefault: %s\ntags: [%s, %s]\n",
		i, sentence(r, 2), ids[0], pick(r, words), pick(r, words))
	b.WriteString("description: " + sentence(r, 5) + "\nenv:\n")
	b.WriteString("  - API_KEY: \"Service API key\"\n  - LANG: \"Output language\"\n    default: en\n---\n\n")
	fmt.Fprintf(&b, "# %s\n\n[!nav:main](nav/main.md)\n\n%s\n\n", sentence(r, 2), sentence(r, 6))
	for k, id := range ids {
		fmt.Fprintf(&b, "<!-- #section-%d -->\n\n", k)
		switch k % 3 {
		case 0:
			fmt.Fprintf(&b, "%s See [docs](https://%s/%s) or [@%s Home](https://%s/).\n\n",
				sentence(r, 3), pick(r, hosts), pick(r, words), pick(r, words)+fmt.Sprint(k), pick(r, hosts))
		case 1:
			fmt.Fprintf(&b, "- %s `/act.%s --q {city}`\n- [run it](act:%s?limit=%d) *now*\n\n", sentence(r, 4), id, id, r.IntN(50))
		default:
			fmt.Fprintf(&b, "> %s\n\n```json\n{\"%s\": %d}\n```\n\n", sentence(r, 5), pick(r, words), r.IntN(999))
		}
		action(&b, r, id)
		response(&b, r, id)
		fmt.Fprintf(&b, "<!-- /section-%d -->\n\n", k)
	}
	fmt.Fprintf(&b, "[Details][@more]\n\n[@more]: https://%s/more\n", pick(r, hosts))
	return []byte(b.String())
}

func action(b *strings.Builder, r *rand.Rand, id string) {
	m := pick(r, methods)
	fmt.Fprintf(b, "```act.%s\n", id)
	p1, p2, p3 := ident(r), ident(r), ident(r)
	switch m {
	case "CLI":
		fmt.Fprintf(b, "CLI %s --%s {%s} --limit {%s} $HOME/data\n", pick(r, words), pick(r, words), p1, p2)
	case "GET", "DELETE":
		fmt.Fprintf(b, "%s https://%s/v1/%s/{%s}?lang=$LANG -H \"Authorization: $API_KEY\"\n", m, pick(r, hosts), pick(r, words), p1)
	default:
		fmt.Fprintf(b, "%s https://%s/v1/%s -H \"Authorization: $API_KEY\"", m, pick(r, hosts), pick(r, words))
		if r.IntN(2) == 0 {
			fmt.Fprintf(b, " -d '{\"%s\":\"{%s}\"}'", p1, p1)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(b, "  %s, -%c: %s (required) %q\n", p1, 'a'+rune(r.IntN(26)), pick(r, types), sentence(r, 2))
	fmt.Fprintf(b, "  %s: number (optional) %q = \"%d\"\n", p2, sentence(r, 1), r.IntN(100))
	fmt.Fprintf(b, "  %s: string (min:1, max:%d) \"%s|%s\"\n", p3, 10+r.IntN(90), pick(r, words), pick(r, words))
	if m == "POST" || m == "PUT" || m == "PATCH" {
		fmt.Fprintf(b, "\n  body:\n    {\"%s\": \"{%s}\", \"%s\": {%s},\n     \"%s\": \"{%s|base64}\"}\n", p1, p1, p2, p2, p3, p3)
	}
	b.WriteString("```\n\n")
}

func response(b *strings.Builder, r *rand.Rand, id string) {
	v1, v2 := ident(r), ident(r)
	fmt.Fprintf(b, "```act.%s.response\n", id)
	fmt.Fprintf(b, "{%s} = {Response.body.%s.%s}\n", v1, pick(r, words), pick(r, words))
	switch r.IntN(3) {
	case 0:
		fmt.Fprintf(b, "for: item in Response.body.items\n- **{item.%s}**: {item.id}\nend:\n", pick(r, words))
	case 1:
		fmt.Fprintf(b, "save: $.data[0].%s\ndecode: base64\nto: out/{%s}.bin\nSaved {%s}\n", pick(r, words), v1, v1)
	default:
		fmt.Fprintf(b, "{%s} = {Response.status}\nStatus {%s}: {Response.body.items[0].%s}\n", v2, v2, pick(r, words))
	}
	b.WriteString("```\n\n")
}

// Document returns one large document of at least size bytes: the
// documents of Generate(n, DefaultSeed) one after the other, with the
// frontmatter of the first only and the action, link and block ids of
// the others made unique (so that it is one big app, not thousands of
// duplicates). The same size always yields the same bytes.
func Document(size int) []byte {
	var b bytes.Buffer
	b.Grow(size + 8192)
	for i := 0; b.Len() < size; i++ {
		r := rand.New(rand.NewPCG(uint64(DefaultSeed), uint64(i)))
		d := doc(r, i)
		if i > 0 {
			if k := bytes.Index(d, []byte("\n---\n")); k >= 0 {
				d = d[k+len("\n---\n"):]
			}
			p := fmt.Sprintf("d%d_", i)
			for _, s := range []string{"act.", "act:", "section-"} {
				d = bytes.ReplaceAll(d, []byte(s), []byte(s+p))
			}
		}
		b.Write(d)
		b.WriteString("\n")
	}
	return b.Bytes()
}

// HintDocuments is the number of hints in the hint document lintratio
// measures (about 211 KB).
const HintDocuments = 6081

// HintDocument returns a document of one action and n lines, each a hint
// to an action the document does not define (“Run `/act.undefN --q "x"`
// next.”, N from 1 to n): the shape that made hint-unknown-action
// quadratic (issue 21). The same n always yields the same bytes.
func HintDocument(n int) []byte {
	var b bytes.Buffer
	b.Grow(64*n + 512)
	b.WriteString("---\nname: hints\ntitle: \"Hints\"\ntype: app\ndefault: known\n---\n\n# Hints\n\n")
	b.WriteString("```act.known\nGET https://api.example.com/v1/known?q={q}\n  q: string (required) \"Query\"\n```\n\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "Run `/act.undef%d --q \"x\"` next.\n", i)
	}
	return b.Bytes()
}
