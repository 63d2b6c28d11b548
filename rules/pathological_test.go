package rules

import (
	"fmt"
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
	var hints, shortcuts, refs, body, orphans, overlap, many strings.Builder
	for i := 0; i < 5000; i++ {
		hints.WriteString("`/act.missing --flag x` and `/act.a --b $C`\n")
		shortcuts.WriteString("[@s Label](u) [x][@t] [y](act:a?b=1) ")
		refs.WriteString("- {Response.body.items[0].name} {v} $X {{fetch:x}}\n")
	}
	// a body of 200,000 lines with a reference on each (20 s when every
	// reference scanned the lines before it)
	body.WriteString("```act.a\nPOST https://x\n  q: string\n  body:\n    {\n")
	for i := 0; i < 200000; i++ {
		body.WriteString("    \"k\": {q},\n")
	}
	body.WriteString("    }\n```\n")
	// 70,000 close markers without a block (10 s when each one scanned
	// every marker), and 20,000 blocks closed under 20,000 unclosed ones
	// (each close looked at every block above it)
	for i := 0; i < 70000; i++ {
		fmt.Fprintf(&orphans, "<!-- /b%d -->\n", i)
	}
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&overlap, "<!-- #a%d -->\n", i)
	}
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&overlap, "<!-- #b%d -->\n", i)
	}
	for i := 20000 - 1; i >= 0; i-- {
		fmt.Fprintf(&overlap, "<!-- /a%d -->\n", i)
	}
	// 20,000 actions, each with a response template, a hint and an act:
	// link to an action that does not exist: every did-you-mean compared
	// the unknown name with every action (11 minutes for 50 MB), and
	// param-unused scanned every response template per action
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&many, "```act.a%d\nCLI echo {p}\n  p: string\n  q: string\n```\n```act.a%d.response\n{p}\n```\n`/act.a%d --x 1` [go](act:b%d)\n", i, i, i, i)
	}
	// 100,000 loops nested in one template (for-unclosed looked for a
	// later end: from every line: 20 s), and 50,000 shortcut definitions
	// with as many undefined references (each reference compared its ID
	// with every definition)
	loops := "```act.a\nGET https://x\n```\n```act.a.response\n" + strings.Repeat("for: x in Response.body\n", 100000) + strings.Repeat("end:\n", 100000) + "```\n"
	var defs strings.Builder
	for i := 0; i < 50000; i++ {
		fmt.Fprintf(&defs, "[@d%d]: https://x/%d\n[y][@u%d]\n", i, i, i)
	}
	// each input with a rule that must still report on it
	type tc struct{ src, rule string }
	cases := map[string]tc{
		"dollars":                   {strings.Repeat("$A", n/2), "persistent-var-outside-action"},
		"dollars lines":             {strings.Repeat("Use $API_KEY here.\n", n/19), "persistent-var-outside-action"},
		"backticks":                 {strings.Repeat("` `` ", n/5) + "$A", "persistent-var-outside-action"},
		"code and vars":             {strings.Repeat("`x` $A ", n/7), "persistent-var-outside-action"},
		"hints":                     {hints.String(), "persistent-var-in-command"},
		"shortcuts":                 {shortcuts.String(), "shortcut-reference-undefined"},
		"template refs":             {"```act.a\nGET https://x/{v}\n  v: string\n```\n```act.a.response\n" + refs.String() + "```\n", "persistent-var-in-response"},
		"body lines":                {body.String(), "body-placeholder-unquoted-string"},
		"orphan closes":             {orphans.String(), "block-close-orphan"},
		"out of order":              {overlap.String(), "block-unclosed"},
		"many actions":              {many.String(), "act-link-unknown-action"},
		"nested loops":              {loops, "for-nested"},
		"many shortcut definitions": {defs.String(), "shortcut-reference-undefined"},
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

// TestSuggestionBudget: did-you-mean suggestions over candidates that
// grow with the document draw on one budget per document (lint.Pass.Spend):
// the first unknown names get a suggestion, the ones after the budget is
// spent get the plain message, the same on every run.
func TestSuggestionBudget(t *testing.T) {
	var b strings.Builder
	const actions = 3000
	for i := 0; i < actions; i++ {
		fmt.Fprintf(&b, "```act.act%d\nGET https://x\n```\n", i)
	}
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&b, "`/act.act%dx`\n", i)
	}
	doc := sfmd.Parse("p.md", []byte(b.String()))
	run := func() []string {
		diags, err := lint.Check(doc, []*lint.Analyzer{HintUnknownAction})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, d := range diags {
			out = append(out, d.Message)
		}
		return out
	}
	got := run()
	if len(got) != 1000 {
		t.Fatalf("%d findings, want 1000", len(got))
	}
	// each suggestion compares with every action twice (nearestName)
	with := lint.OptionalWork(len(doc.Src)) / (2 * actions)
	for i, m := range got {
		if has := strings.Contains(m, "did you mean"); has != (i < with) {
			t.Fatalf("finding %d: %q (want a suggestion for the first %d only)", i, m, with)
		}
	}
	if again := run(); strings.Join(again, "\n") != strings.Join(got, "\n") {
		t.Error("findings differ between two runs")
	}
}
