package sfmd

import (
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const namesDoc = "---\ndefault: search\nenv:\n  - TOKEN: \"API token\"\n---\n\n" +
	"[!nav:main](nav/main.md)\n\n" +
	"<!-- #intro -->\n" +
	"Run `/act.search --query dune -n 3` or [s](act:search?query=x), see [@new New](act:search?query=y) and [the list][@new], [intro](#intro).\n" +
	"<!-- /intro -->\n\n" +
	"[!include:parts](parts.md)\n\n" +
	"```act.search\nGET https://api.example.com/?q={query}&n={limit} -H \"Authorization: Bearer $TOKEN\"\n" +
	"  query: string (required) \"Query\"\n  limit, -n: number \"How many\"\n```\n\n" +
	"```act.search.response\n{total} = {Response.body.total}\n{@first} = {Response.body.items[0].id}\n" +
	"for: book in Response.body.items\n- {book.title} ({total})\nend:\nnext: /act.search --query {@first}\n```\n"

// TestNames: the index lists every name the document writes, with its
// kind, whether it is a definition and what it resolves to.
func TestNames(t *testing.T) {
	doc := Parse("t.md", []byte(namesDoc))
	n := doc.Names()
	var got []string
	for _, o := range n.All() {
		s := fmt.Sprintf("%s %s", o.Kind, doc.Src[o.Start:o.End])
		if o.Scope != "" {
			s += " in " + o.Scope
		}
		switch d := n.Decl(&o); {
		case o.Def:
			s += " (def)"
		case d != nil:
			s += fmt.Sprintf(" -> line %d", strings.Count(string(doc.Src[:d.Start]), "\n")+1)
		}
		got = append(got, s)
	}
	want := []string{
		"action search -> line 15", // default:
		"env variable TOKEN (def)",
		"menu main (def)",
		"block intro (def)",
		"action search -> line 15",             // the hint
		"parameter query in search -> line 17", // --query
		"alias n in search -> line 18",         // -n
		"action search -> line 15",             // act: link
		"parameter query in search -> line 17",
		"shortcut new (def)", // [@new …](act:search?query=y)
		"action search -> line 15",
		"parameter query in search -> line 17",
		"shortcut new -> line 10", // [the list][@new]
		"block intro -> line 9",   // [intro](#intro)
		"block intro -> line 9",   // <!-- /intro -->
		"include parts (def)",
		"action search (def)",
		"parameter query in search -> line 17",
		"parameter limit in search -> line 18",
		"env variable TOKEN -> line 4",
		"parameter query in search (def)",
		"parameter limit in search (def)",
		"alias n in search (def)",
		"action search -> line 15", // act.search.response
		"session variable total (def)",
		"response value body",
		"value shortcut first (def)",
		"response value body",
		"loop item book (def)",
		"loop item book -> line 24",
		"session variable total -> line 22",
		"action search -> line 15", // next: /act.search --query {@first}
		"parameter query in search -> line 17",
		"value shortcut first -> line 23",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Names:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// a group: every place the parameter query is written
	q := n.Of(NameParam, "search", "query")
	if len(q) != 6 {
		t.Errorf("parameter query: %d occurrences, want 6", len(q))
	}
	for _, o := range q {
		if g := n.Group(&o); len(g) != len(q) {
			t.Errorf("Group of %s at %d: %d occurrences, want %d", o.Name, o.Start, len(g), len(q))
		}
	}
}

// TestNamesPathological indexes a document with 50,000 actions, hints,
// act: links, assignments and placeholders: any scan per occurrence
// (quadratic) shows up as this test hanging until go test's timeout.
func TestNamesPathological(t *testing.T) {
	const n = 50_000
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "```act.a%d\nGET https://x/{q}\n  q: string \"Q\"\n```\n`/act.a%d --q 1` [x](act:a%d?q=2)\n\n", i, i, i)
	}
	b.WriteString("```act.a0.response\n")
	for i := range n {
		fmt.Fprintf(&b, "{v%d} = {Response.body.x}\n{v%d} {q}\n", i, i)
	}
	b.WriteString("```\n")
	doc := Parse("big.md", []byte(b.String()))
	names := doc.Names()
	counts := map[NameKind]int{}
	resolved := 0
	for _, o := range names.All() {
		counts[o.Kind]++
		if !o.Def && names.Decl(&o) != nil {
			resolved++
		}
	}
	// actions: the fence, the hint, the link (and the response's fence);
	// parameters: the line, {q}, --q, ?q= (and {q} in the template);
	// session variables: the assignment and the use
	if counts[NameAction] != 3*n+1 || counts[NameParam] != 4*n+n || counts[NameSessionVar] != 2*n {
		t.Errorf("counts: %v", counts)
	}
	if want := 2*n + 1 + 3*n + n + n; resolved != want { // action uses (hints, links, the response), parameter uses, {q} in the template, {vN}
		t.Errorf("%d uses resolved, want %d", resolved, want)
	}
}

