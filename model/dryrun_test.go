package model

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/sfmd"
)

func dryParse(src string) *Parsed {
	return Parse(&sfmd.Document{Path: "/dryrun/doc.md", Src: []byte(src)})
}

// TestDryRunMatchesRun: a dry run builds the request a real call sends
// (same steps, no network): the URL, body and headers agree.
func TestDryRunMatchesRun(t *testing.T) {
	for _, tc := range []struct{ doc, id, args string }{
		{act("a", "GET https://x.com/{q}?k=1", "  q: string"), "a", "--q 'a b/c'"},
		{act("a", `POST https://x.com/ -d '{"t":"Hi {n}!","u":"{n}"}'`, "  n: string"), "a", `--n 'say "hi"'`},
		{act("a", `PUT https://x.com/ -H "X-A: 1"`, "  n: string", `  m: string = "d"`), "a", "--n é"},
		{act("a", "DELETE https://x.com/a/./b/../c", "  id: string"), "a", "--id 3"},
	} {
		h := newHarness(t, tc.doc)
		h.tr.body = "ok"
		res := h.rt.Run("/act." + tc.id + " " + tc.args)
		if !res.OK || len(res.Requests) != 1 {
			t.Fatalf("%s: run failed: %s %s", tc.args, res.Code, res.Content)
		}
		want := res.Requests[0]
		got, ok := dryParse(tc.doc).DryRun(tc.id, tc.args, nil, nil)
		if !ok || got.Code != "" {
			t.Fatalf("%s: dry run failed: %v %s %s", tc.args, ok, got.Code, got.Message)
		}
		if got.Method != want.method || got.URL != want.URL || got.Body != want.body || got.HasBody != want.hasBody {
			t.Errorf("dry run %s %s %q, run sent %s %s %q", got.Method, got.URL, got.Body, want.method, want.URL, want.body)
		}
		for _, kv := range got.Headers {
			if w := want.header.Get(kv[0]); w != kv[1] && !strings.Contains(w, kv[1]) {
				t.Errorf("header %s: dry run %q, run %q", kv[0], kv[1], w)
			}
		}
	}
}

// TestDryRunEffects: what the dry-run rules read from the model.
func TestDryRunEffects(t *testing.T) {
	// a placeholder inside a JSON string with other text is not escaped
	// (substituteBodyTemplate escapes only "{name}")
	s, _ := dryParse(act("a", `POST https://x.com/ -d '{"t":"Hi {n}!"}'`, "  n: string")).DryRun("a", `--n 'say "hi"'`, nil, nil)
	if s.Body != `{"t":"Hi say "hi"!"}` {
		t.Errorf("body %q", s.Body)
	}
	// a URL placeholder is encodeURIComponent'd: a base URL in it resolves
	// against the document's directory and is refused
	s, _ = dryParse(act("a", "GET {base}/items", "  base: string")).DryRun("a", "--base https://api.x.com", nil, nil)
	if s.Code != codeLoadError || s.URL != "file:///dryrun/https%253A%252F%252Fapi.x.com/items" {
		t.Errorf("got %s %s %s", s.Code, s.URL, s.Message)
	}
	// a session variable fills a field the caller left out
	s, _ = dryParse(act("a", "GET https://x.com/{id}", "  id: string")).DryRun("a", "", map[string]string{"id": "stale"}, nil)
	if s.URL != "https://x.com/stale" {
		t.Errorf("URL %q", s.URL)
	}
	// CLI: the command line, values shell-quoted
	s, _ = dryParse(act("g", "CLI grep -rn '{p}' .", "  p: string")).DryRun("g", "--p '$(id)'", nil, nil)
	if !s.CLI || s.Command != `grep -rn ''$(id)'' .` {
		t.Errorf("command %q", s.Command)
	}
	// a refusal before anything is sent
	s, _ = dryParse(act("a", "GET https://x.com/", "  n: number")).DryRun("a", "--n", nil, nil)
	if s.Code != codeInvalidPayload {
		t.Errorf("bare flag: %s %s", s.Code, s.Message)
	}
	if _, ok := dryParse(act("a", "GET https://x.com/")).DryRun("nope", "", nil, nil); ok {
		t.Error("dry run of a missing action")
	}
}

