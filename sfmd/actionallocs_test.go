package sfmd

import (
	"fmt"
	"strings"
	"testing"
)

// TestActionNodesShareAllocations: an action's Headers, InlineBody, body
// sections and Bodies come from slabs and shared pointer arrays, not an
// allocation each: parsing 900 more actions (each with two headers, a -d
// body and a body: section of two lines) costs far fewer than 900 more allocations.
// Before, each such action cost about four.
func TestActionNodesShareAllocations(t *testing.T) {
	doc := func(n int) []byte {
		var b strings.Builder
		b.WriteString("# Page\n\n")
		for i := range n {
			fmt.Fprintf(&b, "```act.a%d\nPOST https://example.com/x -H \"A: b\" -H \"C: d\" -d '{\"a\":1}'\n  p: string\nbody:\n  {\"k\": \"v\",\n   \"n\": %d}\n```\n\n", i, i)
		}
		return []byte(b.String())
	}
	count := func(n int) float64 {
		src := doc(n)
		d := Parse("a.md", src)
		a := d.Actions[n-1]
		if len(d.Actions) != n || len(a.Headers) != 2 || a.InlineBody == nil || len(a.Bodies) != 1 ||
			a.Bodies[0].Template.Text != fmt.Sprintf("{\"k\": \"v\",\n \"n\": %d}", n-1) {
			t.Fatalf("the document does not hold what the test counts: %d actions", len(d.Actions))
		}
		return testing.AllocsPerRun(5, func() { Parse("a.md", src) })
	}
	small, large := count(100), count(1000)
	perAction := (large - small) / 900
	t.Logf("%.0f allocations for 100 actions, %.0f for 1000: %.2f an action", small, large, perAction)
	if perAction > 0.5 {
		t.Errorf("%.2f allocations an action with headers and bodies, want under 0.5", perAction)
	}
}