// TestNamesEnvWhereTheRulesRead: the index's $NAME occurrences cover the
// texts the rules rescan (Document.DollarRefs): a save: argument, a link's
// and a shortcut's destination, besides the parser's references.
func TestNamesEnvWhereTheRulesRead(t *testing.T) {
	src := "---\nenv:\n  - TOKEN: \"t\"\n---\n\n[docs](https://a.example/?t=$TOKEN) and [@d Docs](https://b.example/$TOKEN)\n\n" +
		"```act.get\nGET https://api.example.com/?t=$TOKEN\n```\n\n```act.get.response\nsave: Response.body to $TOKEN/out.json\n```\n"
	doc := Parse("t.md", []byte(src))
	n := doc.Names()
	var got []string
	for _, o := range n.Of(NameEnv, "", "TOKEN") {
		line := strings.Count(src[:o.Start], "\n") + 1
		if d := n.Decl(&o); d != nil && !o.Def && d.Env == nil {
			t.Errorf("TOKEN on line %d resolves to %v", line, d)
		}
		got = append(got, strconv.Itoa(line))
	}
	// the definition, the link, the shortcut, the URL, the save: line
	if want := "3 6 6 9 13"; strings.Join(got, " ") != want {
		t.Errorf("TOKEN on lines %s, want %s", strings.Join(got, " "), want)
	}
}

// TestNamesBuiltOnce: the index is built on the first call and shared by
// every later one, from any goroutine; a copy of the Document (which may
// have another Src) gets an index of its own.
func TestNamesBuiltOnce(t *testing.T) {
	doc := Parse("t.md", []byte(namesDoc))
	got := make(chan *Names, 8)
	for range 8 {
		go func() { got <- doc.Names() }()
	}
	first := <-got
	for range 7 {
		if n := <-got; n != first {
			t.Fatal("two calls built two indexes")
		}
	}
	if doc.Names() != first {
		t.Error("a later call built another index")
	}
	cp := *doc
	cp.Src = append([]byte(nil), doc.Src...)
	if n := cp.Names(); n == first || n.doc != &cp {
		t.Error("a copy of the document read the original's index")
	}
	if doc.Names() != first {
		t.Error("the copy replaced the original's index")
	}
}

