package rules

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// symFastRules are the rules with a shortcut under symFast.
var symFastRules = []string{"block-id-invalid", "block-close-mismatch", "block-close-orphan", "block-unclosed", "block-nested-compat", "env-var-unused", "template-var-undefined", "param-unused",
	"loop-ref-outside-loop", "template-var-before-assign", "assign-shadows-param", "assign-rhs-invalid",
	"assign-rhs-unsupported", "assign-lhs-invalid", "loop-var-shadows", "template-var-path", "assign-lhs-persistent",
	"response-path-malformed", "response-path-dot-index-compat", "response-ref-root-invalid",
	"for-syntax-invalid", "for-item-scalar-compat", "for-path-root", "for-nested", "for-unclosed", "for-body-non-output",
	"pipeline-order", "save-without-to", "to-without-save", "decode-without-save", "end-without-for", "save-path-prefixed", "save-path-missing", "decode-unknown", "to-path-response-ref", "to-path-missing", "response-duplicate", "response-on-cli"}

// symFragments are the parts symDocs draws from: block markers that
// open, close, mismatch and nest, with valid, portable and unreadable
// ids; env entries, duplicated and near misses of the names used; $NAME,
// ${NAME} and bare words in HTTP first lines and CLI commands; response
// templates with assignments, loops, value shortcuts and uses before
// their assignment.
var symFragments = []string{
	"<!-- #intro -->\n", "<!-- /intro -->\n", "<!-- #Quick_Start -->\n", "<!-- /Quick_Start -->\n", "<!-- /quick_start -->\n",
	"<!-- #a_b -->\n", "<!-- /a_b -->\n", "<!-- #x.y -->\n", "<!-- /x.y -->\n", "Text <!-- /a_b --> inline.\n", "<!-- #sec-1 -->\n", "<!-- /sec-1 -->\n",
	"```act.get\nGET https://api.example.com/{id}?k=$API_KEY -H \"X-Lang: $LANG\"\n  id: string (required) \"Id\"\n  opt: string \"Opt\"\n```\n",
	"```act.stray\nGET https://api.example.com/x ${TOKEN} $api_kee\n```\n",
	"```act.run\nCLI tool --key API_KEY --dir $HOME/{dir} ${LANG}\n  dir: string (required) \"Dir\"\n  extra: string \"Extra\"\n```\n",
	"```act.fwd\nCLI tool $ARGSX {one}\n  one: string (required) \"One\"\n  two: string \"Two\"\n```\n",
	"```act.post\nPOST https://api.example.com/p -d '{\"a\":\"{a}\"}'\n  a: string (required) \"A\"\n  b: string \"B\"\n```\n",
	"```act.get.response\n{name} = {Response.body.name}\n{id} = {Response.body.id}\nfor: item in Response.body.items\n- {item.title} {name}\nend:\nLast {item.title} {later} {nme}\n{later} = {Response.body.later}\n  {ind} = {Response.body.x}\n{lit} = \"x\"\n{bad} = Response.body.y\n{$ENVX} = {Response.body.z}\n{@short} = 42\n{Bad_Name} = {Response.body.q}\n$TOKEN = plain\n  $KEY = {Response.body.k}\n$X=1 {x}\n```\n",
	"```act.run.response\n{dir} = {Response.stdout}\n{two} = {Response.body.a} {Response.body.b}\n{empty} =\nShow {dir} {opt} {item}\n```\n",
	"```act.post.response\nfor: row in Response.body.rows\n{row} = {Response.body.r}\nend:\n{b} = {Response.body.b}\nSaved {a} {b} {row}\n```\n",
}

// symEnvs are frontmatters for symDocs.
var symEnvs = []string{"", "---\nenv:\n  - API_KEY: \"Key\"\n---\n\n", "---\nenv:\n  - API_KEY: \"Key\"\n  - LANG: \"Lang\"\n    default: en\n  - UNUSED: \"Never\"\n---\n\n",
	"---\nenv:\n  - API_KEE: \"Near miss\"\n  - TOKEN: \"Token\"\n  - HOME: \"Home\"\n  - API_KEY: \"Dup\"\n  - API_KEY: \"Dup\"\n---\n\n", "---\nenv:\n  - LANG: \"Lang\"\n---\n\n"}

// symDocs are random documents of symFragments.
func symDocs(n int) map[string][]byte {
	r := rand.New(rand.NewPCG(7, 21))
	docs := map[string][]byte{}
	for i := range n {
		var b strings.Builder
		b.WriteString(symEnvs[r.IntN(len(symEnvs))])
		b.WriteString("# Doc\n\n")
		for range 1 + r.IntN(12) {
			b.WriteString(symFragments[r.IntN(len(symFragments))])
			b.WriteString("\n")
		}
		docs[fmt.Sprintf("sym%03d.md", i)] = []byte(b.String())
	}
	return docs
}

