package rules

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// symCheapDocs are the documents the tests of this file read: the rule
// archives, corpus/err, upstream, a generated 1 MB document and 400
// random ones of symFragments, parsed once for all of them (read-only; a
// test adding one adds it to a copy).
func symCheapDocs(t *testing.T) map[string]*sfmd.Document {
	t.Helper()
	if symCheapParsed == nil {
		symCheapParsed = parseSymCheapDocs(t)
	}
	return maps.Clone(symCheapParsed)
}

// symCheapParsed memoizes symCheapDocs.
var symCheapParsed map[string]*sfmd.Document

func parseSymCheapDocs(t *testing.T) map[string]*sfmd.Document {
	t.Helper()
	srcs := droppedParamDocs(t)
	srcs["big.md"] = benchgen.Document(1 << 20)
	for k, v := range symDocs(400) {
		srcs[k] = v
	}
	docs := make(map[string]*sfmd.Document, len(srcs))
	for name, src := range srcs {
		docs[name] = sfmd.Parse(name, src)
	}
	return docs
}

// randomStrings are n random strings of up to 12 bytes of alphabet.
func randomStrings(seed uint64, n int, alphabet string) []string {
	r := rand.New(rand.NewPCG(seed, 17))
	out := make([]string, n)
	for i := range out {
		b := make([]byte, r.IntN(13))
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
		}
		out[i] = string(b)
	}
	return out
}

// TestPlainLHS holds plainLHS to the strings.ContainsAny it replaces, on
// every assignment's left side of the documents and on random strings of
// the bytes it tests, other ASCII, multi-byte and invalid UTF-8.
func TestPlainLHS(t *testing.T) {
	lhs := randomStrings(3, 20000, " \t\":,a_{}$\xc3\xa9\xff\x80")
	for _, doc := range symCheapDocs(t) {
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if l.Kind == sfmd.LineAssign {
					lhs = append(lhs, l.LHS)
				}
			}
		}
	}
	plain := 0
	for _, s := range lhs {
		want := !strings.ContainsAny(s, " \t\":,")
		if got := plainLHS(s); got != want {
			t.Errorf("plainLHS(%q) = %v, want %v", s, got, want)
		}
		if want {
			plain++
		}
	}
	if plain == 0 || plain == len(lhs) {
		t.Errorf("%d of %d left sides plain: the strings do not test both answers", plain, len(lhs))
	}
}

// oldBlockIDMessage is block-id-invalid's message as it was written
// before blockIDMessage: strconv.Quote and concatenation.
func oldBlockIDMessage(id, want, portable string) string {
	hint := "; use " + hyphenChars + ", starting with a letter"
	if want != "" {
		hint = "; rename it to " + strconv.Quote(want)
	}
	return "block ID " + strconv.Quote(id) + " does not match [a-z][a-z0-9-]*" + hint + portable
}

// TestBlockIDMessage holds blockIDMessage and renameHint to the
// concatenation of strconv.Quote they replace, on every marker ID of the
// documents and random IDs (with quotes, backslashes, control bytes,
// non-ASCII), and the message of a plain ID and renameHint to one
// allocation.
func TestBlockIDMessage(t *testing.T) {
	ids := randomStrings(5, 20000, "aZ_-9.\"\\\t\x7f\xc3\xa9\xff")
	for _, doc := range symCheapDocs(t) {
		for _, m := range doc.Markers {
			ids = append(ids, m.ID)
		}
	}
	for _, id := range ids {
		want := sanitizeID(id, '-', false)
		for _, portable := range []string{"", " (the reference runtime accepts it, other runtimes may not)"} {
			if got, old := blockIDMessage(id, []byte(want), portable), oldBlockIDMessage(id, want, portable); got != old {
				t.Errorf("blockIDMessage(%q): %s, want %s", id, got, old)
			}
		}
		for _, allowed := range []string{hyphenChars, sessionChars} {
			old := "; use " + allowed + ", starting with a letter"
			if id != "" {
				old = "; rename it to " + strconv.Quote(id)
			}
			if got := renameHint(id, allowed); got != old {
				t.Errorf("renameHint(%q): %s, want %s", id, got, old)
			}
		}
	}
	for _, id := range []string{"Quick_Start", "x.y", "2id"} {
		if n := testing.AllocsPerRun(100, func() {
			var want [64]byte
			blockIDMessage(id, appendHyphenID(want[:0], id), " (portable)")
		}); n != 1 {
			t.Errorf("blockIDMessage(%q) allocates %v times, want 1", id, n)
		}
	}
	for _, id := range []string{"", "quick-start"} {
		if n := testing.AllocsPerRun(100, func() { renameHint(id, sessionChars) }); n != 1 {
			t.Errorf("renameHint(%q) allocates %v times, want 1", id, n)
		}
	}
}

