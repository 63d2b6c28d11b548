package sfmd_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestParseAsRuntime: Parse recovers from the fence mistakes of
// testdata/fence_recovery.md (see its golden), ParseAsRuntime reads the
// same bytes as CommonMark and the runtime do: the act fences the
// independent scanner finds, no recovery facts.
func TestParseAsRuntime(t *testing.T) {
	src, err := os.ReadFile("testdata/fence_recovery.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := func(doc *sfmd.Document) []int {
		var out []int
		for _, a := range doc.Actions {
			out = append(out, int(a.Span.Start.Line))
		}
		return out
	}
	rt := sfmd.ParseAsRuntime("r.md", src)
	if got, want := lines(rt), actFenceLines(src); !slices.Equal(got, want) {
		t.Errorf("ParseAsRuntime: actions at %v, CommonMark has them at %v", got, want)
	}
	for _, f := range rt.Fences {
		if f.Nested != nil || f.MissingClose != nil {
			t.Errorf("ParseAsRuntime recovered the fence of line %d", f.OpenSpan.Start.Line)
		}
	}
	for _, a := range rt.Actions {
		if len(a.Continuation) > 0 {
			t.Errorf("ParseAsRuntime: action %q has continuation lines", a.ID)
		}
	}
	doc := sfmd.Parse("p.md", src)
	if got, want := lines(doc), []int{15, 23, 29}; !slices.Equal(got, want) {
		t.Errorf("Parse: actions at %v, want %v (as meant)", got, want)
	}
}

// TestRecoveryAmbiguous: where CommonMark's reading is the one that pairs
// up, or the fence is in a container, the parser does not recover.
func TestRecoveryAmbiguous(t *testing.T) {
	cases := map[string]string{
		"lone opening line shown":      "```\n```js\n```\n\ntext\n\n```\ncode\n```\n",
		"rest does not pair up":        "```\n```act.a\nGET x\n```\n```\n\n```\nopen\n",
		"list item":                    "- a\n- ```\n  ```act.a\n  GET x\n  ```\n  ```\n",
		"blockquote":                   "> ```\n> ```act.a\n> GET x\n> ```\n> ```\n",
		"action holds prose only":      "```act.a\nGET x\nprose line\n```\n",
		"cut leaves an unclosed fence": "```act.a\nGET x\n\nprose\n\n```text\n",
	}
	for name, src := range cases {
		doc := sfmd.Parse("a.md", []byte(src))
		for _, f := range doc.Fences {
			if f.Nested != nil || f.MissingClose != nil {
				t.Errorf("%s: recovered the fence of line %d:\n%s", name, f.OpenSpan.Start.Line, src)
			}
		}
		rt := sfmd.ParseAsRuntime("a.md", []byte(src))
		if len(doc.Fences) != len(rt.Fences) || len(doc.Actions) != len(rt.Actions) {
			t.Errorf("%s: Parse and ParseAsRuntime differ", name)
		}
	}
}

// TestRecoveryBounded: a document of many nested fences is recovered up
// to the limit and stays consistent beyond it.
func TestRecoveryBounded(t *testing.T) {
	var b strings.Builder
	for range 100 {
		b.WriteString("```\n```act.a\nGET x\n```\n```\n\n")
	}
	doc := sfmd.Parse("many.md", []byte(b.String()))
	n := 0
	for _, f := range doc.Fences {
		if f.Nested != nil {
			n++
		}
	}
	if n == 0 || n > 32 {
		t.Errorf("%d nested fences recovered, want 1..32", n)
	}
}