// TestDollarAssignmentAssignsNothing: `$E = {Response.…}` in a response
// template is printed, not assigned (helpers.ts executeResponseTemplate's
// assignment pattern wants {name}; model.TestTemplateLines runs it), so
// the index records no session variable E and {E} resolves to nothing;
// {g} = … still defines g. The index recorded E as a session variable.
func TestDollarAssignmentAssignsNothing(t *testing.T) {
	doc := Parse("t.md", []byte("```act.get\nGET https://api.example.com/\n```\n\n```act.get.response\n$E = {Response.body}\n{g} = {Response.body.x}\n{E} {g}\n```\n"))
	n := doc.Names()
	var defs []string
	for _, o := range n.All() {
		if o.Kind == NameSessionVar && o.Def {
			defs = append(defs, o.Name)
		}
		if o.Kind == NameSessionVar && !o.Def && o.Name == "E" && n.Decl(&o) != nil {
			t.Errorf("{E} resolves to %+v", *n.Decl(&o))
		}
	}
	if fmt.Sprint(defs) != "[g]" {
		t.Errorf("session variables defined: %v, want [g]", defs)
	}
	for _, l := range doc.Responses[0].Lines[:2] {
		if got, want := l.AssignsSessionVar(), l.LHSRaw == "{g}"; got != want {
			t.Errorf("%q: AssignsSessionVar %v, want %v", l.Line.Text, got, want)
		}
	}
}

// TestPlaceholdersBuiltOnce: a parsed document lists its placeholders
// once (the rules' symbol table and the index of names read the same
// list); a copy of the Document lists its own.
func TestPlaceholdersBuiltOnce(t *testing.T) {
	doc := Parse("t.md", []byte(namesDoc))
	a, b := doc.Placeholders(), doc.Placeholders()
	if len(a) == 0 || &a[0] != &b[0] {
		t.Fatalf("two lists (%d placeholders)", len(a))
	}
	c := *doc
	if p := c.Placeholders(); len(p) != len(a) || &p[0] == &a[0] {
		t.Errorf("the copy shares the list (%d, %d placeholders)", len(p), len(a))
	}
}

// placePieces are the texts randomPlacesDocument makes documents of:
// every kind of text whose references or '$' Placeholders lists.
var placePieces = []string{
	"```act.a\nGET https://x/$A/{b}?q={c} -H \"K: $T\" -H \"L: {b}\"\n  b: string (required) \"d\" = \"$D\"\n  c: string \"e\" = \"x$E$F\"\n```\n",
	"```act.b\nCLI run --x {p} $HOME -H \"K: $T\"\n  p: string (required)\n```\n",
	"```act.c\nPOST https://x/ -d '{\"a\":\"{q}\",\"b\":\"$Q\"}'\n  q: string\n\n  body:\n    {\"a\": \"{q}\", \"t\": \"$TOK\"}\n```\n",
	"```act.a.response\ndecode: $X\nsave: $Y/{v}\nfor: i in $Z\n{v} = {Response.body}\n$W = {Response.x}\n- {i.name} $V\nend:\nto: out/$O/{v}\n`/act.a --x $H {v}`\n/act.b --p $B\nnext: /act.c --q $N · then /tool:t $M\n```\n",
	"Prose $P and {{fetch:http://x/$F}} `/act.a --y $Q {z}` and [l](http://$L/$K) [@s Home]($S)\n",
	"[@d]: http://$U/$U2\n",
	"See [x][@d] and `/tool:t.a $G` and [run](act:a?b=$R).\n",
	"> quoted $Q `/act.c --q $C`\n",
	"- item `/act.a $I`\n  ```act.d.response\n  decode: $Y\n  ```\n",
	"$ $1 $$X \\$Y {not} {{fetch:}}\n",
	"```act.c.response\n- [go](act:a?x={v}) and `[no](act:b)`\n{w} = {Response.body}\n```\n",
	"```act.e.response\nsave: x\nfor: i in Response.items\n[see](act:e)\nend:\n```\n",
}

// randomPlacesDocument makes a document of 1 to 12 placePieces, with a
// '$' put at random into some.
func randomPlacesDocument(r *rand.Rand) []byte {
	var b strings.Builder
	for range 1 + r.Intn(12) {
		s := placePieces[r.Intn(len(placePieces))]
		if r.Intn(3) == 0 {
			i := r.Intn(len(s))
			s = s[:i] + "$R" + s[i:]
		}
		b.WriteString(s)
	}
	return []byte(b.String())
}

