package rules

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
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
			a := newActionScope(pass, nil).lookup(l.ID)
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

// hintInvocationAliasesFirst is hintInvocation with the aliases of the
// action's parameters gathered for every hint, not only for one with a
// short flag (it first gave them to bind, which no longer maps a short
// flag: readAliases does, after it, as parseArgs does).
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
	inv := parseHintArgs(h.Args)
	inv.readAliases(aliases)
	if h.InResponse != "" && !inCodeSpanAt(doc, h.Span) {
		inv.Positionals = nil
		inv.Ellipsis = true
	}
	return inv
}

// TestHintInvocationAliasesAfter holds hintInvocation (the parameters'
// aliases read only for a hint with a short flag) to the aliases read for
// every hint, on every hint of every corpus, the rule archives, a
// generated document and the hint document (TestParseArgs holds
// readAliases to the runtime's reading).
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

// checkScopes holds the scope made with the symbol table to the one made
// without it (a map of every action): the same action for every ID of
// the document, its includes and its links, the same sorted IDs and
// completeness. It returns how many IDs it compared.
func checkScopes(t *testing.T, name string, pass *lint.Pass, extra []string) int {
	t.Helper()
	slow, fast := newActionScope(pass, nil), newActionScope(pass, buildSymbols(pass.Doc))
	ids := slices.Clone(extra)
	for _, a := range pass.Doc.Actions {
		ids = append(ids, a.ID)
	}
	docs, _ := includedDocs(pass)
	for _, d := range docs {
		for _, a := range d.Actions {
			ids = append(ids, a.ID)
		}
	}
	for _, l := range actLinks(pass.Doc) {
		ids = append(ids, l.ID)
	}
	for _, id := range ids {
		if got, want := fast.lookup(id), slow.lookup(id); got != want {
			t.Errorf("%s: lookup(%q) = %v, want %v", name, id, got, want)
		}
	}
	if got, want := fast.sortedIDs(), slow.sortedIDs(); !slices.Equal(got, want) {
		t.Errorf("%s: sortedIDs %q, want %q", name, got, want)
	}
	if fast.complete != slow.complete {
		t.Errorf("%s: complete %v, want %v", name, fast.complete, slow.complete)
	}
	return len(ids)
}

// TestActionScopeFromSymbols: the scope that finds the document's own
// actions in the symbol table is the one that maps every action, on every
// corpus, the rule archives and a generated document (no workspace: their
// includes unread), and on documents whose includes add actions, repeat
// the document's IDs and its own repeats.
func TestActionScopeFromSymbols(t *testing.T) {
	n := 0
	for name, src := range bigDocTestDocs(t) {
		n += checkScopes(t, name, &lint.Pass{Doc: sfmd.Parse(name, src)}, []string{"", "nope"})
	}
	dir := t.TempDir()
	files := map[string]string{
		"main.md":     "[!include:more](more.md)\n\n[a](act:a) [b](act:b) [c](act:c) [z](act:zz)\n\n```act.a\nGET https://x.example/a1\n```\n\n```act.a\nGET https://x.example/a2\n```\n\n```act.m\nGET https://x.example/m\n```\n",
		"more.md":     "[!include:deep](sub/deep.md)\n\n```act.b\nGET https://x.example/b\n```\n\n```act.a\nGET https://x.example/a3\n```\n\n```act.b\nGET https://x.example/b2\n```\n",
		"sub/deep.md": "```act.c\nGET https://x.example/c\n```\n\n```act.aa\nGET https://x.example/aa\n```\n",
		"alone.md":    "[a](act:a)\n\n```act.q\nGET https://x.example/q\n```\n",
	}
	for f, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	included := 0
	probe := &lint.Analyzer{
		Name:    "scope-probe",
		Profile: lint.Core,
		Doc:     lint.Doc{Title: "probe", Why: "test"},
		Run: func(pass *lint.Pass) (any, error) {
			docs, _ := includedDocs(pass)
			included += len(docs)
			n += checkScopes(t, pass.Doc.Path, pass, []string{"zz"})
			return nil, nil
		},
	}
	for _, f := range []string{"main.md", "alone.md"} {
		if _, err := lint.Run(lint.Options{Paths: []string{f}, Dir: dir, Jobs: 1}, []*lint.Analyzer{probe}); err != nil {
			t.Fatal(err)
		}
	}
	if included < 2 || n == 0 {
		t.Fatalf("%d included documents read, %d IDs compared: the test tests nothing", included, n)
	}
}

// quoteListJoin is quoteList as it was written first: each name through
// %q, joined.
func quoteListJoin(names []string, limit int) string {
	var q []string
	for i, n := range names {
		if i == limit {
			q = append(q, fmt.Sprintf("and %d more", len(names)-limit))
			break
		}
		q = append(q, fmt.Sprintf("%q", n))
	}
	return strings.Join(q, ", ")
}

// TestQuoteList holds quoteList (one buffer, strconv.AppendQuote) and
// quoteAll to the %q-and-join they replace, for lists around the limit
// and names that need escaping.
func TestQuoteList(t *testing.T) {
	all := []string{"a", "", "é\"x", "tab\there", "--flag", "\xff", "z"}
	for n := 0; n <= len(all); n++ {
		for limit := -1; limit <= len(all)+1; limit++ {
			if got, want := quoteList(all[:n], limit), quoteListJoin(all[:n], limit); got != want {
				t.Errorf("quoteList(%q, %d) = %s, want %s", all[:n], limit, got, want)
			}
		}
		if got, want := quoteAll(all[:n]), quoteListJoin(all[:n], -1); got != want {
			t.Errorf("quoteAll(%q) = %s, want %s", all[:n], got, want)
		}
	}
}
