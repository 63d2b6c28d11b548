package rules

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/internal/smallmap"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// errorAbove reports an error on a line of td's template above line li.
func errorAbove(errLines map[int]bool, td *tmplDry, li int) bool {
	for _, l := range td.Lines[:li] {
		if errLines[int(l.Line.Span.Start.Line)] {
			return true
		}
	}
	return false
}

// TestRawTemplateLineIsAnError: every response template line that the
// model's template dry run (model.Parsed.DryRunTemplate, helpers.ts
// executeResponseTemplate) prints as text although it is written as an
// assignment, a value shortcut, a for:, end:, save:, decode: or to: line
// carries an error on that line (a stray end: an error above it, on the
// for: line it was meant to close), from whichever rule names its cause (in
// the rule archives, corpus/err and the upstream corpus): the dry run
// finds no raw line that the linter leaves unreported.
func TestRawTemplateLineIsAnError(t *testing.T) {
	checked := 0
	for name, src := range droppedParamDocs(t) {
		doc := sfmd.Parse(name, src)
		tds := tmplDryRuns(doc, buildDryTable(doc, buildSymbols(doc), buildHints(doc, buildSymbols(doc))), true)
		if len(tds) == 0 {
			continue
		}
		diags, err := lint.Check(doc, All())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		errLines := map[int]bool{}
		for _, d := range diags {
			if d.Severity == lint.Error {
				for l := int(d.Span.Start.Line); l <= int(d.Span.End.Line); l++ {
					errLines[l] = true
				}
			}
		}
		for _, td := range tds {
			for li, f := range td.Run.Lines {
				if !f.Raw {
					continue
				}
				checked++
				l := td.Lines[li].Line
				if td.Lines[li].Kind == sfmd.LineEnd && errorAbove(errLines, td, li) {
					continue // the for: it was meant to close is reported (for-syntax-invalid, for-nested)
				}
				if !errLines[int(l.Span.Start.Line)] {
					t.Errorf("%s:%d: the runtime prints template line %q as text but no error says so", name, l.Span.Start.Line, strings.TrimSpace(l.Text))
				}
			}
		}
	}
	if checked == 0 {
		t.Error("no raw template line in the corpora: the test checks nothing")
	}
}

// tmplDryDoc is a document of n actions, each with its own id and a
// template that the dry run runs (a to: path with a field's placeholder, a
// loop over a path another line reads as an object) and that assigns a
// session variable of its own.
func tmplDryDoc(n int) *sfmd.Document {
	var b strings.Builder
	b.WriteString("# Many\n\n")
	for i := range n {
		fmt.Fprintf(&b, "Call `/act.a%d --id 1`.\n\n```act.a%d\nGET https://api.example.com/a%d/{id}\n  id: string (required) \"Id\"\n  name: string \"Name\"\n```\n\n", i, i, i)
		fmt.Fprintf(&b, "```act.a%d.response\n{v%d} = {Response.body.data.total}\nfor: x in Response.body.data\n- {x.id} {v%d}\nend:\nsave: data.file\nto: out/{name}-{v%d}.bin\nSaved.\n```\n\n", i, i, i, i)
	}
	return sfmd.Parse("many.md", []byte(b.String()))
}

// TestTemplateDryRunScalesLinearly: the template dry run on a document
// of 512 actions, each with its own template, takes less than 32 times
// what it takes on 64 (8 times fewer): a ratio of two measurements in one
// run, as TestRulesScaleLinearly (whose repeated archives give every copy
// the same action id, so only the first is run), not a timed test.
func TestTemplateDryRunScalesLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the dry run twice")
	}
	small, large := tmplDryDoc(64), tmplDryDoc(512)
	rules := []*lint.Analyzer{DryrunTemplateLoopEmpty, DryrunTemplateValueMissing, DryrunTemplateToElsewhere}
	if d, _ := lint.Check(small, rules); len(d) != 2*64 {
		t.Fatalf("%d findings on 64 actions, want 128 (a loop and a to: each)", len(d))
	}
	measure := func(runs int) (ts, tl time.Duration) {
		ts, tl = time.Hour, time.Hour
		for range runs {
			ts = min(ts, fastest(1, func() { _, _ = lint.CheckWithoutOptionalWork(small, rules) }))
			tl = min(tl, fastest(1, func() { _, _ = lint.CheckWithoutOptionalWork(large, rules) }))
		}
		return ts, tl
	}
	if ts, tl := measure(3); tl >= 32*ts {
		if ts, tl = measure(7); tl >= 32*ts {
			t.Errorf("%v on 64 actions, %v on 512 (%.0f×): worse than linear", ts, tl, float64(tl)/float64(ts))
		}
	}
}

