package rules

import (
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// requiredMissingByMap is requiredMissing as it was written first: the
// query's keys in a map, the braced name built per parameter.
func requiredMissingByMap(a *sfmd.Action, l *actLink, assigned map[string][]sfmd.Span) []string {
	given := map[string]bool{}
	for _, q := range l.Query {
		given[q.Key] = true
	}
	var missing []string
	for _, p := range a.Params {
		if _, session := assigned[p.Name]; session && len(l.Query) > 0 && a.Target != nil && strings.Contains(a.Target.Text, "{"+p.Name+"}") {
			continue
		}
		if p.Required && !p.HasDefault && !given[p.Name] {
			missing = append(missing, p.Name)
		}
	}
	return missing
}

// TestLinkFieldsHoldsRequiredMissing holds requiredMissing (the query read
// in place, containsBraced) to the map-and-concatenation walk for every
// act: link of every corpus, the rule archives and a generated document,
// plus links with a long query, and checks linkFields keeps the first
// answer and target is the scope's action.
func TestLinkFieldsHoldsRequiredMissing(t *testing.T) {
	docs := bigDocTestDocs(t)
	var long strings.Builder
	long.WriteString("[go](act:p?")
	for i := range 40 {
		if i > 0 {
			long.WriteByte('&')
		}
		long.WriteString("k" + strings.Repeat("x", i%7) + "=1")
	}
	long.WriteString("&a=1&sid=2)\n[go](act:p?c=1)\n\n```act.p\nGET https://a.example/{sid}/{a}\n  a: string (required) \"a\"\n  b: string (required) \"b\"\n  kxx: string (required) \"k\"\n  c: string (required) = \"x\" \"c\"\n  sid: string (required) \"s\"\n```\n\n```act.p.response\n{sid} = {Response.body.id}\n```\n")
	docs["long-query.md"] = []byte(long.String())
	links, missing := 0, 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		pass := &lint.Pass{Doc: doc}
		assigned := buildSymbols(doc).Assigned
		set := &actLinkSet{links: actLinks(doc), pass: pass}
		for _, l := range set.links {
			a := set.actionScope().byID[l.ID]
			if got, again := set.target(l), set.target(l); got != a || again != a {
				t.Errorf("%s: %s: target %v then %v, want %v", name, l.Dest, got, again, a)
			}
			if a == nil {
				continue
			}
			want := requiredMissingByMap(a, l, assigned)
			if got := requiredMissing(a, l, assigned); !slices.Equal(got, want) {
				t.Errorf("%s: %s: requiredMissing %q, want %q", name, l.Dest, got, want)
			}
			got, _ := linkFields(pass, a, l, assigned)
			again, _ := linkFields(pass, a, l, assigned)
			if !slices.Equal(got, want) || len(got) > 0 && &again[0] != &got[0] {
				t.Errorf("%s: %s: linkFields %q (then %q), want %q once", name, l.Dest, got, again, want)
			}
			links++
			missing += len(want)
		}
	}
	if links == 0 || missing == 0 {
		t.Fatalf("%d links, %d missing fields: the documents test nothing", links, missing)
	}
}

// TestContainsBraced holds containsBraced to strings.Contains of the
// braced name on random texts and names over a small alphabet.
func TestContainsBraced(t *testing.T) {
	rnd := rand.New(rand.NewSource(21))
	const alpha = "{}ab"
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alpha[rnd.Intn(len(alpha))]
		}
		return string(b)
	}
	hits := 0
	for range 200000 {
		text, name := word(rnd.Intn(12)), word(rnd.Intn(4))
		want := strings.Contains(text, "{"+name+"}")
		if got := containsBraced(text, name); got != want {
			t.Fatalf("containsBraced(%q, %q) = %v, want %v", text, name, got, want)
		}
		if want {
			hits++
		}
	}
	if hits == 0 {
		t.Fatal("no text held its name: the test tests nothing")
	}
}

// nearestSwapByConcat is nearestSwap as it was written first: each swap
// built as a string.
func nearestSwapByConcat(name string, candidates []string) string {
	low := strings.ToLower(name)
	best := ""
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if len(lc) != len(low) || lc == low {
			continue
		}
		for i := 0; i+1 < len(low); i++ {
			if low[i] != low[i+1] && low[:i]+string(low[i+1])+string(low[i])+low[i+2:] == lc && (best == "" || c < best) {
				best = c
			}
		}
	}
	return best
}

