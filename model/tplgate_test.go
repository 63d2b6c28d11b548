package model

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestTemplateGates: each template line pattern's scan, or else its gate
// (true for every line the pattern matches), answers as the regexp does,
// on every line of the texts of scanDocs and on lines made of the pieces
// the patterns turn on; and a template dry run of every response
// template of those texts gives the same facts with the gates off.
func TestTemplateGates(t *testing.T) {
	docs := scanDocs(t)
	var lines []string
	for _, s := range docs {
		lines = append(lines, strings.Split(s, "\n")...)
	}
	heads := []string{"", " ", "\t", "\u00a0", "\v", "\u3000", "\n", "\r", "  ", "\u2028", "\ufeff"}
	words := []string{"for:", "end:", "save:", "decode:", "to:", "{", "{@", "{x}", "{@x}", "{Response.a}", "fo", "For:", "x", "=", " = ", "in", " in ", "(", ")", "base64", "$.a", "~/",
		"{@a} = (x, @b)", "{a} = {Response.b}", "}", "{Response.", "inx", "_1", "9", "é", "\xff", "{a}", "{@a}", "{Response.b.c[0]}", " =", "{a} = {Response.}", "{a}={Response.x}}"}
	seed := uint32(9)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 100000 {
		var b strings.Builder
		b.WriteString(heads[next()%len(heads)])
		for k := next() % 5; k >= 0; k-- {
			b.WriteString(words[next()%len(words)])
			if next()%3 == 0 {
				b.WriteString(heads[next()%len(heads)])
			}
		}
		lines = append(lines, b.String())
	}
	pats := map[string]tplPattern{"assign": tplAssign, "slug": tplSlugLine, "for": tplFor, "end": tplEnd, "save": tplSave,
		"decode": tplDecode, "to": tplTo, "looks": tplLooksDirective}
	for name, p := range pats {
		n := 0
		for _, l := range lines {
			want := p.re.FindStringSubmatch(l)
			if want != nil {
				n++
				if p.scan == nil && !p.may(l) {
					t.Fatalf("%s: %q matches %v, and the gate refuses it", name, l, p.re.Re())
				}
			}
			if got := p.find(l); !reflect.DeepEqual(got, want) || p.match(l) != (want != nil) {
				t.Fatalf("%s: %q: find %q, %v %q", name, l, got, p.re.Re(), want)
			}
		}
		if n < 100 {
			t.Errorf("%s: only %d lines match: the texts test little", name, n)
		}
	}

	defer func() { tplGates = true }()
	runs := 0
	for _, src := range docs {
		pd := Parse(docOf(src))
		for _, a := range pd.ref.Actions {
			if !a.HasResp || pd.ref.action(a.ID) != a {
				continue
			}
			for _, body := range []string{`{"a":[{"b":1}],"body":{"x":"eA=="}}`, `[1,2]`, `text`} {
				tplGates = true
				got, ok1 := pd.DryRunTemplate(a.ID, "", nil, nil, TemplateResponse{Body: body})
				tplGates = false
				want, ok2 := pd.DryRunTemplate(a.ID, "", nil, nil, TemplateResponse{Body: body})
				if ok1 != ok2 || !reflect.DeepEqual(got, want) {
					t.Fatalf("act.%s on %q: the dry run differs with the gates off:\n got %+v\nwant %+v", a.ID, body, got, want)
				}
				runs++
			}
			if runs > 20000 {
				break
			}
		}
	}
	if runs < 300 {
		t.Fatalf("only %d template runs: the texts test little", runs)
	}
}

func docOf(src string) *sfmd.Document {
	return &sfmd.Document{Path: "/dryrun/doc.md", Src: []byte(src)}
}

// TestTemplateMapsOnFirstWrite: a template that sets no value shortcut
// and resolves every reference makes none of the run's maps (four were
// made for every run), and one that does answers as before.
func TestTemplateMapsOnFirstWrite(t *testing.T) {
	rt := &Runtime{Session: NewSession()}
	body := jsonParse(`{"a":{"b":"x"},"items":[{"id":1},{"id":2}]}`)
	run := func(tpl string) (*templateRun, string) {
		res := &Result{}
		tr := &templateRun{rt: rt, jsonBody: body, input: newOrdered[pval](), res: res}
		tr.response = actionOutput{status: 200, jsonBody: body}.responseObject()
		return tr, tr.execute(tpl, MaxTemplateOutput)
	}
	tr, out := run("{v} = {Response.body.a.b}\nfor: it in body.items\n- {it.id}\nend:\nText {Response.body.a.b}")
	if tr.currentSlugs != nil || tr.slugCounters != nil || tr.seenBases != nil || tr.unresolvedOK != nil {
		t.Error("a template without value shortcuts or unresolved references made the run's maps")
	}
	if out != "- 1\n- 2\nText x" {
		t.Errorf("output %q", out)
	}
	tr, out = run("{@s} = (a, b)\nfor: it in body.items\n{@r} = {it.id}\nend:\nSee {@s} {@r} {Response.body.nope}")
	if v := rt.session().valueShortcuts; len(v["s"]) != 2 || v["r-1"][0] != "1" || v["r-2"][0] != "2" || tr.currentSlugs["r"] != "r-2" {
		t.Errorf("value shortcuts %v, current %v", v, tr.currentSlugs)
	}
	if !strings.HasPrefix(out, "See @s @r-2 {Response.body.nope}") || len(tr.unresolved) != 1 {
		t.Errorf("output %q, unresolved %v", out, tr.unresolved)
	}
}
