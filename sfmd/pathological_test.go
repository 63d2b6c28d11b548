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
	// each input with a fact about its parse, so that the test checks
	// the result and not only that Parse returned
	cases := map[string]struct {
		src   []byte
		check func(*Document) bool
	}{
		"open brackets":      {[]byte(strings.Repeat("[", n)), func(d *Document) bool { return len(d.Links) == 0 }},
		"bracket then paren": {[]byte(strings.Repeat("[a](", n/4)), func(d *Document) bool { return len(d.Links) == 0 }},
		"unclosed comments":  {[]byte(strings.Repeat("<!--\n", n/5)), func(d *Document) bool { return len(d.Comments) == 0 && len(d.Markers) == 0 }},
		"fetch bindings":     {[]byte(strings.Repeat("{{fetch:", n/8)), func(d *Document) bool { return len(d.ProseVars) == 0 }},
		"dollars":            {[]byte(strings.Repeat("$A", n/2)), func(d *Document) bool { return len(d.ProseVars) == n/2 }},
		"braces in act": {[]byte("```act.x\nGET https://a/" + strings.Repeat("{", n) + "\n```\n"), func(d *Document) bool {
			return len(d.Actions) == 1 && d.Actions[0].Target != nil
		}},
		"quotes in param": {[]byte("```act.x\nGET https://a\n  q: string " + strings.Repeat(`"`, n) + "\n```\n"), func(d *Document) bool {
			return len(d.Actions) == 1 && len(d.Actions[0].Params) == 1
		}},
		"headers": {[]byte("```act.x\nGET https://a" + strings.Repeat(` -H "`, n/5) + "\n```\n"), func(d *Document) bool {
			return len(d.Actions) == 1 && len(d.Actions[0].Headers) > 0
		}},
		"ten MB line": {bytes.Repeat([]byte("word [@x y](z) `code` $V {v} "), 10<<20/30), func(d *Document) bool {
			// every shortcut and $V is found; "code" spans are skipped
			return len(d.Shortcuts) == 10<<20/30 && len(d.ProseVars) == 10<<20/30
		}},
		"many lines": {bytes.Repeat([]byte("- [a](b)\n"), n/9), func(d *Document) bool { return len(d.Links) == n/9 }},
		// fence mistakes: every fence a candidate for recovery
		"nested fences": {bytes.Repeat([]byte("```\n```act.a\nGET x\n```\n```\n"), n/26), func(d *Document) bool {
			return len(d.Fences) > 0 && d.Fences[0].Nested != nil
		}},
		"nestings that do not pair up": {append(bytes.Repeat([]byte("```\n```js\n```\n```\n"), n/18), "```\n"...), func(d *Document) bool {
			return len(d.Fences) > 0 && d.Fences[0].Nested == nil
		}},
		"unclosed actions": {bytes.Repeat([]byte("```act.a\nGET x\nprose\n"), n/22), func(d *Document) bool {
			return len(d.Actions) >= 1
		}},
		"open quotes": {bytes.Repeat([]byte("```act.a\nCLI echo \"\n"), n/20), func(d *Document) bool {
			return len(d.Actions) >= 1
		}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			if doc := Parse("p.md", c.src); !c.check(doc) {
				t.Errorf("unexpected parse of %d bytes: %d actions, %d links, %d shortcuts, %d prose vars, %d comments",
					len(c.src), len(doc.Actions), len(doc.Links), len(doc.Shortcuts), len(doc.ProseVars), len(doc.Comments))
			}
		})
	}
}
