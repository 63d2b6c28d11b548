package rules

import (
	"slices"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestEachParamAllocations: eachParam allocates nothing for a document
// whose parameter lines have no parser problem (the set of problem spans
// and the filtering report are made only when there is one), and still
// drops a finding that overlaps a problem. Allocations are counted
// (deterministic), not time.
func TestEachParamAllocations(t *testing.T) {
	clean := sfmd.Parse("a.md", []byte("```act.a\nGET https://example.com/{q}\n  q: string (required) \"the query\"\n```\n"))
	var n int
	pass := &lint.Pass{Doc: clean, Report: func(lint.Diagnostic) { n++ }, ResultOf: map[*lint.Analyzer]any{paramsAnalyzer: buildParams(clean)}}
	visit := func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
		report(lint.Diagnostic{Span: p.Span})
	}
	if allocs := testing.AllocsPerRun(20, func() { eachParam(pass, visit) }); allocs != 0 {
		t.Errorf("eachParam allocates %.0f times on a document without parameter problems, want 0", allocs)
	}
	if n == 0 {
		t.Fatal("eachParam visited no parameter")
	}
	bad := sfmd.Parse("b.md", []byte("```act.b\nGET https://example.com/{q}\n  q: string (required \"the query\n```\n"))
	probs := paramProblems(bad)
	if len(probs.starts) == 0 {
		t.Fatal("the document must have a parameter problem")
	}
	n = 0
	pass = &lint.Pass{Doc: bad, Report: func(lint.Diagnostic) { n++ }}
	eachParam(pass, visit)
	if n != 0 {
		t.Errorf("%d findings on a parameter line with a parser problem, want 0", n)
	}
}

// TestEachParamOrder: eachParam visits every parameter of every action
// in source order, from the params analysis as without it.
func TestEachParamOrder(t *testing.T) {
	doc := sfmd.Parse("a.md", []byte("```act.a\nGET https://example.com/{q}\n  q: string \"q\"\n  r: string \"r\"\n```\n\n```act.b\nGET https://example.com/\n```\n\n```act.c\nGET https://example.com/{s}\n  s: string \"s\"\n```\n"))
	var want []*sfmd.Param
	for _, a := range doc.Actions {
		want = append(want, a.Params...)
	}
	if len(want) != 3 {
		t.Fatalf("%d parameters, want 3", len(want))
	}
	for _, pass := range []*lint.Pass{{Doc: doc}, {Doc: doc, ResultOf: map[*lint.Analyzer]any{paramsAnalyzer: buildParams(doc)}}} {
		var got []*sfmd.Param
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, _ func(lint.Diagnostic)) {
			if a.Param(p.Name) != p {
				t.Errorf("%s visited with action %s", p.Name, a.ID)
			}
			got = append(got, p)
		})
		if !slices.Equal(got, want) {
			t.Errorf("visited %v, want %v", got, want)
		}
	}
}

// TestSymbolsAllocations counts the allocations of buildSymbols
// (deterministic, not time): a document with one action, no env and no
// response makes no empty map, and the spans of the session variables a
// response assigns are one array, not one a name, as is the list of the
// templates' assignments, value shortcuts and for: lines (indexLines),
// and the kinds of line of the templates another (13 since hasLines).
func TestSymbolsAllocations(t *testing.T) {
	for _, c := range []struct {
		src  string
		want float64
	}{
		{"```act.a\nGET https://example.com/{q}\n  q: string (required) \"the query\"\n```\n", 5},
		{"```act.a\nGET https://example.com/{q}\n  q: string (required) \"the query\"\n```\n\n```act.a.response\n{x} = {Response.body.x}\n{y} = {Response.body.y}\n{z} = {Response.body.z}\n{x} = {Response.body.w}\n```\n", 13},
	} {
		doc := sfmd.Parse("a.md", []byte(c.src))
		doc.Placeholders() // built by the parse's index once: not buildSymbols's
		if allocs := testing.AllocsPerRun(20, func() { buildSymbols(doc) }); allocs > c.want {
			t.Errorf("buildSymbols allocates %.0f times, want at most %.0f, on\n%s", allocs, c.want, c.src)
		}
	}
}

// TestBindAllocations counts the allocations of bind (deterministic, not
// time): the invocation, one slab for every flag and its value, and the
// flags' and the positionals' lists each made once (it was 13 for these
// tokens). Long flags only: each -x token costs sfmd.IsShortFlag two
// allocations of its own (its UTF-16 length through []rune and
// utf16.Encode).
func TestBindAllocations(t *testing.T) {
	toks := tokenizeArgs("--city Paris --units=metric --verbose --count 3 first second --days 2 third")
	inv := bind(toks)
	if len(inv.Flags) != 5 || len(inv.Positionals) != 3 || inv.Flag("count") == nil || inv.Flag("count").Value.Text != "3" || !inv.Flag("verbose").Bare() {
		t.Fatalf("bind read %d flags, %d positionals: %+v", len(inv.Flags), len(inv.Positionals), inv)
	}
	if allocs := testing.AllocsPerRun(20, func() { bind(toks) }); allocs > 4 {
		t.Errorf("bind allocates %.0f times for 5 flags and 3 positionals, want at most 4", allocs)
	}
}

// TestUpperEnvNamesAppends: dryStore's appendUpperEnvNames writes into
// the caller's array, allocating nothing for a line with a few names.
func TestUpperEnvNamesAppends(t *testing.T) {
	line := "GET $BASE_URL/items?key=$API_KEY&v=$V2 -H \"X: $TOKEN\""
	var buf [8]string
	if allocs := testing.AllocsPerRun(20, func() { appendUpperEnvNames(buf[:0], line) }); allocs != 0 {
		t.Errorf("appendUpperEnvNames allocates %.0f times, want 0", allocs)
	}
}

// TestEachGatedParam: eachGatedParam visits, in source order, exactly
// the parameters eachParam visits that the gate passes (and, for a gate
// of the real parameters, for which notAParam is false), with the same
// action, from the params analysis as without it, for every gate, on
// every corpus, the rule archives, a generated document and random
// parameter lines; the lines notAParam sets aside are there to skip.
func TestEachGatedParam(t *testing.T) {
	type visit struct {
		a *sfmd.Action
		p *sfmd.Param
	}
	skipped, visited := 0, 0
	for name, src := range paramGateDocs(t) {
		doc := sfmd.Parse(name, src)
		shared := &lint.Pass{Doc: doc, ResultOf: map[*lint.Analyzer]any{paramsAnalyzer: buildParams(doc)}}
		for _, g := range paramGateList {
			var want []visit
			eachParam(&lint.Pass{Doc: doc}, func(a *sfmd.Action, p *sfmd.Param, _ func(lint.Diagnostic)) {
				switch {
				case g.real && notAParam(p):
					skipped++
				case g.test(doc, p):
					want = append(want, visit{a, p})
				}
			})
			visited += len(want)
			for _, pass := range []*lint.Pass{{Doc: doc}, shared, shared} {
				var got []visit
				eachGatedParam(pass, g, func(a *sfmd.Action, p *sfmd.Param, _ func(lint.Diagnostic)) {
					got = append(got, visit{a, p})
				})
				if !slices.Equal(got, want) {
					t.Errorf("%s: gate %b visited %d parameters, want %d", name, g.bit, len(got), len(want))
				}
			}
		}
	}
	if skipped == 0 || visited == 0 {
		t.Fatalf("notAParam set %d parameters aside, the gates passed %d: the documents test nothing", skipped, visited)
	}
}