// TestPlaceholdersBoundByParse: the bound the parse counts
// (Document.maxPlaces) holds every placeholder listPlaceholders lists, so
// that the list is allocated once, on every document of the corpora and
// on generated and random ones, read by Parse and by ParseAsRuntime; the
// list is the one a walk-counted bound (maxPlaceholders) gives.
func TestPlaceholdersBoundByParse(t *testing.T) {
	docs := comparedDocuments(t)
	r := rand.New(rand.NewSource(21))
	for i := range 3000 {
		switch i % 3 {
		case 0:
			docs[fmt.Sprintf("random/places%d", i)] = randomPlacesDocument(r)
		case 1:
			docs[fmt.Sprintf("random/block%d", i)] = randomBlockDocument(r)
		default:
			docs[fmt.Sprintf("random/gen%d", i)] = randomGenerated(r)
		}
	}
	counted, walked, listed := 0, 0, 0
	for _, name := range sortedNames(docs) {
		for _, d := range []*Document{Parse(name, docs[name]), ParseAsRuntime(name, docs[name])} {
			list := d.listPlaceholders()
			if len(list) > 0 && d.maxPlaces < len(list) {
				t.Fatalf("%s: the parse counted %d placeholders at most, listed %d", name, d.maxPlaces, len(list))
			}
			if d.maxPlaces > 0 && cap(list) != cap(take[Placeholder](nil, d.maxPlaces)) {
				t.Fatalf("%s: the list has room for %d, the parse counted %d", name, cap(list), d.maxPlaces)
			}
			w := *d
			w.maxPlaces = 0
			if got, want := placesText(list), placesText(w.listPlaceholders()); got != want {
				t.Fatalf("%s: the list differs with the walked bound:\n%s\nwant:\n%s", name, got, want)
			}
			counted, walked, listed = counted+d.maxPlaces, walked+w.maxPlaceholders(), listed+len(list)
		}
	}
	t.Logf("%d documents: %d placeholders, bound %d counted by the parse, %d by the walk", len(docs), listed, counted, walked)
}

// placesText renders a list of placeholders: each one's reference as
// written and where, and the nodes it names.
func placesText(list []Placeholder) string {
	var b strings.Builder
	for _, p := range list {
		fmt.Fprintf(&b, "%v %q %v %q %d %d %v %p %p %p\n", p.Ref.Kind, p.Ref.Raw, p.Ref.Span, p.Ref.Name, p.Line, p.Place, p.Rescan,
			p.Action, p.Response, p.Hint)
	}
	return b.String()
}