// TestSymFast holds the shortcuts of symFast to the walks they shorten:
// the symFastRules' findings with and without them, on the rule
// archives, corpus/err, upstream, generated and random documents.
func TestSymFast(t *testing.T) {
	docs := droppedParamDocs(t)
	for i, d := range benchgen.Generate(40, 5) {
		docs[fmt.Sprintf("gen%d.md", i)] = d
	}
	docs["big.md"] = benchgen.Document(1 << 20)
	for k, v := range symDocs(400) {
		docs[k] = v
	}
	// an end: in a template without a for: line, to: and decode: before
	// any save: (the pipeline rules pass over the templates without one)
	docs["orphans.md"] = []byte("```act.a\nGET https://example.com/a\n```\n\n```act.a.response\n- {Response.body.title}\nend:\n```\n\n" +
		"```act.a.response\nto: out.txt\ndecode: json\nsave: Response.body\nto: ok.txt\n```\n")
	var rules []*lint.Analyzer
	for _, a := range All() {
		if slices.Contains(symFastRules, a.Name) {
			rules = append(rules, a)
		}
	}
	if len(rules) != len(symFastRules) {
		t.Fatalf("%d of the %d rules found", len(rules), len(symFastRules))
	}
	per := map[string]int{} // the findings of each rule without the shortcuts
	findings := func(name string, src []byte) []string {
		ds, err := lint.Check(sfmd.Parse(name, src), rules)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(ds))
		for i, d := range ds {
			out[i] = fmt.Sprintf("%v %s %v %s %v %v", d.Span, d.Rule, d.Severity, d.Message, d.Related, d.Fixes)
			if !symFast {
				per[d.Rule]++
			}
		}
		return out
	}
	defer func(old bool) { symFast = old }(symFast)
	for name, src := range docs {
		symFast = true
		fast := findings(name, src)
		symFast = false
		full := findings(name, src)
		if !slices.Equal(fast, full) {
			t.Errorf("%s: with the shortcuts\n%s\nwithout\n%s", name, strings.Join(fast, "\n"), strings.Join(full, "\n"))
		}
	}
	for _, n := range symFastRules {
		if per[n] == 0 {
			t.Errorf("no %s finding at all: the documents do not test it", n)
		}
	}
}

// TestEachDollarName holds eachDollarName's scan to dollarNameRe on the
// documents' text and on random strings of the bytes it reads.
func TestEachDollarName(t *testing.T) {
	texts := []string{"", "$", "${", "${}", "$$A", "${A", "${A}", "$A{B}", "x$1$_a$ab9${_}", "$é$A", "${{A}", "$\n"}
	for _, src := range droppedParamDocs(t) {
		texts = append(texts, strings.Split(string(src), "\n")...)
	}
	texts = append(texts, randomStrings(1, 20000, "$${}aZ_9 -é")...)
	re := regexp.MustCompile(dollarNameRe.String())
	for _, s := range texts {
		var want, got []string
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			want = append(want, m[1])
		}
		eachDollarName(s, func(n string) bool { got = append(got, n); return false })
		if !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", s, got, want)
		}
	}
}