// TestBracedDollarNeedsOpen: persistent-var-name-invalid runs
// bracedDollarRe only on lines containing "${"; every match of it holds
// "${" (the lines of the documents and random strings).
func TestBracedDollarNeedsOpen(t *testing.T) {
	texts := randomStrings(9, 20000, "${}_aZ9 ")
	for _, doc := range symCheapDocs(t) {
		texts = append(texts, strings.Split(string(doc.Src), "\n")...)
	}
	re := regexp.MustCompile(bracedDollarRe.String())
	matched := 0
	for _, s := range texts {
		if re.MatchString(s) {
			matched++
			if !strings.Contains(s, "${") {
				t.Errorf("%q matches without \"${\"", s)
			}
		}
	}
	if matched == 0 {
		t.Error("no line matches: the texts do not test it")
	}
}

// TestAssignedSpansParts: each name's spans in the symbol table's
// Assigned (held to a walk of every line by TestAssignedFromTheFacts) are
// a list of capacity its length, so that an append to one never writes
// over another's; and assignedSpans allocates a bounded number of times,
// not a list per name grown by append (1,012 allocations on the
// generated 1 MB document before, 47 after).
func TestAssignedSpansParts(t *testing.T) {
	for name, doc := range symCheapDocs(t) {
		for n, sp := range buildSymbols(doc).Assigned {
			if len(sp) == 0 || cap(sp) != len(sp) {
				t.Errorf("%s: {%s}: %d spans, capacity %d", name, n, len(sp), cap(sp))
			}
		}
	}
	doc := sfmd.Parse("big.md", benchgen.Document(1<<20))
	lines, _ := indexLines(doc.Responses)
	if n := testing.AllocsPerRun(5, func() { assignedSpans(doc.Responses, lines) }); n > 100 {
		t.Errorf("assignedSpans allocates %v times on the generated 1 MB document", n)
	}
}

// BenchmarkAssignedSpans is assignedSpans on the generated 10 MB
// document (go test ./rules/ -run '^$' -bench AssignedSpans).
func BenchmarkAssignedSpans(b *testing.B) {
	doc := sfmd.Parse("big.md", benchgen.Document(10<<20))
	lines, _ := indexLines(doc.Responses)
	b.ReportAllocs()
	for b.Loop() {
		assignedSpans(doc.Responses, lines)
	}
}

// TestUseKinds holds each use's kind, read from the list, to its
// reference's, and the bytes around it the list keeps to the source's.
func TestUseKinds(t *testing.T) {
	n, dollar, braced := 0, 0, 0
	for name, doc := range symCheapDocs(t) {
		uses := buildSymbols(doc).Uses
		for i := range uses {
			u := &uses[i]
			if u.Kind() != u.Ref.Kind {
				t.Fatalf("%s: %s: kind %v, the reference's %v", name, u.Ref.Raw, u.Kind(), u.Ref.Kind)
			}
			if u.followsDollar() != followsDollar(doc, u.Ref.Span) {
				t.Fatalf("%s: %s at %v: followsDollar %v", name, u.Ref.Raw, u.Ref.Span, u.followsDollar())
			}
			s, e := u.Ref.Span.Start.Off(), u.Ref.Span.End.Off()
			if b := s >= 1 && e < len(doc.Src) && doc.Src[s-1] == '{' && doc.Src[e] == '}'; b != (u.prev == '{' && u.next == '}') {
				t.Fatalf("%s: %s at %v: bytes around %q %q", name, u.Ref.Raw, u.Ref.Span, u.prev, u.next)
			} else if b {
				braced++
			}
			if u.followsDollar() {
				dollar++
			}
			n++
		}
	}
	if n < 1000 || dollar == 0 || braced == 0 {
		t.Errorf("only %d uses compared, %d after a '$' or '%%', %d in braces", n, dollar, braced)
	}
}

// TestEachTemplateRef holds eachTemplateRef's walk of the uses to the
// walk of every line's references it replaces (symFast off), on the
// documents, for each kind of reference but $NAME: the same template, owner, line
// and reference, in the same order.
func TestEachTemplateRef(t *testing.T) {
	type call struct {
		r   *sfmd.Response
		a   *sfmd.Action
		l   *sfmd.TemplateLine
		ref *sfmd.VarRef
	}
	defer func(old bool) { symFast = old }(symFast)
	n := map[sfmd.RefKind]int{}
	for name, doc := range symCheapDocs(t) {
		syms := buildSymbols(doc)
		for kind := sfmd.RefVar; kind <= sfmd.RefInvalid; kind++ {
			if kind == sfmd.RefPersistent {
				continue // the uses hold a line's $NAME as read again (Rescan): not asked
			}
			var walks [2][]call
			for j, fast := range []bool{true, false} {
				symFast = fast
				syms.eachTemplateRef(doc, func(k sfmd.RefKind) bool { return k == kind }, func(r *sfmd.Response, a *sfmd.Action, l *sfmd.TemplateLine, ref *sfmd.VarRef) {
					walks[j] = append(walks[j], call{r, a, l, ref})
				})
			}
			if !slices.Equal(walks[0], walks[1]) {
				t.Fatalf("%s: %v: %d references from the uses, %d from the lines", name, kind, len(walks[0]), len(walks[1]))
			}
			n[kind] += len(walks[1])
		}
	}
	if n[sfmd.RefVar] < 1000 || n[sfmd.RefResponse] < 1000 {
		t.Errorf("references compared: %v", n)
	}
}