// conflictTemplates are response templates whose paths contradict each
// other in each way impliedBody finds: a key of a node an index, a
// length or a loop made an array, an index or a loop of a node a key
// made an object, through save: paths and assignments too.
var conflictTemplates = []string{
	"{Response.body.items[0]}\n{Response.body.items.name}\n",
	"{Response.body.items.name}\n{Response.body.items[1]}\n",
	"{Response.body.items.length}\n{Response.body.items.name}\n",
	"for: x in Response.body.items\n- {x.id}\nend:\n{Response.body.items.name}\n",
	"{Response.body.items.name}\nfor: x in Response.body.items\n- {x.id}\nend:\n",
	"save: items[0]\n{Response.body.items.name}\n",
	"{Response.body.items.name}\nsave: items[2].data\nto: out.bin\n",
	"{v} = {Response.body.a[0]}\n{w} = {Response.body.a.b}\n",
}

// TestMayConflictHoldsImpliedBody: every response template in which
// impliedBody finds a conflict is one mayConflict lets it look at (the
// rule archives, corpus/err, the upstream corpus, the template gate's
// documents, a generated document and conflictTemplates), so that
// skipping impliedBody where mayConflict says no changes no finding.
func TestMayConflictHoldsImpliedBody(t *testing.T) {
	docs := droppedParamDocs(t)
	for k, v := range gatedTemplateDocs() {
		docs[k] = v
	}
	docs["generated.md"] = benchgen.Document(1 << 20)
	for i, tpl := range conflictTemplates {
		docs[fmt.Sprintf("conflict%d.md", i)] = []byte("# Doc\n\n```act.a\nGET https://api.example.com/a\n```\n\n```act.a.response\n" + tpl + "```\n")
	}
	conflicts := 0
	for name, src := range docs {
		for _, r := range sfmd.Parse(name, src).Responses {
			_, conflict := impliedBody(r)
			if !conflict && strings.HasPrefix(name, "conflict") {
				t.Errorf("%s: no conflict in %q", name, r.Span)
			}
			if conflict {
				conflicts++
				if !mayConflict(r) {
					t.Errorf("%s: the template of %q at line %d has a conflict that mayConflict rules out", name, r.ActionID, r.Span.Start.Line)
				}
			}
		}
	}
	if conflicts < len(conflictTemplates) {
		t.Errorf("%d conflicts in all: the documents test too little", conflicts)
	}
}

// TestHintsAroundHoldsInsideHint: for a span starting anywhere in a
// response template (every offset from its start to its end, every
// length up to 8), insideHint among hintsAround the template is
// insideHint among all the document's hints, on the rule archives,
// corpus/err, the upstream corpus, the hint document and a generated
// document; templateUses looks references up there.
func TestHintsAroundHoldsInsideHint(t *testing.T) {
	docs := droppedParamDocs(t)
	docs["generated.md"] = benchgen.Document(256 << 10)
	docs["hints.md"] = benchgen.HintDocument(500)
	docs["tmplhints.md"] = []byte("# Doc\n\n`/act.a --q 1`\n\n```act.a\nGET https://api.example.com/{q}\n  q: string (required) \"Q\"\n```\n\n```act.a.response\n/act.a --q {q}\n{q} `/act.a --q {x}`\n```\n`/act.a --q {y}`\n")
	checked, inside := 0, 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		for _, r := range doc.Responses {
			hs := hintsAround(doc, r.Span)
			for s := r.Span.Start.Offset; s <= r.Span.End.Offset; s++ {
				for n := 0; n <= 8; n++ {
					sp := sfmd.Span{Start: sfmd.Pos{Offset: s}, End: sfmd.Pos{Offset: s + int32(n)}}
					want := insideHint(doc, sp)
					if got := insideHintOf(hs, sp); got != want {
						t.Fatalf("%s: span %d+%d in the template of %q: insideHint among hintsAround %v, among all %v", name, s, n, r.ActionID, got, want)
					}
					checked++
					if want {
						inside++
					}
				}
			}
		}
	}
	if inside == 0 || checked == inside {
		t.Errorf("%d spans, %d inside a hint: the documents test nothing", checked, inside)
	}
	// hints at the edges of a template's span, which a parsed document
	// does not have: one starting before it and ending in it, one
	// starting at its end, ends that touch
	doc := &sfmd.Document{}
	for _, h := range [][2]int{{0, 5}, {10, 20}, {20, 30}, {33, 34}, {40, 41}, {41, 48}} {
		doc.Hints = append(doc.Hints, &sfmd.Hint{Span: sfmd.Span{Start: sfmd.Pos{Offset: int32(h[0])}, End: sfmd.Pos{Offset: int32(h[1])}}})
	}
	for rs := 0; rs <= 50; rs++ {
		for re := rs; re <= 50; re++ {
			hs := hintsAround(doc, sfmd.Span{Start: sfmd.Pos{Offset: int32(rs)}, End: sfmd.Pos{Offset: int32(re)}})
			for s := rs; s <= re; s++ {
				for n := 0; n <= 8; n++ {
					sp := sfmd.Span{Start: sfmd.Pos{Offset: int32(s)}, End: sfmd.Pos{Offset: int32(s + n)}}
					if got, want := insideHintOf(hs, sp), insideHint(doc, sp); got != want {
						t.Fatalf("span %d+%d in %d-%d: insideHint among hintsAround %v, among all %v", s, n, rs, re, got, want)
					}
				}
			}
		}
	}
}