// TestParamUnusedAsBefore holds param-unused, which gathers the uses of
// the parameters a finding may name only, to the map of every name its
// templates use that it read before (paramUsesMap), on the documents of
// TestSymFast.
func TestParamUnusedAsBefore(t *testing.T) {
	docs := droppedParamDocs(t)
	for i, d := range benchgen.Generate(40, 5) {
		docs[fmt.Sprintf("gen%d.md", i)] = d
	}
	docs["big.md"] = benchgen.Document(1 << 20)
	for k, v := range symDocs(400) {
		docs[k] = v
	}
	total := 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		ds, err := lint.Check(doc, []*lint.Analyzer{ParamUnused})
		if err != nil {
			t.Fatal(err)
		}
		var got, want []string
		for _, d := range ds {
			got = append(got, fmt.Sprintf("%v %s", d.Span, d.Message))
		}
		responses := buildSymbols(doc).responses()
		for _, a := range doc.Actions {
			if !a.IsCLI() && !((a.Method == sfmd.MethodPOST || a.Method == sfmd.MethodPUT || a.Method == sfmd.MethodPATCH) && a.InlineBody != nil) {
				continue
			}
			used, all := paramUsesMap(a, responses[a.ID])
			if all {
				continue
			}
			for _, p := range a.Params {
				if p.Name == "" || used[p.Name] || notAParam(p) || p.Indent == 0 {
					continue
				}
				want = append(want, fmt.Sprintf("%v parameter %q", p.NameSpan, p.Name))
			}
		}
		total += len(want)
		for i, g := range got {
			got[i], _, _ = strings.Cut(g, " is never used")
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: findings\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	if total == 0 {
		t.Fatal("no param-unused finding at all")
	}
}

// paramUsesMap is what param-unused read before: the names of every
// field the action's templates refer to, and whether it forwards all.
func paramUsesMap(a *sfmd.Action, rs []*sfmd.Response) (map[string]bool, bool) {
	used := map[string]bool{}
	all := usesAllFields(a)
	add := func(t *sfmd.Template) {
		if t == nil {
			return
		}
		for _, r := range t.Refs {
			switch {
			case r.Kind == sfmd.RefVar:
				used[r.Name] = true
			case r.Kind == sfmd.RefSpread, r.Kind == sfmd.RefPersistent && r.Name == sfmd.ArgsVar:
				all = true
			}
		}
	}
	for tp := range a.Templates() {
		add(tp)
	}
	for _, l := range a.Continuation {
		for _, m := range regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_]*)\}`).FindAllStringSubmatch(l.Text, -1) {
			used[m[1]] = true
		}
	}
	for _, r := range rs {
		for _, l := range r.Lines {
			add(l.Template)
			add(l.RHS)
		}
	}
	return used, all
}

// TestHintCursor holds hintCursor.around to hintsAround: for the
// templates of every document in order, and for random spans, mostly
// moving forward, on the documents with hints.
func TestHintCursor(t *testing.T) {
	docs := droppedParamDocs(t)
	docs["big.md"] = benchgen.Document(1 << 20)
	r := rand.New(rand.NewPCG(3, 4))
	spans := 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		if len(doc.Hints) == 0 {
			continue
		}
		check := func(c *hintCursor, sp sfmd.Span) {
			got, want := c.around(doc, sp), hintsAround(doc, sp)
			spans++
			if !slices.Equal(got, want) || len(got) > 0 && &got[0] != &want[0] {
				t.Fatalf("%s: span %d-%d: %d hints from the cursor, want %d", name, sp.Start.Offset, sp.End.Offset, len(got), len(want))
			}
		}
		var c hintCursor
		for _, resp := range doc.Responses {
			check(&c, resp.Span)
		}
		c = hintCursor{}
		at := 0
		for range 300 {
			if r.IntN(10) == 0 {
				at = r.IntN(len(src) + 1) // backwards, or far on
			}
			s := min(at+r.IntN(200), len(src))
			sp := sfmd.Span{Start: sfmd.Pos{Offset: int32(s)}, End: sfmd.Pos{Offset: int32(min(s+r.IntN(400), len(src)))}}
			check(&c, sp)
			at = s
		}
	}
	if spans < 1000 {
		t.Errorf("only %d spans compared", spans)
	}
}

// TestDollarAssignNeedsDollar holds the premise of assign-lhs-persistent's
// prefilter (a line whose text, past its blanks, does not start with '$'
// is not matched): dollarAssignRe matches only such a start, on every
// line of the documents and random strings.
func TestDollarAssignNeedsDollar(t *testing.T) {
	var texts []string
	for _, src := range droppedParamDocs(t) {
		texts = append(texts, strings.Split(string(src), "\n")...)
	}
	texts = append(texts, randomStrings(5, 20000, "$= \taZ_9{}")...)
	matched := 0
	for _, s := range texts {
		trimmed := strings.TrimLeft(s, " \t")
		if dollarAssignRe.FindString(trimmed) != "" {
			matched++
			if !strings.HasPrefix(trimmed, "$") {
				t.Errorf("%q matches without a '$' first", s)
			}
		}
	}
	if matched == 0 {
		t.Fatal("nothing matched: the texts test nothing")
	}
}

// TestAssignedFromTheFacts holds symbolTable.Assigned, read from the
// facts of the indexed lines, to a walk of every template line asking
// AssignsSessionVar, on the documents of TestSymFast.
func TestAssignedFromTheFacts(t *testing.T) {
	docs := droppedParamDocs(t)
	docs["big.md"] = benchgen.Document(1 << 20)
	for k, v := range symDocs(400) {
		docs[k] = v
	}
	names := 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		var want map[string][]sfmd.Span
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if l.AssignsSessionVar() {
					if want == nil {
						want = map[string][]sfmd.Span{}
					}
					want[l.LHS] = append(want[l.LHS], l.LHSSpan)
				}
			}
		}
		if got := buildSymbols(doc).Assigned; !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: assigned %v, want %v", name, got, want)
		}
		names += len(want)
	}
	if names < 100 {
		t.Errorf("only %d names compared", names)
	}
}