func TestQuoteArg(t *testing.T) {
	for v, want := range map[string]string{`a b`: `'a b'`, `it's`: `"it's"`, `a"b`: `'a"b'`, `a'"b`: "", "a\nb": "", "": ""} {
		q, ok := QuoteArg(v)
		if q != want || ok != (want != "") {
			t.Errorf("QuoteArg(%q) = %q %v", v, q, ok)
			continue
		}
		if ok && strings.Join(Tokenize(q), "|") != v {
			t.Errorf("Tokenize(%s) = %q", q, Tokenize(q))
		}
	}
}

// TestDryRunStore: $VAR resolves from the store given; without it the
// runtime refuses the call before sending (preflight).
func TestDryRunStore(t *testing.T) {
	p := dryParse(act("a", `POST https://x.com/ -H "Authorization: Bearer $KEY" -d '{"c":"{c}"}'`, "  c: string"))
	s, _ := p.DryRun("a", "", map[string]string{"c": "old"}, map[string]string{"KEY": "k"})
	if s.Code != "" || s.Body != `{"c":"old"}` || s.Headers[2] != [2]string{"Authorization", "Bearer k"} {
		t.Errorf("got %+v", s)
	}
	if s, _ = p.DryRun("a", "", nil, nil); s.Code != codeInvalidPayload {
		t.Errorf("without a store: %s %s", s.Code, s.Message)
	}
}