// TestShapeObjectKeys: an object of the implied body keeps its keys in the
// order first read and finds each, with a few keys (looked up in order)
// and with many (looked up in a map, built past smallmap.Scan), read again in
// reverse and with a key it does not have.
func TestShapeObjectKeys(t *testing.T) {
	for _, n := range []int{1, smallmap.Scan, smallmap.Scan + 1, 3 * smallmap.Scan} {
		root := &shapeNode{}
		var want strings.Builder
		want.WriteByte('{')
		for i := range n {
			k := fmt.Sprintf("k%d", i)
			if _, ok := root.insert(nil, []pathStep{{key: k, index: -1}, {key: "v", index: -1}}, i); !ok {
				t.Fatalf("%d keys: %s conflicts", n, k)
			}
			if i > 0 {
				want.WriteByte(',')
			}
			fmt.Fprintf(&want, `%q:{"v":"…"}`, k)
		}
		want.WriteByte('}')
		for i := n - 1; i >= 0; i-- {
			k := fmt.Sprintf("k%d", i)
			if _, ok := root.insert(nil, []pathStep{{key: k, index: -1}, {key: "w", index: -1}}, n+i); !ok {
				t.Fatalf("%d keys: %s conflicts when read again", n, k)
			}
			if node, at := root.shapeAt([]pathStep{{key: k, index: -1}, {key: "v", index: -1}}); at != 2 || node.kind != shapeLeaf {
				t.Errorf("%d keys: %s.v not found (stopped at step %d)", n, k, at)
			}
		}
		if _, at := root.shapeAt([]pathStep{{key: "nope", index: -1}}); at != 0 {
			t.Errorf("%d keys: a key it does not have found", n)
		}
		var b strings.Builder
		root.json(&b)
		w := strings.ReplaceAll(want.String(), `{"v":"…"}`, `{"v":"…","w":"…"}`)
		if b.String() != w {
			t.Errorf("%d keys: json\n%s\nwant\n%s", n, b.String(), w)
		}
	}
}

// TestTmplDrySlabReset: tmplDryRuns hands the nodes of a template it
// does not keep out again; the runs it keeps, their bodies read once all
// are built, are those of a slab that never hands a node out twice, on
// the rule archives, corpus/err, upstream, the gated documents and a
// generated one, gated and not.
func TestTmplDrySlabReset(t *testing.T) {
	defer func() { slabReset = true }()
	kept := 0
	for name, src := range bigDocTestDocs(t) {
		doc := sfmd.Parse(name, src)
		dt := buildDryTable(doc, buildSymbols(doc), buildHints(doc, buildSymbols(doc)))
		for _, every := range []bool{false, true} {
			slabReset = true
			got := tmplDryRuns(doc, dt, every)
			slabReset = false
			want := tmplDryRuns(doc, dt, every)
			if len(got) != len(want) {
				t.Fatalf("%s (every %v): %d runs with the slab reset, %d without", name, every, len(got), len(want))
			}
			for i := range got {
				var a, b strings.Builder
				got[i].Body.json(&a)
				want[i].Body.json(&b)
				if a.String() != b.String() || got[i].JSON != want[i].JSON || !reflect.DeepEqual(got[i].Run, want[i].Run) {
					t.Fatalf("%s (every %v): %q: body %s (run on %s) with the slab reset, %s (%s) without", name, every, got[i].Call.Info.ID, a.String(), got[i].JSON, b.String(), want[i].JSON)
				}
			}
			if !every {
				kept += len(got)
			}
		}
	}
	if kept < 10 {
		t.Fatalf("only %d gated runs kept: the documents test little", kept)
	}
}