// TestNearestSwapInPlace holds nearestSwap (the swap compared in place)
// to the concatenation on random names over a small alphabet.
func TestNearestSwapInPlace(t *testing.T) {
	rnd := rand.New(rand.NewSource(7))
	const alpha = "abAB"
	word := func() string {
		b := make([]byte, 1+rnd.Intn(5))
		for i := range b {
			b[i] = alpha[rnd.Intn(len(alpha))]
		}
		return string(b)
	}
	hits := 0
	for range 50000 {
		name := word()
		cands := []string{word(), word(), word(), word()}
		want := nearestSwapByConcat(name, cands)
		if got := nearestSwap(name, cands); got != want {
			t.Fatalf("nearestSwap(%q, %q) = %q, want %q", name, cands, got, want)
		}
		if want != "" {
			hits++
		}
	}
	if hits == 0 {
		t.Fatal("no swap found: the test tests nothing")
	}
}

// TestCLIOwners holds cliOwners to responseOwner: for every response of
// every corpus, the rule archives and a generated document, the owner it
// gives is responseOwner's when that is a CLI action, and nil otherwise.
func TestCLIOwners(t *testing.T) {
	found := 0
	docs := bigDocTestDocs(t)
	// an ID whose first action is HTTP and second CLI, and two whose
	// first is CLI
	docs["same-id.md"] = []byte("```act.a\nGET https://a.example/x\n```\n\n```act.a\nCLI ls -1\n```\n\n```act.a.response\n{Response.body.x}\n```\n\n```act.b\nCLI gh api /x --json name\n```\n\n```act.b\nCLI ls\n```\n\n```act.b.response\n{Response.body.x}\n```\n\n```act.c\nCLI ls\n```\n\n```act.c.response\n{Response.body.x}\n```\n")
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		syms := buildSymbols(doc)
		owners := cliOwners(doc, syms)
		for _, r := range doc.Responses {
			want := responseOwner(syms, r)
			if want == nil || !want.IsCLI() {
				want = nil
			}
			if got := owners[r.ActionID]; got != want {
				t.Errorf("%s: act.%s.response: owner %v, want %v", name, r.ActionID, got, want)
			}
			if want != nil {
				found++
			}
		}
	}
	if found == 0 {
		t.Fatal("no response of a CLI action: the documents test nothing")
	}
}

// TestAppendJoin holds appendJoin to strings.Join.
func TestAppendJoin(t *testing.T) {
	for _, elems := range [][]string{nil, {""}, {"a"}, {"a", "b"}, {"min:1", "", "max:2"}} {
		if got, want := string(appendJoin([]byte("x"), elems, ", ")), "x"+strings.Join(elems, ", "); got != want {
			t.Errorf("appendJoin(%q) = %q, want %q", elems, got, want)
		}
	}
}

// hintInvocationAliasesFirst is hintInvocation as it was written first:
// the aliases of every action's parameters gathered before reading the
// hint, and given to bind.
func hintInvocationAliasesFirst(doc *sfmd.Document, h *sfmd.Hint, a *sfmd.Action) *invocation {
	var aliases map[string]string
	for _, p := range a.Params {
		if p.Alias != "" && p.Name != "" {
			if aliases == nil {
				aliases = map[string]string{}
			}
			aliases[strings.TrimPrefix(p.Alias, "-")] = p.Name
		}
	}
	inv := parseHintArgs(h.Args, aliases)
	if h.InResponse != "" && !inCodeSpanAt(doc, h.Span) {
		inv.Positionals = nil
		inv.Ellipsis = true
	}
	return inv
}

// TestHintInvocationAliasesAfter holds hintInvocation (short flags mapped
// to their parameters after bind, the parameters read only for a hint
// with one) to the aliases given to bind, on every hint of every corpus,
// the rule archives, a generated document and the hint document.
func TestHintInvocationAliasesAfter(t *testing.T) {
	docs := bigDocTestDocs(t)
	docs["hints.md"] = benchgen.HintDocument(benchgen.HintDocuments)
	docs["aliases.md"] = []byte("Run `/act.s -q x -n 3 -z 1 --q y -q=2 [-n 4]` or `/act.s -h`.\n\n```act.s\nGET https://a.example/s?q={query}\n  query: string (required) -q \"the query\"\n  n: number -n \"count\"\n  o: string -n \"twice\"\n```\n")
	aliased := 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		syms := buildSymbols(doc)
		for _, c := range buildHints(doc, syms).Calls {
			if c.Action == nil {
				continue
			}
			want := hintInvocationAliasesFirst(doc, c.Hint, c.Action)
			if !reflect.DeepEqual(c.Inv, want) {
				t.Errorf("%s: %s: invocation\n%+v\nwant\n%+v", name, c.Hint.Args, c.Inv, want)
			}
			for _, f := range want.Flags {
				if f.Short && c.Action.Param(f.Key) != nil {
					aliased++
				}
			}
		}
	}
	if aliased == 0 {
		t.Fatal("no short flag read as a parameter: the documents test nothing")
	}
}