// TestHasLines holds the symbol table's kinds of line of each template to
// a walk of its lines, on the documents, for every kind.
func TestHasLines(t *testing.T) {
	docs := symCheapDocs(t)
	// templates without a line: no kind at all (kinds is nil)
	docs["empty.md"] = sfmd.Parse("empty.md", []byte("```act.a\nGET https://example.com/\n```\n\n```act.a.response\n```\n"))
	n := 0
	for name, doc := range docs {
		syms := buildSymbols(doc)
		for k, r := range doc.Responses {
			for kind := sfmd.LineOutput; kind <= sfmd.LineBlank; kind++ {
				want := slices.ContainsFunc(r.Lines, func(l *sfmd.TemplateLine) bool { return l.Kind == kind })
				if got := syms.hasLines(k, kind); got != want {
					t.Fatalf("%s: response %d: hasLines(%v) = %v, want %v", name, k, kind, got, want)
				}
				if want {
					n++
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d kinds found", n)
	}
}

// TestParamUnusedMessage holds paramUnusedMessage to the fmt.Sprintf it
// replaces, on every parameter name and action ID of the documents and
// random strings (quotes, backslashes, control bytes, non-ASCII), and a
// plain one to one allocation.
func TestParamUnusedMessage(t *testing.T) {
	const format = "parameter %q is never used: %s of %q does not contain {%s}, so its value is dropped; add {%s} where it belongs or remove the parameter"
	names := randomStrings(11, 5000, "aZ_-9.\"\\\t\x7f\xc3\xa9\xff")
	for _, doc := range symCheapDocs(t) {
		for _, a := range doc.Actions {
			names = append(names, a.ID)
			for _, p := range a.Params {
				names = append(names, p.Name)
			}
		}
	}
	for i, name := range names {
		id := names[(i*7+3)%len(names)]
		for _, where := range []string{"the command", "the URL or the body template"} {
			if got, want := paramUnusedMessage(name, where, id), fmt.Sprintf(format, name, where, id, name, name); got != want {
				t.Errorf("paramUnusedMessage(%q, %q, %q) = %s, want %s", name, where, id, got, want)
			}
		}
	}
	if n := testing.AllocsPerRun(100, func() { paramUnusedMessage("city", "the command", "weather_1") }); n != 1 {
		t.Errorf("paramUnusedMessage allocates %v times, want 1", n)
	}
}

// TestEachAssignLHS holds eachAssignLHS's list (the facts, forms and
// left sides indexLines keeps) to a walk of every assignment line that
// reads them again, for the wants of its rules and one accepting all.
func TestEachAssignLHS(t *testing.T) {
	type call struct {
		k, i int
		lhs  string
	}
	wants := []func(assignFacts, rhsForm) bool{
		func(assignFacts, rhsForm) bool { return true },
		func(f assignFacts, _ rhsForm) bool { return f&factSession != 0 },
		func(f assignFacts, _ rhsForm) bool { return f&(factSession|factLoop) == factSession },
		func(f assignFacts, form rhsForm) bool { return f&factStrict == 0 && form == rhsLiteral },
	}
	defer func(old bool) { symFast = old }(symFast)
	n := 0
	for name, doc := range symCheapDocs(t) {
		syms := buildSymbols(doc)
		for w, want := range wants {
			var walks [2][]call
			for j, fast := range []bool{true, false} {
				symFast = fast
				syms.eachAssignLHS(doc, want, func(k, i int, lhs string) { walks[j] = append(walks[j], call{k, i, lhs}) })
			}
			if !slices.Equal(walks[0], walks[1]) {
				t.Fatalf("%s: want %d: %d lines from the list, %d from the templates", name, w, len(walks[0]), len(walks[1]))
			}
			n += len(walks[1])
		}
	}
	if n < 1000 {
		t.Errorf("only %d lines compared", n)
	}
}

// TestLoopVars holds symbolTable.loopVars (the list's for: lines, none
// searched for in a template without one) to templateLoopVars, on every
// template of the documents.
func TestLoopVars(t *testing.T) {
	n := 0
	var buf []string
	for name, doc := range symCheapDocs(t) {
		syms := buildSymbols(doc)
		for k, r := range doc.Responses {
			want := templateLoopVars(r)
			if buf = syms.loopVars(doc, k, buf); !slices.Equal(buf, want) {
				t.Fatalf("%s: response %d: loop variables %q, want %q", name, k, buf, want)
			}
			n += len(want)
		}
	}
	if n < 100 {
		t.Errorf("only %d loop variables compared", n)
	}
}
