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
	// Inputs on which goldmark itself is super-linear (bounds.go), each
	// followed by an action that must still be found: nesting (depth
	// 3,000 took minutes) and paragraphs that its inline parsers scan
	// again and again (250 KB of "*a_" lines took 45 s).
	act := "\n\n```act.z\nGET https://z\n```\n"
	nested := func(line func(i int) string, depth int) []byte {
		var b strings.Builder
		for i := 0; i < depth; i++ {
			b.WriteString(line(i))
		}
		b.WriteString(act)
		return []byte(b.String())
	}
	oneAction := func(d *Document) bool { return len(d.Actions) == 1 && d.Actions[0].ID == "z" }
	for name, src := range map[string][]byte{
		"nested lists, tabs":     nested(func(i int) string { return strings.Repeat("\t", i) + "- a\n" }, 3000),
		"nested lists, spaces":   nested(func(i int) string { return strings.Repeat("  ", i) + "- a\n" }, 2000),
		"nested ordered lists":   nested(func(i int) string { return strings.Repeat("   ", i) + "1. a\n" }, 1500),
		"nested block quotes":    nested(func(i int) string { return strings.Repeat(">", i+1) + " a\n" }, 3000),
		"quoted lists":           nested(func(i int) string { return strings.Repeat("> - ", i) + "a\n" }, 1500),
		"list markers on lines":  nested(func(i int) string { return strings.Repeat("- ", 2000) + "a\n" }, 500),
		"emphasis delimiters":    nested(func(int) string { return "*a_\n" }, n/4),
		"link destinations":      nested(func(int) string { return "[a](<\n" }, n/6),
		"reference definitions":  nested(func(int) string { return "[a]:\n" }, n/5),
		"nested brackets":        nested(func(int) string { return strings.Repeat("[", 50) + strings.Repeat("]", 50) + "\n" }, n/101),
		"code span openers":      nested(func(i int) string { return "a" + strings.Repeat("`", i+1) + "\n" }, 4000),
		"unclosed HTML in lines": nested(func(int) string { return "a <b c='\n" }, n/9),
	} {
		cases[name] = struct {
			src   []byte
			check func(*Document) bool
		}{src, oneAction}
	}
	// The re-parses of the fence recovery see the bounded input too (a
	// masked copy of it, not of the source): deep lists before a nested
	// fence took 8 s per re-parse.
	deep := nested(func(i int) string { return strings.Repeat("  ", i) + "- a\n" }, 2500)
	cases["deep lists, then a nested fence"] = struct {
		src   []byte
		check func(*Document) bool
	}{append([]byte("```\n```act.a\nGET x\n```\n```\n\n"), deep...), func(d *Document) bool {
		return len(d.Fences) > 0 && d.Fences[0].Nested != nil && len(d.Actions) == 1 && d.Actions[0].ID == "z"
	}}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			if doc := Parse("p.md", c.src); !c.check(doc) {
				t.Errorf("unexpected parse of %d bytes: %d actions, %d links, %d shortcuts, %d prose vars, %d comments",
					len(c.src), len(doc.Actions), len(doc.Links), len(doc.Shortcuts), len(doc.ProseVars), len(doc.Comments))
			}
		})
	}
}