// TestAssignedVarsAmongRead: the stand-ins templateVars gives a run from
// the session variables assigned among those the runs read are those it
// gives from every variable a template of the document assigns, for
// every template of the rule archives, corpus/err, upstream, the gated
// documents and a generated one.
func TestAssignedVarsAmongRead(t *testing.T) {
	stood := 0
	docs := bigDocTestDocs(t)
	// a variable read only on the right of an assignment, one only in a
	// loop's body, one only in a to: path
	docs["rhs.md"] = []byte("```act.a\nGET https://x.example/a\n```\n\n```act.a.response\n{x} = {Response.body.a}\n{w} = {Response.body.w}\n{p} = {Response.body.p}\n```\n\n" +
		"```act.b\nGET https://x.example/b\n```\n\n```act.b.response\n{y} = {x}\nfor: i in Response.body.items\n- {w}\nend:\nsave: $.data\nto: out/{p}.json\n{q}\n```\n\n" +
		"```act.c\nGET https://x.example/c\n```\n\n```act.c.response\n$q = {Response.body.q}\n```\n")
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		syms := buildSymbols(doc)
		dt := buildDryTable(doc, syms, buildHints(doc, syms))
		last := map[string]*sfmd.Response{}
		for _, r := range doc.Responses {
			last[r.ActionID] = r
		}
		var cands []*tmplDry
		for _, c := range dt.Calls {
			if r := last[c.Info.ID]; r != nil && c.Info.HasTemplate {
				if td := tmplDryCandidate(c, r, nil, true); td != nil {
					cands = append(cands, td)
				}
			}
		}
		all := map[string]bool{}
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if l.Kind == sfmd.LineAssign && l.LHS != "" {
					all[l.LHS] = true
				}
			}
		}
		among := assignedVars(doc, syms, readVars(cands))
		read := map[string]bool{}
		for _, r := range doc.Responses {
			eachVarRead(r, func(name string) { read[name] = true })
		}
		if got, want := assignedVars(doc, syms, read), assignedVars(doc, nil, read); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: assigned variables %v from the symbol table, %v from the lines", name, got, want)
		}
		for _, td := range cands {
			got, want := templateVars(td.Resp, among), templateVars(td.Resp, all)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: %q: stand-ins %v from the variables read, %v from all", name, td.Call.Info.ID, got, want)
			}
			stood += len(want)
		}
	}
	if stood < 20 {
		t.Fatalf("only %d stand-ins in all: the documents test little", stood)
	}
}

// TestLastTemplateOf: the last template of each id read from the symbol
// table is the one a map of the document's templates keeps (the last of
// the id), on bigDocTestDocs (the rule archives, corpus/err, upstream,
// the gated documents and a generated one), for every action id and a
// missing one.
func TestLastTemplateOf(t *testing.T) {
	n, placed := 0, 0
	docs := bigDocTestDocs(t)
	// a template the model reads and the linter does not (its opening
	// fence in an HTML block, closed by the fence of a list item's),
	// and one the other way round (the list item's): as many templates,
	// not the same ids; callTemplates looks the ids up
	docs["crossed.md"] = []byte("```act.a\nGET https://x.example/a\n```\n\n<div>\n```act.a.response\n</div>\n\n- ```act.b.response\n  ok\n  ```\n")
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		syms := buildSymbols(doc)
		bySyms, byMap := lastTemplateOf(doc, syms), lastTemplateOf(doc, nil)
		for _, a := range append(doc.Actions, &sfmd.Action{ID: "\x00none"}) {
			if got, want := bySyms(a.ID), byMap(a.ID); got != want {
				t.Fatalf("%s: the template of %s is %v in the symbol table, %v in the map", name, a.ID, got, want)
			}
			n++
		}
		dt := buildDryTable(doc, syms, buildHints(doc, syms))
		byCall := callTemplates(doc, dt)
		for _, c := range dt.Calls {
			if got, want := byCall(c), byMap(c.Info.ID); got != want {
				t.Fatalf("%s: the template of the call of %s is %v, %v in the map", name, c.Info.ID, got, want)
			}
		}
		if dt.Parsed.SameTemplates(doc.Responses) {
			placed += len(dt.Calls)
		}
	}
	if n < 500 || placed < 500 {
		t.Fatalf("only %d ids, %d calls placed by the model", n, placed)
	}
}
