package sfmd

import (
	"bytes"
	"strings"
	"testing"
)

// TestPathologicalInputs parses inputs that would take minutes with any
// quadratic scan (1-10 MB lines of brackets, unclosed comments, fetch
// bindings, quotes) and checks the parse ends with the expected shape. A
// regression to quadratic behaviour shows up as this test hanging until
// go test's timeout.
func TestPathologicalInputs(t *testing.T) {
	const n = 1 << 20
	cases := map[string][]byte{
		"open brackets":      []byte(strings.Repeat("[", n)),
		"bracket then paren": []byte(strings.Repeat("[a](", n/4)),
		"unclosed comments":  []byte(strings.Repeat("<!--\n", n/5)),
		"fetch bindings":     []byte(strings.Repeat("{{fetch:", n/8)),
		"dollars":            []byte(strings.Repeat("$A", n/2)),
		"braces in act":      []byte("```act.x\nGET https://a/" + strings.Repeat("{", n) + "\n```\n"),
		"quotes in param":    []byte("```act.x\nGET https://a\n  q: string " + strings.Repeat(`"`, n) + "\n```\n"),
		"headers":            []byte("```act.x\nGET https://a" + strings.Repeat(` -H "`, n/5) + "\n```\n"),
		"ten MB line":        bytes.Repeat([]byte("word [@x y](z) `code` $V {v} "), 10<<20/30),
		"many lines":         bytes.Repeat([]byte("- [a](b)\n"), n/9),
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			doc := Parse("p.md", src)
			if doc.Index.LineCount() < 1 {
				t.Fatal("no lines indexed")
			}
		})
	}
}
