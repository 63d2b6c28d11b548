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
	// each input with a rule that must still report on it
	type tc struct{ src, rule string }
	cases := map[string]tc{
		"dollars":       {strings.Repeat("$A", n/2), "persistent-var-outside-action"},
		"dollars lines": {strings.Repeat("Use $API_KEY here.\n", n/19), "persistent-var-outside-action"},
		"backticks":     {strings.Repeat("` `` ", n/5) + "$A", "persistent-var-outside-action"},
		"code and vars": {strings.Repeat("`x` $A ", n/7), "persistent-var-outside-action"},
		"hints":         {hints.String(), "persistent-var-in-command"},
		"shortcuts":     {shortcuts.String(), "shortcut-reference-undefined"},
		"template refs": {"```act.a\nGET https://x/{v}\n  v: string\n```\n```act.a.response\n" + refs.String() + "```\n", "persistent-var-in-response"},
	}
	all := append(All(), lint.UnusedSuppression)
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			doc := sfmd.Parse("p.md", []byte(c.src))
			diags, err := lint.Check(doc, all)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diags {
				if d.Rule == c.rule {
					return
				}
			}
			t.Errorf("no %s finding among %d diagnostics", c.rule, len(diags))
		})
	}
}