// TestMatchFirstLine: the fast first-line match is reFirstLine's, on
// lines by hand and on every method with its letters in every case (and
// with a byte before it, or its last letter missing), and lowerMethod of
// the method matched is strings.ToLower's.
func TestMatchFirstLine(t *testing.T) {
	ins := []string{"GET https://x.com/a", "get  x", "GET", "GET ", "GET \t", "POST\u00a0x -d '{}'", "CLI echo\rhi", "PATCH x\u2028",
		"DELETE \u2028x", "GETx y", "cli   ", "PUT \u3000 y z", "POST  \n", "GET \u00a0\u00a0", "\u212aLI x", "", "P", "Q x"}
	for _, m := range []string{"GET", "POST", "PUT", "PATCH", "DELETE", "CLI"} {
		for mask := range 1 << len(m) {
			b := []byte(m)
			for i := range b {
				if mask&(1<<i) != 0 {
					b[i] |= 0x20
				}
			}
			ins = append(ins, string(b)+" x", string(b)+"x", "@"+string(b)+" x", string(b[:len(b)-1])+" x")
		}
	}
	for _, in := range ins {
		want := reFirstLine.FindStringSubmatch(in)
		var got []string
		if method, rest, ok := matchFirstLine(in); ok {
			got = []string{in, method, rest}
			if l := lowerMethod(method); l != strings.ToLower(method) {
				t.Errorf("lowerMethod(%q) = %q", method, l)
			}
		}
		if strings.Join(want, "|") != strings.Join(got, "|") || (want == nil) != (got == nil) {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

// TestMatchFenceLine: the fast fence match is reFenceLine's.
func TestMatchFenceLine(t *testing.T) {
	for _, in := range []string{"```", "``", "````go", "~~~ act.x", "~~~```", "```a\rb", "``` x\u2028", "`~~", "~~~~~", "```\u00e9", "", "x```"} {
		want := reFenceLine.FindStringSubmatch(in)
		var got []string
		if run, rest, ok := matchFenceLine(in); ok {
			got = []string{in, run, rest}
		}
		if strings.Join(want, "|") != strings.Join(got, "|") || (want == nil) != (got == nil) {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

// TestMatchActInfo: the fence info scanner reads what reActResp, then
// reActDef, read: by hand, and every string of up to five parts from
// the pieces an act info string is made of.
func TestMatchActInfo(t *testing.T) {
	check := func(in string) {
		t.Helper()
		wantID, wantResp, wantOK := "", false, false
		if m := reActResp.FindStringSubmatch(in); m != nil {
			wantID, wantResp, wantOK = m[1], true, true
		} else if m := reActDef.FindStringSubmatch(in); m != nil {
			wantID, wantOK = m[1], true
		}
		id, resp, ok := matchActInfo(in)
		if id != wantID || resp != wantResp || ok != wantOK {
			t.Errorf("%q: got %q %v %v, want %q %v %v", in, id, resp, ok, wantID, wantResp, wantOK)
		}
	}
	for _, in := range []string{"act.x", "act.x.response", "act.", "act..response", "act.a-b_C9", "act.x.response.response",
		"act.x y", "act.x\n", "act.x.Response", "act.é", "act.x.responsex", "ACT.x", "act.response", "act.x.", ".response", "act.-", "act.x\u2028"} {
		check(in)
	}
	pieces := []string{"act", ".", "x", "Z9", "-", "_", "response", ".response", " ", "é", "\n", "\xff", "act."}
	var gen func(prefix string, depth int)
	gen = func(prefix string, depth int) {
		check(prefix)
		if depth == 0 {
			return
		}
		for _, p := range pieces {
			gen(prefix+p, depth-1)
		}
	}
	gen("act.", 3)
	gen("", 4)
}

// TestMatchField: the field-line scanner finds reField's groups at
// reField's offsets, on lines made of every kind of part a field line
// has, each right, wrong, missing or unfinished (a fixed sample of
// their combinations, and some by hand).
func TestMatchField(t *testing.T) {
	parts := [][]string{
		{" ", "  ", "\t", "", "\u00a0", "\u2003 "},
		{"name", "a_1", "", "na-me", "é"},
		{"", ",-n", ", -x", ",-1", ",", ",\u3000-Q"},
		{":", " :", "\t:", "", ";"},
		{" ", "", "\u3000", "  "},
		{"string", "int", "", "a.b"},
		{"", " (required)", " (optional)", " (maybe)", "(required)", "  (required", " (optional))"},
		{"", ` "a desc"`, ` "unterminated`, ` ""`, `"x"`, ` "a \u2028 é"`},
		{"", ` = "x"`, `="y"`, ` = z`, ` ="`, "\u00a0=\u00a0\"\"", ` = "a" "b"`},
		{"", " ", "x", "\u00a0", "\xff"},
	}
	check := func(line string) {
		want := reField.FindStringSubmatchIndex(line)
		got, ok := matchField(line)
		if ok != (want != nil) || (ok && !slices.Equal(got[:], want)) {
			t.Errorf("%q: got %v %v, want %v", line, got, ok, want)
		}
	}
	for _, line := range []string{"  name: string", "  name, -n: string (required) \"the name\" = \"x\"", "name: string", "  name: string ", "\xff name: string", "  a:b", " a: b(required)"} {
		check(line)
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	matched := 0
	for range 20000 {
		var b strings.Builder
		for _, p := range parts {
			if rnd.IntN(2) == 0 {
				b.WriteString(p[0]) // each list begins with a right part
			} else {
				b.WriteString(p[rnd.IntN(len(p))])
			}
		}
		check(b.String())
		if reField.MatchString(b.String()) {
			matched++
		}
	}
	if matched < 1000 {
		t.Errorf("only %d of the sample lines are field lines", matched)
	}
}

// TestByteScans: hasLineTerminator is strings.ContainsAny(s,
// "\n\r\u2028\u2029"), jsTrim is strings.TrimFunc(s, isJSSpace),
// skipJSSpace(s, i) is where strings.TrimLeftFunc(s[i:], isJSSpace)
// begins and cutLine is strings.Cut(s, "\n"), on strings made of every byte that matters to them (line
// terminators, white space ASCII or not, the bytes of U+2028, U+2029 and
// U+3000, invalid UTF-8).
func TestByteScans(t *testing.T) {
	pieces := []string{"a", " ", "\t", "\n", "\r", "\u2028", "\u2029", "\u3000", "\u00a0", "\xe2", "\x80", "\xa8", "\xe2\x80", "\xff", "é", "\u2027", "\ufeff",
		"\v", "\f", "\x1f", "!", "\u0085", "\u2000", "\u200a", "\u200b"}
	rnd := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var b strings.Builder
		for range rnd.IntN(9) {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := hasLineTerminator(s), strings.ContainsAny(s, "\n\r\u2028\u2029"); got != want {
			t.Errorf("hasLineTerminator(%q) = %v, want %v", s, got, want)
		}
		if got, want := jsTrim(s), strings.TrimFunc(s, isJSSpace); got != want {
			t.Errorf("jsTrim(%q) = %q, want %q", s, got, want)
		}
		l, r, ok := cutLine(s)
		if wl, wr, wok := strings.Cut(s, "\n"); l != wl || r != wr || ok != wok {
			t.Errorf("cutLine(%q) = %q %q %v, want %q %q %v", s, l, r, ok, wl, wr, wok)
		}
		for i := range len(s) + 1 {
			if got, want := skipJSSpace(s, i), len(s)-len(strings.TrimLeftFunc(s[i:], isJSSpace)); got != want {
				t.Errorf("skipJSSpace(%q, %d) = %d, want %d", s, i, got, want)
			}
		}
	}
}

// TestRequestLineScans: headerArgs, bodyArg and flagStart find what
// reHeaderArg, reBodyArg and reFlagStart find, on first lines made of
// headers, bodies, flags, quotes and white space of every kind, whole and
// broken.
func TestRequestLineScans(t *testing.T) {
	pieces := []string{"https://x.com/a", " ", "\u00a0", "\u3000", "-H", "-d", "-H ", " -H ", ` -H "A: b"`, `"`, `""`, `"x"`, "'", "-", "H", "d", "\t", "\xe2", "é", "--data",
		"-d ", ` -d '{"a":1}'`, `'x'`, "''", "\n", "-d\u00a0'"}
	rnd := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var b strings.Builder
		for range rnd.IntN(8) {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		s := b.String()
		var want []string
		for _, m := range reHeaderArg.FindAllStringSubmatch(s, -1) {
			want = append(want, m[1])
		}
		if got := headerArgs(s); !slices.Equal(got, want) {
			t.Errorf("headerArgs(%q) = %q, want %q", s, got, want)
		}
		wantBody, wantOK := "", false
		if m := reBodyArg.FindStringSubmatchIndex(s); m != nil {
			wantOK = true
			if m[2] >= 0 {
				wantBody = s[m[2]:m[3]]
			} else {
				wantBody = s[m[4]:m[5]]
			}
		}
		if got, ok := bodyArg(s); got != wantBody || ok != wantOK {
			t.Errorf("bodyArg(%q) = %q %v, want %q %v", s, got, ok, wantBody, wantOK)
		}
		// requestLine starts the scans at the first -H and -d it found
		var sl refSlab
		a := &refAction{}
		sl.requestLine(a, s)
		var wantHeaders []refHeader
		for _, h := range want {
			if k, v, ok := strings.Cut(h, ":"); ok {
				wantHeaders = append(wantHeaders, refHeader{Key: jsTrim(k), Value: jsTrim(v)})
			}
		}
		if !slices.Equal(a.Headers, wantHeaders) || a.Body != wantBody || a.HasBody != wantOK {
			t.Errorf("requestLine(%q): headers %q, body %q %v; want %q, %q %v", s, a.Headers, a.Body, a.HasBody, wantHeaders, wantBody, wantOK)
		}
		want0 := -1
		if loc := reFlagStart.FindStringIndex(s); loc != nil {
			want0 = loc[0]
		}
		if got := flagStart(s); got != want0 {
			t.Errorf("flagStart(%q) = %d, want %d", s, got, want0)
		}
	}
}

// TestMaySendSessionUnnamed: where MaySendSessionUnnamed says it is
// exact, it is MaySendSession's answer for every argument line that names
// no {name}: every field of every action of the upstream documents, a
// generated one and the cases below (with $ARGS and $VARs), left out in
// turn, the others given plain values or none, with and without a store.
func TestMaySendSessionUnnamed(t *testing.T) {
	docs := []string{
		act("a", "GET https://x.com/{id}", "  id: string"),
		act("a", "GET $BASE/items", "  n: string"),
		act("a", "CLI echo {n} $HOME {m}", "  n: string", "  m: string"),
		act("a", `POST https://x.com/ -d '{"x":"$BODY"}'`, "  n: string", "  m: string"),
		act("a", "CLI echo $ARGS", "  n: string", "  m: string"),
		act("a", `POST https://x.com/ -d '{"x":"$ARGS"}'`, "  n: string", "  m: string"),
		act("a", "CLI echo {$ARGS}", "  n: string"),
		act("a", `POST https://x.com/ -d '{"x":"{$ARGS}"}'`, "  n: string"),
		act("a", "GET https://x.com/{m}", "  n: string", `  m: string = "{n}"`),
	}
	store := map[string]string{"BASE": "https://x.com/{n}", "BODY": "{m}", "HOME": "/h"}
	docs = withUpstream(t, docs)
	exact, inexact, may := 0, 0, 0
	for _, src := range docs {
		p := dryParse(src)
		for _, a := range p.Actions() {
			for _, left := range a.Fields {
				for _, st := range []map[string]string{nil, store} {
					got, ok := p.MaySendSessionUnnamed(a.ID, left.Name, st)
					if !ok {
						inexact++
						continue
					}
					exact++
					if got {
						may++
					}
					var with []string
					for _, f := range a.Fields {
						if f.Name != left.Name {
							with = append(with, "--"+f.Name+" '"+f.Name+"-value'")
						}
					}
					// the name alone holds no {name, yet $ARGS can make one of it
					for _, args := range []string{"", strings.Join(with, " "), left.Name} {
						if want := p.MaySendSession(a.ID, args, left.Name, st); got != want {
							t.Errorf("/act.%s %s: MaySendSessionUnnamed(%q) = %v, MaySendSession %v", a.ID, args, left.Name, got, want)
						}
					}
				}
			}
		}
	}
	if exact == 0 || inexact == 0 || may == 0 || may == exact {
		t.Errorf("%d exact answers (%d may send), %d not exact: the cases miss one side", exact, may, inexact)
	}
}

// TestMaySendSession: when MaySendSession says a call cannot send the
// session variable, the dry run with that variable set sends it nowhere:
// every field of every action of the upstream documents, of generated
// ones and of the cases below, left out in turn (the other fields given a
// value or left out), with $VARs that resolve to a placeholder and
// caller values that name one.
func TestMaySendSession(t *testing.T) {
	docs := []string{
		act("a", "GET https://x.com/{id}", "  id: string"),
		act("a", "GET https://x.com/{id[1]}?q=1", "  id: string"),
		act("a", `POST https://x.com/ -d '{"t":"{n|base64}","u":"{m}"}'`, "  n: string", "  m: string"),
		act("a", `POST https://x.com/ -H "X-A: {n}"`, "  n: string"),
		act("a", "GET $BASE/items", "  n: string"),
		act("a", "CLI echo {n} $HOME {m}", "  n: string", "  m: string"),
		act("a", `POST https://x.com/{...args} -d '{"x":"$BODY"}'`, "  n: string", "  m: string"),
		act("a", "GET https://x.com/{m}", "  n: string", `  m: string = "{n}"`),
	}
	store := map[string]string{"BASE": "https://x.com/{n}", "BODY": "{m}", "HOME": "/h"}
	docs = withUpstream(t, docs)
	const stale = "stale-session-value"
	checked, skipped := 0, 0
	for _, src := range docs {
		p := dryParse(src)
		for _, a := range p.Actions() {
			for _, left := range a.Fields {
				var with, named []string
				for _, f := range a.Fields {
					if f.Name != left.Name {
						with = append(with, "--"+f.Name+" v")
						named = append(named, "--"+f.Name+" '{"+left.Name+"}'")
					}
				}
				for _, args := range []string{"", strings.Join(with, " "), strings.Join(named, " ")} {
					for _, st := range []map[string]string{nil, store} {
						if p.MaySendSession(a.ID, args, left.Name, st) {
							skipped++
							continue
						}
						checked++
						s, ok := p.DryRun(a.ID, args, map[string]string{left.Name: stale}, st)
						if ok && (strings.Contains(s.URL, stale) || strings.Contains(s.Command, stale) || strings.Contains(s.Body, stale)) {
							t.Errorf("/act.%s %s: MaySendSession(%q) is false, the dry run sends %s %s %q", a.ID, args, left.Name, s.URL, s.Command, s.Body)
						}
					}
				}
			}
		}
	}
	if checked == 0 || skipped == 0 {
		t.Errorf("%d calls checked, %d that may send the variable: the cases miss one side", checked, skipped)
	}
}

// TestMatchFieldUpstream: the field-line matcher is reField's, on field
// lines of every form and on random lines built from the pieces of one,
// and on every line of the upstream documents.
func TestMatchFieldUpstream(t *testing.T) {
	ins := []string{"  q: string", "  q, -c: string (required) \"City\" = \"x\"", "\tq:\u00a0string", "  q:string", " q : t", "q: t",
		"  q: t (optional)", "  q: t(required)", "  q: t \"d\"=\"v\"", "  q: t = \"v\" ", "  q: t \"a\" \"b\"", "  q,-x: t", "  q, -: t",
		"  q: t (required) (optional)", "  q: t \"\"", "  q: t=\"\"", "  q: t =", "  é: t", "  q: t\r", "  q: t \"a\rb\"", "  q: t \xff"}
	pieces := []string{" ", "  ", "\t", "\u00a0", "\u2028", "\r", "q", "ab", "_1", ",", "-", "x", ":", "string", "(", ")", "required",
		"optional", "(required)", "(optional)", `"`, `"d"`, "=", "é", "\xff", "1"}
	r := rand.New(rand.NewPCG(1, 2))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	ws := func() string { return pick("", " ", "  ", "\t", "\u00a0", "\u3000", "\r") }
	for range 100000 {
		// a field line, some of its parts left out or garbled
		parts := []string{pick(" ", "  ", "\t", "\u00a0", ""), pick("q", "a_1", "", "é"), pick("", ","+ws()+"-"+pick("c", "1", "")), ws(), pick(":", ""), ws(),
			pick("string", "t", ""), pick("", ws()+pick("(required)", "(optional)", "(req)")), pick("", ws()+pick(`"d"`, `""`, `"a`)),
			pick("", ws()+"="+ws()+pick(`"v"`, `""`, "v")), pick("", "", "", ws())}
		var b strings.Builder
		for _, p := range parts {
			if r.IntN(20) == 0 {
				p = pieces[r.IntN(len(pieces))]
			}
			b.WriteString(p)
		}
		ins = append(ins, b.String())
	}
	root := upstreamRoot(t)
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				ins = append(ins, splitLines(string(src))...)
			}
		}
		return nil
	})
	matched := 0
	for _, in := range ins {
		want := reField.FindStringSubmatchIndex(in)
		got, ok := matchField(in)
		if ok != (want != nil) || (ok && !slices.Equal(got[:], want)) {
			t.Errorf("%q: got %v, want %v", in, got, want)
		}
		if want != nil {
			matched++
		}
	}
	if matched < 2000 {
		t.Errorf("only %d of %d lines are field lines", matched, len(ins))
	}
}

// TestShortcutIDsDeduplicated: a shortcut whose id is taken gets the
// first free id2, id3, … (parser.ts parse), the search resuming where
// the last one for that id stopped; the ids are those of the search from
// 2, on random documents whose ids collide with the numbered ones.
func TestShortcutIDsDeduplicated(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ids := []string{"a", "a2", "a3", "a5", "b", "b2", "a22", "ab"}
	for range 300 {
		var src strings.Builder
		var written []string
		for range 1 + r.IntN(40) {
			id := ids[r.IntN(len(ids))]
			written = append(written, id)
			src.WriteString("[@" + id + " L](https://x.example/)\n")
		}
		seen := map[string]bool{}
		var want []string
		for _, id := range written {
			resolved := id
			for n := 2; seen[resolved]; n++ {
				resolved = id + itoa(n)
			}
			seen[resolved] = true
			want = append(want, resolved)
		}
		var got []string
		for _, sc := range parseRef(src.String()).Shortcuts {
			got = append(got, sc.ID)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%q: got %q, want %q", written, got, want)
		}
	}
}

// TestRefBlockText: the reference parse cuts a block's text from the
// source as strings.Join of its lines would give it: none, one empty
// line, CRLF lines, a fence line that does not close it, the last line
// of the document.
func TestRefBlockText(t *testing.T) {
	for _, tc := range []struct{ src, resp string }{
		{"```act.a\nGET https://x\n```\n```act.a.response\n```\n", ""},
		{"```act.a\nGET https://x\n```\n```act.a.response\n\n```\n", ""},
		{"```act.a\nGET https://x\n```\n```act.a.response\nok {x}\n\nend\n```", "ok {x}\n\nend"},
		{"```act.a\r\nGET https://x\r\n```\r\n```act.a.response\r\nok\r\n  more\r\n```\r\n", "ok\r\n  more\r"},
		{"```act.a\nGET https://x\n```\n````act.a.response\nok\n```\nstill\n````\n", "ok\n```\nstill"},
	} {
		d := parseRef(tc.src)
		if len(d.Actions) != 1 {
			t.Errorf("%q: %d actions, want 1", tc.src, len(d.Actions))
			continue
		}
		if a := d.Actions[0]; a.Response != tc.resp || a.HasResp != (tc.resp != "") || a.URI != "https://x" {
			t.Errorf("%q: response %q (%v), URI %q; want %q", tc.src, a.Response, a.HasResp, a.URI, tc.resp)
		}
	}
	if a := parseActionBlock("a", "GET https://x/{q}\n\n  q: string (required)\nnot a field\n  r: int"); a == nil || len(a.Fields) != 2 || a.Fields[1].Name != "r" {
		t.Errorf("fields after blank and stray lines: %+v", a)
	}
	if parseActionBlock("a", "") != nil || parseActionBlock("a", "\n  q: string") != nil {
		t.Error("a block without a first line is no action")
	}
}

// TestDryRunUsage: a call with no flags to an action with a required
// field without a default prints the action's usage (act.go cmdAction,
// showsUsage): the dry run sends nothing and says so, whatever the
// session holds (a session variable would fill {user} and the required
// check skips a field the URI consumed); with a flag, or when every
// required field has a default, the call is sent.
func TestDryRunUsage(t *testing.T) {
	req := act("list", "GET https://x.com/{user}/items", "  user: string (required)")
	h := newHarness(t, req)
	h.rt.Session.SetVar("user", "ann")
	if res := h.rt.Run("/act.list"); !strings.HasPrefix(res.Content, "Action: list") || len(res.Requests) != 0 {
		t.Fatalf("the real call printed %q and sent %d requests", res.Content, len(res.Requests))
	}
	vars := map[string]string{"user": "ann"}
	for _, args := range []string{"", "  "} {
		if s, ok := dryParse(req).DryRun("list", args, vars, nil); ok || !s.Usage {
			t.Errorf("%q: a call that prints its usage: ok %v, usage %v, URL %q", args, ok, s.Usage, s.URL)
		}
	}
	if s, ok := dryParse(req).DryRun("list", "--user bob", vars, nil); !ok || s.Usage || s.URL != "https://x.com/bob/items" {
		t.Errorf("a call with a flag: ok %v, usage %v, URL %q", ok, s.Usage, s.URL)
	}
	def := act("list", "GET https://x.com/{user}/items", `  user: string (required) = "ann"`)
	if s, ok := dryParse(def).DryRun("list", "", nil, nil); !ok || s.Usage || s.URL != "https://x.com/ann/items" {
		t.Errorf("a required field with a default: ok %v, usage %v, URL %q", ok, s.Usage, s.URL)
	}
}

// TestRefSlabHeaders: the headers parseRef makes in its slab are each
// action's own, in order, none for an action without one, with no room
// past their end: documents of a few and of thousands of actions (a
// block of headers for many), with zero to three headers each (one
// without a colon, which the runtime drops).
func TestRefSlabHeaders(t *testing.T) {
	rnd := rand.New(rand.NewPCG(21, 16))
	for _, n := range []int{1, 3, 40, 3000} {
		var b strings.Builder
		want := make([][]refHeader, n)
		for i := range n {
			fmt.Fprintf(&b, "```act.a%d\nGET https://x.com/%d", i, i)
			for j := range rnd.IntN(4) {
				if rnd.IntN(5) == 0 {
					fmt.Fprintf(&b, ` -H "nocolon%d"`, j)
					continue
				}
				fmt.Fprintf(&b, ` -H "X-%d-%d: v%d"`, i, j, j)
				want[i] = append(want[i], refHeader{Key: fmt.Sprintf("X-%d-%d", i, j), Value: fmt.Sprintf("v%d", j)})
			}
			b.WriteString("\n  q: string\n```\n\n")
		}
		d := parseRef(b.String())
		if len(d.Actions) != n {
			t.Fatalf("%d actions, want %d", len(d.Actions), n)
		}
		for i, a := range d.Actions {
			if !slices.Equal(a.Headers, want[i]) || cap(a.Headers) != len(a.Headers) || (want[i] == nil) != (a.Headers == nil) {
				t.Errorf("act.a%d of %d: headers %q (cap %d), want %q", i, n, a.Headers, cap(a.Headers), want[i])
			}
		}
	}
}

// withUpstream is docs followed by every document of the upstream corpus
// and a generated 64 KB document: the inputs the dry-run gates are held
// to their full paths on.
func withUpstream(t *testing.T, docs []string) []string {
	t.Helper()
	_ = filepath.WalkDir(upstreamRoot(t), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				docs = append(docs, string(src))
			}
		}
		return nil
	})
	return append(docs, string(benchgen.Document(64<<10)))
}

// TestHasRefStart: HasRefStart(s, name) is strings.Contains(s, "{"+name),
// on strings of braces and name parts.
func TestHasRefStart(t *testing.T) {
	pieces := []string{"{", "}", "a", "ab", "b", "{a", "{{", "x", "é", "$"}
	names := []string{"", "a", "ab", "abc", "b", "{"}
	rnd := rand.New(rand.NewPCG(9, 10))
	found := 0
	for range 20000 {
		var b strings.Builder
		for range rnd.IntN(7) {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		s, name := b.String(), names[rnd.IntN(len(names))]
		want := strings.Contains(s, "{"+name)
		if got := HasRefStart(s, name); got != want {
			t.Fatalf("HasRefStart(%q, %q) = %v, want %v", s, name, got, want)
		}
		if want {
			found++
		}
	}
	if found < 2000 {
		t.Fatalf("only %d strings hold the name", found)
	}
}
