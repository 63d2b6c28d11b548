package rules

import (
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestRulesOnPathologicalInputs runs every rule over inputs that take
// minutes with any per-reference rescan of a line or of the file (a
// megabyte line of $VARs or backticks, thousands of hints, shortcuts and
// references). A regression to quadratic behaviour shows up as this test
// hanging until go test's timeout; before the fix, 1 MB of "$A" took more
// than two minutes.
func TestRulesOnPathologicalInputs(t *testing.T) {
	const n = 1 << 20
	var hints, shortcuts, refs strings.Builder
	for i := 0; i < 5000; i++ {
		hints.WriteString("`/act.missing --flag x` and `/act.a --b $C`\n")
		shortcuts.WriteString("[@s Label](u) [x][@t] [y](act:a?b=1) ")
		refs.WriteString("- {Response.body.items[0].name} {v} $X {{fetch:x}}\n")
	}
	cases := map[string]string{
		"dollars":       strings.Repeat("$A", n/2),
		"dollars lines": strings.Repeat("Use $API_KEY here.\n", n/19),
		"backticks":     strings.Repeat("` `` ", n/5) + "$A",
		"code and vars": strings.Repeat("`x` $A ", n/7),
		"hints":         hints.String(),
		"shortcuts":     shortcuts.String(),
		"template refs": "```act.a\nGET https://x/{v}\n  v: string\n```\n```act.a.response\n" + refs.String() + "```\n",
	}
	all := append(All(), lint.UnusedSuppression)
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			doc := sfmd.Parse("p.md", []byte(src))
			if _, err := lint.Check(doc, all); err != nil {
				t.Fatal(err)
			}
		})
	}
}