// TestResponseFactsMatchTree holds what the parse notes of each response
// template (responseFacts), of the actions (actionFacts) and of the
// destinations (noDestinationRefs) to the finished tree, on every document of the
// corpora and on generated and random ones, read by Parse and by
// ParseAsRuntime: its owner is the first action of its ID, it says a '$'
// or a "](act:" is there exactly when a line holds one; and the
// placeholders and template act: links read with the facts are those read
// from the tree alone. A copy of the Document given other lists reads the
// tree.
func TestResponseFactsMatchTree(t *testing.T) {
	docs := comparedDocuments(t)
	r := rand.New(rand.NewSource(22))
	for i := range 2000 {
		if i%2 == 0 {
			docs[fmt.Sprintf("random/places%d", i)] = randomPlacesDocument(r)
		} else {
			docs[fmt.Sprintf("random/gen%d", i)] = randomGenerated(r)
		}
	}
	var withFacts, dollars, links, destRefs int
	for _, name := range sortedNames(docs) {
		for _, d := range []*Document{Parse(name, docs[name]), ParseAsRuntime(name, docs[name])} {
			facts := d.responseFacts()
			if len(d.Responses) > 0 && facts == nil {
				t.Fatalf("%s: no facts of its %d response templates", name, len(d.Responses))
			}
			first := d.firstActions()
			for k, resp := range d.Responses {
				want := respFact{owner: first[resp.ActionID], from: facts[k].from, to: facts[k].to}
				var places []placeRef // what responsePlaceholders reads of the tree
				for i, l := range resp.Lines {
					t := l.Template
					if l.Kind == LineAssign && l.RHS != nil {
						t = l.RHS
					}
					for _, ref := range templateRefs(t) {
						if ref.Kind != RefPersistent {
							places = append(places, placeRef{ref, i})
						}
					}
					if len(d.DollarRefs(l.Line.Text, l.Line.Span)) > 0 {
						places = append(places, placeRef{nil, i})
						dollars++
					}
					want.actLinks = want.actLinks || l.Kind == LineOutput && strings.Contains(l.Line.Text, "](act:")
				}
				if facts[k] != want {
					t.Fatalf("%s: response %d (%s): facts %+v, want %+v", name, k, resp.ActionID, facts[k], want)
				}
				if got := d.respPlaces[facts[k].from:facts[k].to]; !slices.Equal(got, places) {
					t.Fatalf("%s: response %d (%s): places %v, want %v", name, k, resp.ActionID, got, places)
				}
				links += b2i(want.actLinks)
			}
			if facts != nil {
				withFacts++
			}
			if got, want := d.noDestinationRefs(), len(d.DestinationDollarRefs()) == 0; got != want {
				t.Fatalf("%s: no $NAME in a destination: the parse says %v, DestinationDollarRefs %v", name, got, want)
			}
			destRefs += b2i(d.destRefs)
			if len(d.Links) > 0 {
				other := *d
				other.Links = slices.Clone(d.Links)
				if other.noDestinationRefs() {
					t.Fatalf("%s: a copy with its own list of links reads the parse's facts", name)
				}
			}
			if len(d.Actions) > 0 {
				if d.actionFacts() == nil {
					t.Fatalf("%s: no places of its %d actions' placeholders", name, len(d.Actions))
				}
				other := *d
				other.Actions = slices.Clone(d.Actions)
				if other.actionFacts() != nil {
					t.Fatalf("%s: a copy with its own list of actions reads the places of the parse's", name)
				}
			}
			tree := *d
			tree.respFacts, tree.destFacts, tree.actEnds = nil, false, nil
			if got, want := placesText(d.listPlaceholders()), placesText(tree.listPlaceholders()); got != want {
				t.Fatalf("%s: placeholders with the facts:\n%s\nfrom the tree:\n%s", name, got, want)
			}
			if got, want := templateLinksText(d.TemplateActLinks()), templateLinksText(tree.TemplateActLinks()); got != want {
				t.Fatalf("%s: template act: links with the facts:\n%s\nfrom the tree:\n%s", name, got, want)
			}
			if len(d.Responses) > 0 {
				other := *d
				other.Responses = slices.Clone(d.Responses)
				if other.responseFacts() != nil {
					t.Fatalf("%s: a copy with its own list of responses reads the parse's facts", name)
				}
				other = *d
				other.Actions = slices.Clone(d.Actions)
				if other.responseFacts() != nil {
					t.Fatalf("%s: a copy with its own list of actions reads the parse's facts", name)
				}
			}
		}
	}
	if withFacts < 1000 || dollars == 0 || links == 0 || destRefs == 0 {
		t.Fatalf("facts in %d parses, %d template lines with a $NAME, %d templates with an act: link: want more", withFacts, dollars, links)
	}
	t.Logf("%d parses with facts: %d template lines with a $NAME, %d templates with an act: link, %d parses with a $NAME in a destination", withFacts, dollars, links, destRefs)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// templateLinksText renders template act: links: each link as read, its
// template and line.
func templateLinksText(ls []TemplateLink) string {
	var b strings.Builder
	for _, l := range ls {
		fmt.Fprintf(&b, "%+v %p %d\n", *l.Link, l.Response, l.Line)
	}
	return b.String()
}

// templateRefs is t.Refs, nil for no template.
func templateRefs(t *Template) []*VarRef {
	if t == nil {
		return nil
	}
	return t.Refs
}
